import TagCloudTestSupport
import Testing

@testable import TagCloudLive

@Suite struct SlotTableTests {
  /// Property: seeded random insertions, removals, replacements and lookups (of live ids,
  /// removed ones and ones whose slot holds another value since) agree with a dictionary
  /// keyed by the ids, at every step; so do the count and the ids listed.
  ///
  /// Mutation check: a lookup that compared slots only, not numbers, fails at the first
  /// lookup of a removed id whose slot was given again.
  @Test(arguments: [1, 2, 3, 4] as [UInt64])
  func agreesWithADictionary(seed: UInt64) {
    var random = SeededGenerator(seed: seed)
    var table = SlotTable<SessionKey, Int>()
    var reference: [SessionKey: Int] = [:]
    var everGiven: [SessionKey] = []
    for step in 0..<4_000 {
      switch random.next() % 10 {
      case 0..<4:
        let key = table.insert(step)
        #expect(reference[key] == nil, "a new id is new")
        reference[key] = step
        everGiven.append(key)
      case 4..<7:
        guard let key = everGiven.randomElement(using: &random) else { continue }
        #expect(table.remove(key) == reference.removeValue(forKey: key), "step \(step)")
      case 7:
        guard let key = everGiven.randomElement(using: &random) else { continue }
        if reference[key] != nil {
          table[key] = -step
          reference[key] = -step
        }
      default:
        guard let key = everGiven.randomElement(using: &random) else { continue }
        #expect(table[key] == reference[key], "step \(step)")
        #expect(table.index(forKey: key).map { table[index: $0] } == reference[key])
        if let index = table.index(forKey: key) { #expect(table.key(at: index) == key) }
      }
      #expect(table.count == reference.count)
    }
    let listed = Dictionary(uniqueKeysWithValues: table.keys.map { ($0, table[$0]!) })
    #expect(listed == reference)
    #expect(
      Set(table.keys(where: { $0 % 2 == 0 }))
        == Set(reference.keys.filter { reference[$0]! % 2 == 0 }))
    #expect(everGiven.count > 1_000 && reference.count < everGiven.count)
  }

  /// A freed slot goes to the next insertion, under a new number: the old id finds nothing,
  /// and setting nil removes.
  @Test func aFreedSlotIsGivenAgainUnderANewNumber() {
    var table = SlotTable<SessionKey, String>()
    let a = table.insert("a")
    let b = table.insert("b")
    table.remove(a)
    let c = table.insert("c")
    #expect(c.slot == a.slot && c.number != a.number)
    #expect(table[a] == nil && table[c] == "c" && table.index(forKey: a) == nil)
    table[b] = nil
    #expect(table[b] == nil && table.count == 1)
    #expect(table.remove(b) == nil)
  }
}
