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
  /// Most values (scalars and containers, at any depth) in one document. The tree costs about
  /// 25 to 65 bytes per value while it is built, so `[0,0,0,...]` could otherwise turn 64 MiB of
  /// input into about 2 GiB of memory. 4 Mi values is 600,000+ tags of a layout request.
  public var maxValues = 1 << 22

  public init() {}
}
