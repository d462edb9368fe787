import TagCloudCore
import TagCloudWire

/// Reads the members of one JSON object strictly: each key at most once, every key known, each
/// value of the expected type; every refusal names the key and the byte where it went wrong.
///
///     var object = try JSONObjectReader(element, what: "a viewport message")
///     let width = try object.number("width")
///     try object.finish()  // refuses members nobody asked for
///
/// - Complexity: O(m) per lookup in the object's m members (messages have a handful).
struct JSONObjectReader {
  let members: [JSONMember]
  let offset: Int
  private let what: String
  private var used: [Bool]

  init(_ element: JSONElement, what: String) throws(WireError) {
    guard case .object(let members) = element.value else {
      throw WireError("\(what) must be a JSON object", at: element.offset)
    }
    for (index, member) in members.enumerated() {
      if members[..<index].contains(where: { $0.key == member.key }) {
        throw WireError("duplicate key \"\(member.key.text)\" in \(what)", at: member.keyOffset)
      }
    }
    self.init(members: members, offset: element.offset, what: what)
  }

  private init(members: [JSONMember], offset: Int, what: String) {
    self.members = members
    self.offset = offset
    self.what = what
    self.used = [Bool](repeating: false, count: members.count)
  }

  /// The same object read afresh as `what` (say, once its `type` names the message): nothing
  /// asked for yet, and its keys, already checked for repeats, not scanned again.
  func reading(as what: String) -> JSONObjectReader {
    JSONObjectReader(members: members, offset: offset, what: what)
  }

  /// The member's value, or nil when absent (JSON `null` is returned as an element).
  mutating func optional(_ key: String) -> JSONElement? {
    guard let index = members.firstIndex(where: { Self.matches($0.key, key) }) else {
      return nil
    }
    used[index] = true
    return members[index].value
  }

  /// Whether `bytes` spell `text`. Compared in place (building `Array(key.utf8)` per lookup
  /// was most of a message's allocations), as two buffers: `elementsEqual` against a
  /// `String.UTF8View` went through the view's index by index, a tenth of decoding a viewport.
  static func matches(_ bytes: [UInt8], _ text: String) -> Bool {
    guard bytes.count == text.utf8.count else { return false }
    return text.utf8.withContiguousStorageIfAvailable { utf8 in
      bytes.withUnsafeBufferPointer { $0.elementsEqual(utf8) }
    } ?? bytes.elementsEqual(text.utf8)
  }

  mutating func required(_ key: String) throws(WireError) -> JSONElement {
    guard let value = optional(key) else {
      throw WireError("missing field \"\(key)\" in \(what)", at: offset)
    }
    return value
  }

  mutating func number(_ key: String) throws(WireError) -> Double {
    try Self.number(required(key), key)
  }

  mutating func string(_ key: String) throws(WireError) -> [UInt8] {
    try Self.string(required(key), key)
  }

  /// Refuses any member that was not asked for (a typo like `widht` must not pass silently).
  func finish() throws(WireError) {
    if let index = used.firstIndex(of: false) {
      throw WireError(
        "unknown field \"\(members[index].key.text)\" in \(what)", at: members[index].keyOffset)
    }
  }

  static func number(_ element: JSONElement, _ key: String) throws(WireError) -> Double {
    guard case .number(let value) = element.value, value.isFinite else {
      throw WireError("\"\(key)\" must be a number", at: element.offset)
    }
    return value
  }

  static func string(_ element: JSONElement, _ key: String) throws(WireError) -> [UInt8] {
    guard case .string(let value) = element.value else {
      throw WireError("\"\(key)\" must be a string", at: element.offset)
    }
    return value
  }

  static func bool(_ element: JSONElement, _ key: String) throws(WireError) -> Bool {
    guard case .bool(let value) = element.value else {
      throw WireError("\"\(key)\" must be true or false", at: element.offset)
    }
    return value
  }

  static func array(_ element: JSONElement, _ key: String) throws(WireError) -> [JSONElement] {
    guard case .array(let value) = element.value else {
      throw WireError("\"\(key)\" must be an array", at: element.offset)
    }
    return value
  }
}

extension Array where Element == UInt8 {
  /// The bytes as text for a message, cut short and with controls replaced so that a hostile id
  /// cannot forge log lines.
  var text: String {
    let shown = count > 40 ? Array(self[..<40]) : self
    let cleaned = shown.map { $0 < 0x20 || $0 == 0x7F ? UInt8(ascii: "?") : $0 }
    return String(decoding: cleaned, as: UTF8.self) + (count > 40 ? "..." : "")
  }
}
