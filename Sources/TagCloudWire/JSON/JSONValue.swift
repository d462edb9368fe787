/// A parsed JSON value. Text is kept as validated UTF-8 bytes: the core never compares or hashes
/// `String`s, which keeps the Embedded Swift build free of Unicode tables.
///
///     let element = try JSONReader.parse(Array(#"{"a": [1, true]}"#.utf8))
///     // element.value == .object([JSONMember(key: [0x61], keyOffset: 1, value: ...)])
public enum JSONValue: Equatable, Sendable {
  case null
  case bool(Bool)
  case number(Double)
  case string([UInt8])
  case array([JSONElement])
  case object([JSONMember])
}

/// A value and the byte offset where it starts in the input, so that a decoder can say where a
/// wrong type was found.
public struct JSONElement: Equatable, Sendable {
  public var value: JSONValue
  public var offset: Int

  public init(_ value: JSONValue, offset: Int) {
    self.value = value
    self.offset = offset
  }
}

/// One `"key": value` pair of an object, in input order.
public struct JSONMember: Equatable, Sendable {
  public var key: [UInt8]
  public var keyOffset: Int
  public var value: JSONElement

  public init(key: [UInt8], keyOffset: Int, value: JSONElement) {
    self.key = key
    self.keyOffset = keyOffset
    self.value = value
  }
}
