/// Bounds that `JSONReader` enforces, so that hostile input costs bounded memory and time and
/// can never exhaust the stack.
///
///     var limits = JSONLimits()
///     limits.maxDepth = 8
///     _ = try JSONReader.parse(bytes, limits: limits)  // "[[[[[[[[[0]]]]]]]]]" is refused
public struct JSONLimits: Sendable {
  /// Arrays and objects may nest this deep; one more opening bracket is refused.
  public var maxDepth = 64
  /// Longest input accepted, in bytes.
  public var maxBytes = 64 << 20
  /// Longest string accepted, counting its raw bytes between the quotes.
  public var maxStringBytes = 1 << 20
  /// Longest number token accepted, in bytes (sign, digits, point and exponent included).
  public var maxNumberBytes = 1100

  public init() {}
}
