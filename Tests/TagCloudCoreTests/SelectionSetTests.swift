import TagCloudCore
import TagCloudTestSupport
import Testing

@Suite struct SelectionSetTests {
  @Test func toggleInsertRemoveAndList() {
    var selection = SelectionSet(capacity: 130)
    #expect(selection.isEmpty)
    let firstInsert = selection.insert(0)
    let secondInsert = selection.insert(0)
    #expect(firstInsert && !secondInsert)
    let toggledOn = selection.toggle(129)
    let toggledMiddle = selection.toggle(64)
    let toggledBack = selection.toggle(64)
    #expect(toggledOn && toggledMiddle && !toggledBack)
    #expect(selection.indices == [0, 129])
    #expect(selection.count == 2)
    let firstRemove = selection.remove(0)
    let secondRemove = selection.remove(0)
    #expect(firstRemove && !secondRemove)
    #expect(selection.indices == [129])
    #expect(selection.contains(129) && !selection.contains(128))
  }

  @Test func matchesAPlainArrayOfFlags() {
    var generator = SeededGenerator(seed: 5)
    var selection = SelectionSet(capacity: 200)
    var flags = [Bool](repeating: false, count: 200)
    for _ in 0..<5000 {
      let index = Int.random(in: 0..<200, using: &generator)
      switch Int.random(in: 0..<3, using: &generator) {
      case 0:
        selection.insert(index)
        flags[index] = true
      case 1:
        selection.remove(index)
        flags[index] = false
      default:
        selection.toggle(index)
        flags[index].toggle()
      }
    }
    #expect(selection.indices == flags.indices.filter { flags[$0] })
    #expect(selection.count == flags.filter { $0 }.count)
  }

  @Test func theDemoStartsWithSwiftUISelected() {
    #expect(DemoTags.initialSelection.map { "\($0)" } == ["SwiftUI"])
    #expect(DemoTags.all.map { "\($0.title)" } == DemoFixture.titles)
  }

  @Test func tagIndexFindsIdsAndDuplicates() {
    let ids = ["Glass", "SwiftUI", "Metal", "Glass", "Metal", "Glass"].map { Array($0.utf8) }
    let index = TagIndex(ids: ids)
    #expect(index.index(of: Array("SwiftUI".utf8)) == 1)
    #expect(index.index(of: Array("Swift".utf8)) == nil)
    #expect(index.firstDuplicate() == 3)
    #expect(TagIndex(ids: ids.prefix(3).map { $0 }).firstDuplicate() == nil)
  }
}
