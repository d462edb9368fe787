/// Field names compared as bytes (no `String` comparison: see `JSONValue`).
enum WireText {
  /// Whether the UTF-8 `bytes` spell `name`.
  static func equals(_ bytes: [UInt8], _ name: StaticString) -> Bool {
    let expected = name.utf8Bytes
    guard bytes.count == expected.count else { return false }
    var index = 0
    while index < bytes.count {
      if bytes[index] != expected[index] { return false }
      index += 1
    }
    return true
  }
}
