/// How much of its tint a capsule shows, unselected and selected, in each look of its glass; and
/// the solid base that the tints are mixed over when the glass is off.
///
/// A selected capsule shows more of its tint than an unselected one. Clear glass shows less of
/// it than regular glass. With Reduce Transparency or Increase Contrast there is no glass: the
/// tint is mixed over ``solidBase``, more of it than on glass, so that the capsule is opaque and
/// its label keeps its contrast.
///
///     GlassTint.regular.amount(selected: true)  // 0.85
///     GlassTint.solidBase                       // (28, 28, 30): #1C1C1E
public struct GlassTint: Equatable, Sendable {
  /// The tint's share of an unselected capsule's colour, 0…1.
  public var unselected: Double
  /// The tint's share of a selected capsule's colour, 0…1.
  public var selected: Double

  public init(unselected: Double, selected: Double) {
    assert(0 <= unselected && unselected <= selected && selected <= 1)
    self.unselected = unselected
    self.selected = selected
  }

  /// The tint's share of a capsule's colour.
  @inlinable public func amount(selected isSelected: Bool) -> Double {
    isSelected ? selected : unselected
  }

  /// Regular glass, the default.
  public static let regular = GlassTint(unselected: 0.3, selected: 0.85)
  /// Clear glass: more of what lies behind shows through.
  public static let clear = GlassTint(unselected: 0.15, selected: 0.55)
  /// No glass (Reduce Transparency, Increase Contrast): the tint over ``solidBase``.
  public static let solid = GlassTint(unselected: 0.55, selected: 1)
  /// The opaque colour under a solid capsule's tint, sRGB 0…255: the system's dark fill.
  public static let solidBase = (red: 0x1C, green: 0x1C, blue: 0x1E)
}
