import TagCloudCore
import TagCloudWire

/// The `--tags FILE` format: a JSON array of `{"title": "...", "tint": "#rrggbb"}`, optionally
/// with `"selected": true` for the tags a new session starts with. A tag's id is its title.
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
      guard isHexColor(tint) else {
        throw WireError("\"tint\" must be a colour like \"#0A84FF\"", at: tintElement.offset)
      }
      if let flag = object.optional("selected"), try JSONObjectReader.bool(flag, "selected") {
        selection.append(tags.count)
      }
      try object.finish()
      tags.append(LiveTag(title: title, tint: tint))
    }
    return LiveConfiguration(tags: tags, initialSelection: selection)
  }

  private static func isHexColor(_ bytes: [UInt8]) -> Bool {
    bytes.count == 7 && bytes[0] == UInt8(ascii: "#")
      && bytes.dropFirst().allSatisfy {
        ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x41 && $0 <= 0x46) || ($0 >= 0x61 && $0 <= 0x66)
      }
  }
}
