extension Array where Element == UInt8 {
  /// Appends the UTF-8 bytes of a literal: how the core and the codec write fixed text without
  /// building a `String` (in Embedded Swift, run-time `String` code is most of a module's size).
  ///
  ///     var bytes: [UInt8] = []
  ///     bytes.appendLiteral("null")  // [0x6E, 0x75, 0x6C, 0x6C]
  package mutating func appendLiteral(_ text: StaticString) {
    append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
  }
}
