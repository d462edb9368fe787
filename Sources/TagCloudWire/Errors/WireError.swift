import TagCloudCore

/// Why a request was refused, and where: the byte offset in the input that is at fault.
///
///     WireError("expected a number", at: 12).description
///     // "expected a number at byte 12"
///
/// The core never crashes on bad input; every refusal is one of these.
///
/// The message is kept as UTF-8 bytes (see ``WireMessage``: no run-time `String` in the Wasm
/// build); ``message`` and ``description`` are `String` conveniences for native callers, and the
/// Wasm export writes ``descriptionBytes``.
public struct WireError: Error, Equatable, Sendable, CustomStringConvertible {
  /// What is wrong, as UTF-8, without the position.
  public var messageBytes: [UInt8]
  /// The zero-based byte offset in the input where the fault was found.
  public var offset: Int

  /// A refusal with a message assembled from literals and input bytes (what the core uses).
  public init(_ message: WireMessage, at offset: Int) {
    self.messageBytes = message.bytes
    self.offset = offset
  }

  /// What is wrong, in words a developer can act on, without the position.
  public var message: String { String(decoding: messageBytes, as: UTF8.self) }

  /// "<message> at byte <offset>".
  public var description: String { String(decoding: descriptionBytes, as: UTF8.self) }

  /// ``description`` as UTF-8 bytes.
  public var descriptionBytes: [UInt8] {
    var bytes = messageBytes
    bytes.appendLiteral(" at byte ")
    // Offsets are never negative: positions in the input.
    DecimalFormatting.appendInteger(UInt64(truncatingIfNeeded: offset), to: &bytes)
    return bytes
  }
}

#if !hasFeature(Embedded)
  extension WireError {
    /// A refusal with a message built at run time (native callers: the server, tests). Not in
    /// the Embedded build, so that no core code can reach it there: a literal then becomes a
    /// ``WireMessage``, and the module links no `String` code.
    @_disfavoredOverload
    public init(_ message: String, at offset: Int) {
      self.messageBytes = Array(message.utf8)
      self.offset = offset
    }
  }
#endif
