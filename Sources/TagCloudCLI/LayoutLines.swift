import TagCloudWire

/// `tagcloud layout --lines`: JSON Lines in, JSON Lines out. Each line of input is one request;
/// each gets one line of output, in order: its response, or `{"error":"REASON"}` when it is
/// refused (REASON is what `tagcloud layout` writes to stderr for the same request). Bytes come
/// in any chunks (``feed(_:)``); a line is answered once its newline has come, a last line
/// without one at ``finish()``. Pure: the command reads stdin and writes stdout.
///
///     var lines = LayoutLines()
///     let out = lines.feed(Array(#"{"width":390,"tags":[]}"#.utf8) + [0x0A])  // one line
///     let rest = lines.finish()            // nothing: the input ended with its newline
///     lines.refusals                       // the refused lines, numbered from 1
///
/// A request is one line: compact JSON has no newline inside (a string escapes it), so a
/// pretty-printed request goes to `tagcloud layout` alone.
///
/// - Complexity: O(bytes + n log n) per request (`LayoutService`); a line is kept until its
///   newline comes.
public struct LayoutLines {
  /// A refused request: its line (from 1) and why.
  public struct Refusal: Equatable, Sendable {
    public var line: Int
    public var reason: String
  }

  /// Every refused request so far, in order.
  public private(set) var refusals: [Refusal] = []
  private var line: [UInt8] = []
  private var lineNumber = 0

  public init() {}

  /// The answers to the lines that `bytes` completes, one output line each.
  public mutating func feed(_ bytes: some Collection<UInt8>) -> [UInt8] {
    var output: [UInt8] = []
    for byte in bytes {
      if byte == UInt8(ascii: "\n") {
        output += answer()
      } else {
        line.append(byte)
      }
    }
    return output
  }

  /// The answer to a last line that had no newline, if there is one.
  public mutating func finish() -> [UInt8] {
    line.isEmpty ? [] : answer()
  }

  private mutating func answer() -> [UInt8] {
    lineNumber += 1
    defer { line.removeAll(keepingCapacity: true) }
    switch LayoutService.respond(to: line) {
    case .success(let response):
      return response + [UInt8(ascii: "\n")]
    case .failure(let error):
      refusals.append(Refusal(line: lineNumber, reason: error.description))
      var writer = JSONWriter(capacity: 64)
      writer.beginObject()
      writer.key("error")
      writer.string(error.descriptionBytes)
      writer.endObject()
      return writer.bytes + [UInt8(ascii: "\n")]
    }
  }
}
