/// Why a request was refused, and where: the byte offset in the input that is at fault.
///
///     WireError("expected a number", at: 12).description
///     // "expected a number at byte 12"
///
/// The core never crashes on bad input; every refusal is one of these.
public struct WireError: Error, Equatable, Sendable, CustomStringConvertible {
  /// What is wrong, in words a developer can act on, without the position.
  public var message: String
  /// The zero-based byte offset in the input where the fault was found.
  public var offset: Int

  public init(_ message: String, at offset: Int) {
    self.message = message
    self.offset = offset
  }

  public var description: String { message + " at byte " + String(offset) }
}
