import TagCloudWire
import Testing

@testable import TagCloudCLI

/// `tagcloud layout --lines`, pure: each line of input answered by one line of output, the
/// response `LayoutService` gives for it alone, or `{"error":…}` with the reason it gives.
@Suite struct LayoutLinesTests {
  static let requests = [
    #"{"width": 390, "spacing": 18, "tags": [{"id": "SwiftUI", "size": [96, 40]}]}"#,
    #"{"width": 390, "spacing": -1, "tags": []}"#,
    #"{"width": 200, "spacing": 8, "tags": [{"id": "a\nb", "size": [50, 40]}, {"id": "c", "size": [60, 40]}]}"#,
    #"{"width": 390,"#,
    "",
  ]

  /// What `tagcloud layout` answers for one request alone, as a line.
  static func alone(_ request: String) -> (line: String, refusal: String?) {
    switch LayoutService.respond(to: Array(request.utf8)) {
    case .success(let response):
      return (String(decoding: response, as: UTF8.self), nil)
    case .failure(let error):
      // The reason as a JSON string, written as the project writes every string (JSONWriter).
      var writer = JSONWriter()
      writer.string(error.descriptionBytes)
      return (
        #"{"error":"# + String(decoding: writer.bytes, as: UTF8.self) + "}", error.description
      )
    }
  }

  @Test func eachLineIsAnsweredAsItsRequestAloneInOrder() {
    var lines = LayoutLines()
    let input = Self.requests.joined(separator: "\n") + "\n"
    let output = String(decoding: lines.feed(Array(input.utf8)) + lines.finish(), as: UTF8.self)
    let expected = Self.requests.map { Self.alone($0).line }
    #expect(output == expected.joined(separator: "\n") + "\n")
    let refused = Self.requests.enumerated().compactMap { index, request in
      Self.alone(request).refusal.map { LayoutLines.Refusal(line: index + 1, reason: $0) }
    }
    #expect(lines.refusals == refused)
    #expect(refused.map(\.line) == [2, 4, 5])
  }

  @Test(arguments: [1, 2, 7, 64])
  func chunksSplitAnywhereGiveTheSameLines(chunk: Int) {
    let input = Array((Self.requests.joined(separator: "\n") + "\n").utf8)
    var whole = LayoutLines()
    let expected = whole.feed(input) + whole.finish()
    var pieces = LayoutLines()
    var output: [UInt8] = []
    var start = 0
    while start < input.count {
      output += pieces.feed(input[start..<min(start + chunk, input.count)])
      start += chunk
    }
    output += pieces.finish()
    #expect(output == expected)
    #expect(pieces.refusals == whole.refusals)
  }

  @Test func aLastLineWithoutItsNewlineIsAnsweredAtTheEnd() {
    var lines = LayoutLines()
    let request = Self.requests[0]
    #expect(lines.feed(Array(request.utf8)).isEmpty)
    #expect(String(decoding: lines.finish(), as: UTF8.self) == Self.alone(request).line + "\n")
    var empty = LayoutLines()
    #expect(empty.finish().isEmpty)
    #expect(empty.refusals.isEmpty)
  }
}
