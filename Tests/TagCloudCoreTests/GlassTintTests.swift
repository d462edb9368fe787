import TagCloudCore
import Testing

@Suite struct GlassTintTests {
  @Test func aSelectedCapsuleShowsMoreOfItsTintInEveryLook() {
    for look in [GlassTint.regular, .clear, .solid] {
      #expect(look.amount(selected: false) == look.unselected)
      #expect(look.amount(selected: true) == look.selected)
      #expect(0 <= look.unselected && look.unselected < look.selected && look.selected <= 1)
    }
  }

  @Test func clearGlassShowsLessTintAndSolidFillsMore() {
    #expect(GlassTint.clear.unselected < GlassTint.regular.unselected)
    #expect(GlassTint.clear.selected < GlassTint.regular.selected)
    #expect(GlassTint.solid.unselected > GlassTint.regular.unselected)
    #expect(GlassTint.solid.selected == 1)
  }
}
