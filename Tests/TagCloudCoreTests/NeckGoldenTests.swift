import Foundation
import TagCloudCore
import TagCloudTestSupport
import Testing

/// The native necks of seeded clouds, committed as `Tests/node/fixtures/necks-native.json`,
/// which `Tests/node/necks.test.mjs` requires the Wasm module to reproduce bit for bit: native
/// = Wasm. A change to the melt rule changes the file: write it again with
/// `TAGCLOUD_WRITE_GOLDEN=1 swift test --filter NeckGoldenTests` and commit it with the module.
@Suite struct NeckGoldenTests {
  static let fixture = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("node/fixtures/necks-native.json")

  /// Shortest round-trip decimal (Swift's `description`; JSON and JavaScript read it back to the
  /// same double); an unbounded width as `null`.
  static func number(_ value: Double) -> String { value.isFinite ? "\(value)" : "null" }

  static func list(_ values: [Double]) -> String {
    "[" + values.map(number).joined(separator: ",") + "]"
  }

  /// One line per cloud: its input and the native outputs.
  static func golden() -> String {
    var generator = SeededGenerator(seed: 0x6e65_636b)
    var lines: [String] = []
    for _ in 0..<120 {
      var cloud = NeckTests.randomCloud(&generator)
      // Small clouds keep the file small; the brute-force tests cover the large ones.
      cloud.sizes = Array(cloud.sizes.prefix(2 * 24))
      let laid = PackedRun.layout(
        cloud.sizes, width: cloud.width, spacing: cloud.spacing,
        mergeDistance: cloud.mergeDistance, direction: cloud.direction)
      let count = laid.neckCount
      let pairs = laid.pairs.prefix(2 * count).map { String($0) }.joined(separator: ",")
      lines.append(
        "{\"sizes\":\(list(cloud.sizes)),\"width\":\(number(cloud.width)),"
          + "\"spacing\":\(number(cloud.spacing)),\"mergeDistance\":\(number(cloud.mergeDistance)),"
          + "\"direction\":\"\(cloud.direction == .rightToLeft ? "rtl" : "ltr")\","
          + "\"origins\":\(list(laid.origins)),\"necks\":[\(pairs)],"
          + "\"neckGaps\":\(list(Array(laid.gaps.prefix(count)))),"
          + "\"neckAxes\":\(list(Array(laid.axes.prefix(4 * count)))),"
          + "\"neckSpans\":\(list(Array(laid.spans.prefix(count))))}")
    }
    return "[\n" + lines.joined(separator: ",\n") + "\n]\n"
  }

  @Test func theCommittedNativeNecksAreCurrent() throws {
    let text = Self.golden()
    if ProcessInfo.processInfo.environment["TAGCLOUD_WRITE_GOLDEN"] == "1" {
      try FileManager.default.createDirectory(
        at: Self.fixture.deletingLastPathComponent(), withIntermediateDirectories: true)
      try text.write(to: Self.fixture, atomically: true, encoding: .utf8)
    }
    let committed = try String(contentsOf: Self.fixture, encoding: .utf8)
    #expect(
      committed == text,
      "Tests/node/fixtures/necks-native.json is stale: TAGCLOUD_WRITE_GOLDEN=1 swift test --filter NeckGoldenTests"
    )
    // The fixture must exercise the rule: clouds with necks, side by side, in both directions.
    #expect(text.components(separatedBy: "\"necks\":[]").count < 80)
  }
}
