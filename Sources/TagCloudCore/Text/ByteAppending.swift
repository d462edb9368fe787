/// Out-of-line appends for UTF-8 output buffers.
///
///     var bytes: [UInt8] = []
///     bytes.appendLiteral("null")
///     bytes.appendByte(UInt8(ascii: ","))
///
/// Why: an inlined `Array.append` is about 40 bytes of Wasm per call site (uniqueness check,
/// growth, store); the JSON layer has dozens of them. One shared call keeps the Embedded build
/// small at the price of a call per punctuation byte natively.
extension Array where Element == UInt8 {
  @inline(never)
  package mutating func appendByte(_ byte: UInt8) {
    append(byte)
  }

  @inline(never)
  package mutating func appendBytes(_ bytes: UnsafeBufferPointer<UInt8>) {
    append(contentsOf: bytes)
  }

  /// Appends bytes[range] of a buffer.
  package mutating func appendBytes(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) {
    appendBytes(UnsafeBufferPointer(rebasing: bytes[range]))
  }

  package mutating func appendLiteral(_ text: StaticString) {
    appendBytes(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
  }
}
