import TagCloudCore
import TagCloudWire

/// The `--tags FILE` format: a JSON array of `{"title": "...", "tint": "#rrggbb"}`, optionally
/// with `"selected": true` for the tags a new session starts with. A tag's id is its title.
/// A tint is a hex colour in any of CSS's four forms, `#rgb`, `#rgba`, `#rrggbb` or `#rrggbbaa`
/// (either case): the forms every part of `<glass-tag-cloud>` draws, its CSS and its melted
/// glass alike (`parseColor` in web/src/view/tag-nodes.js); it is served as written.
///
///     let configuration = try TagFile.decode(Array(#"[{"title": "Rust", "tint": "#FF9F0A"}]"#.utf8))
///     configuration.tags.first?.title  // Array("Rust".utf8)
///
/// - Complexity: O(n + t²) for n bytes and t tags (duplicate titles found by a linear scan).
public enum TagFile {
  /// The most tags a file may hold: a measure message for them must fit in 64 KiB.
  public static let maximumTags = 500
  /// The longest title, in UTF-8 bytes.
  public static let maximumTitleBytes = 100

  public static func decode(_ bytes: [UInt8]) throws(WireError) -> LiveConfiguration {
    let root = try JSONReader.parse(bytes)
    guard case .array(let items) = root.value else {
      throw WireError("a tags file must be a JSON array of {\"title\", \"tint\"}", at: root.offset)
    }
    guard !items.isEmpty else {
      throw WireError("a tags file needs at least one tag", at: root.offset)
    }
    guard items.count <= maximumTags else {
      throw WireError(
        "a tags file holds at most \(maximumTags) tags", at: items[maximumTags].offset)
    }
    var tags: [LiveTag] = []
    var selection: [Int] = []
    for item in items {
      var object = try JSONObjectReader(item, what: "a tag")
      let titleElement = try object.required("title")
      let title = try JSONObjectReader.string(titleElement, "title")
      guard !title.isEmpty, title.count <= maximumTitleBytes else {
        throw WireError(
          "\"title\" must be 1 to \(maximumTitleBytes) bytes of text", at: titleElement.offset)
      }
      guard !tags.contains(where: { $0.title == title }) else {
        throw WireError(
          "duplicate title \"\(title.text)\" (titles are the tags' ids)", at: titleElement.offset)
      }
      let tintElement = try object.required("tint")
      let tint = try JSONObjectReader.string(tintElement, "tint")
      try checkHexColor(tint, at: tintElement.offset, in: bytes)
      if let flag = object.optional("selected"), try JSONObjectReader.bool(flag, "selected") {
        selection.append(tags.count)
      }
      try object.finish()
      tags.append(LiveTag(title: title, tint: tint))
    }
    return LiveConfiguration(tags: tags, initialSelection: selection)
  }

  /// What a tint may be, as a refusal says it.
  static let tintForms = "#rgb, #rgba, #rrggbb or #rrggbbaa"

  /// Refuses a tint that is not a hex colour, naming the field and the first byte at fault
  /// (`offset` is the string's opening quote in `file`; a string written with escapes is
  /// pointed at as a whole, since its bytes are not where the file has them).
  static func checkHexColor(_ tint: [UInt8], at offset: Int, in file: [UInt8]) throws(WireError) {
    let start = offset + 1
    let verbatim =
      start + tint.count < file.count && file[start + tint.count] == UInt8(ascii: "\"")
      && file[start..<(start + tint.count)].elementsEqual(tint)
    func byte(_ index: Int) -> Int { verbatim ? start + index : offset }
    guard tint.first == UInt8(ascii: "#") else {
      throw WireError(
        "\"tint\" must be a hex colour (\(tintForms)), got \"\(tint.text)\"", at: byte(0))
    }
    if let bad = tint.indices.dropFirst().first(where: { !isHexDigit(tint[$0]) }) {
      throw WireError(
        "\"tint\" \"\(tint.text)\": \(quotedByte(tint[bad])) is not a hex digit (a colour is \(tintForms))",
        at: byte(bad))
    }
    let digits = tint.count - 1
    guard [3, 4, 6, 8].contains(digits) else {
      throw WireError(
        "\"tint\" \"\(tint.text)\" has \(digits) hex digits; a colour has 3, 4, 6 or 8 (\(tintForms))",
        at: byte(digits > 8 ? 9 : tint.count))
    }
  }

  private static func isHexDigit(_ byte: UInt8) -> Bool {
    (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x46)
      || (byte >= 0x61 && byte <= 0x66)
  }

  /// `'g'`, or the byte's value for a character that would not print (`byte 0x0A`).
  private static func quotedByte(_ byte: UInt8) -> String {
    guard byte >= 0x20, byte < 0x7F else {
      let hex = String(byte, radix: 16, uppercase: true)
      return "byte 0x\(hex.count == 1 ? "0" : "")\(hex)"
    }
    return "'\(Character(Unicode.Scalar(byte)))'"
  }
}
