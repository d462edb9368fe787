// The expander (`WireWording`) words every message exactly as scripts/wire-messages.txt spells
// it: each message line is expanded with a few arguments and compared with the plain text, its
// placeholders filled in here by their documented meaning. Together with
// Tests/python/test_wire_wording.py (the table is what the text generates) this keeps the
// plain text, the generated table and the walker in step.

import Foundation
import TagCloudCore
import Testing

@testable import TagCloudWire

/// The messages of scripts/wire-messages.txt in table order: [json], [request], [detail].
private func plainMessages() throws -> (json: [String], request: [String], detail: [String]) {
  let path = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("scripts/wire-messages.txt").path
  let text = try String(contentsOfFile: path, encoding: .utf8)
  var sections: [String: [String]] = [:]
  var current = ""
  for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
    if line.allSatisfy({ $0 == " " }) || line.hasPrefix("#") { continue }
    if line.hasPrefix("[") && line.hasSuffix("]") {
      current = String(line.dropFirst().dropLast())
      continue
    }
    sections[current, default: []].append(String(line))
  }
  return (sections["json"] ?? [], sections["request"] ?? [], sections["detail"] ?? [])
}

/// Upper-case hex, `digits` wide.
private func hex(_ value: Int, _ digits: Int) -> String {
  let text = String(value, radix: 16, uppercase: true)
  return String(repeating: "0", count: max(0, digits - text.count)) + text
}

/// `message` with its placeholders filled as wire-messages.txt documents them.
private func filled(_ message: String, argument: Int, quoted: String) -> String {
  let low = argument & 0xFF
  let printable = low >= 0x21 && low <= 0x7E
  let character = String(UnicodeScalar(UInt8(low)))
  return
    message
    .replacingOccurrences(
      of: "{byte}", with: printable ? "character '\(character)'" : "byte 0x\(hex(low, 2))"
    )
    .replacingOccurrences(of: "{number}", with: String(argument))
    .replacingOccurrences(of: "{hex2}", with: hex(low, 2))
    .replacingOccurrences(of: "{hex4}", with: hex(argument & 0xFFFF, 4))
    .replacingOccurrences(of: "{escape}", with: printable ? character : "(0x\(hex(low, 2)))")
    .replacingOccurrences(of: "{quoted}", with: quoted)
}

@Suite struct WireWordingTests {
  /// A printable byte, control and space bytes, a limit, a code unit.
  static let arguments = [0x41, 0x07, 0x20, 0x7F, 1_000_000, 0xD83D]

  @Test func everyMessageIsWordedAsWireMessagesSpellsIt() throws {
    let (json, request, detail) = try plainMessages()
    let messages = json + request + detail
    #expect(json.count == 32 && request.count == 43 && detail.count == 2)
    // Node 1 is the key `tag`: what {quoted} shows.
    let document = try JSONDocument.parse(Array(#"{"tag": 1}"#.utf8))
    for (line, message) in messages.enumerated() {
      for argument in Self.arguments {
        let error = WireWording.error(line, 0, argument, 1, document, at: 5)
        let expected = filled(message, argument: argument, quoted: #""tag""#)
        #expect(error.message == expected, "line \(line), argument \(argument)")
        #expect(error.offset == 5)
      }
    }
  }

  /// The enums' raw values are the lines: one case per message, the details last.
  @Test func theEnumsHaveOneCasePerMessage() throws {
    let (json, request, detail) = try plainMessages()
    #expect(JSONFault.Code(rawValue: UInt8(json.count - 1)) != nil)
    #expect(JSONFault.Code(rawValue: UInt8(json.count)) == nil)
    #expect(WireWording.requestLines == json.count)
    let problems = request.count + detail.count
    #expect(RequestFault.Problem(rawValue: UInt8(problems - 1)) == .tooLarge)
    #expect(RequestFault.Problem(rawValue: UInt8(problems)) == nil)
    #expect(RequestFault.Problem(rawValue: UInt8(request.count)) == .negative)
  }

  /// `detail` appends a length detail line to the message (what `RequestFault` uses).
  @Test func detailsFollowTheMessage() throws {
    let (json, request, detail) = try plainMessages()
    let document = try JSONDocument.parse(Array(#"{"tag": 1}"#.utf8))
    let line = json.count + Int(RequestFault.Problem.tooManyTags.rawValue)
    for (index, text) in detail.enumerated() {
      let error = WireWording.error(line, index + 1, 3, 1, document, at: 0)
      #expect(error.message == request[Int(RequestFault.Problem.tooManyTags.rawValue)] + text)
    }
  }
}
