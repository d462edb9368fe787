/// One WebSocket message put back together from the fragments a socket library hands over,
/// with a size limit: the one assembler of `/live` and `/echo`. A message past
/// ``maxMessageBytes`` is not kept: the rest of it is read and dropped, and the connection is
/// to close with 1009 when the message ends (closing while the peer still sends would reset
/// the socket and lose the close frame) or, for a peer that keeps sending, once
/// ``maxDiscardBytes`` of it were dropped.
///
///     var assembler = MessageAssembler(maxMessageBytes: 64 * 1024, maxDiscardBytes: 1 << 20)
///     assembler.receive(Array("hel".utf8), first: true, binary: false, final: false)  // .incomplete
///     assembler.receive(Array("lo".utf8), first: false, binary: false, final: true)
///     // .message(bytes: Array("hello".utf8), binary: false)
///
/// - Complexity: O(n) in the fragment's length.
public struct MessageAssembler: Sendable {
  /// What a fragment completed.
  public enum Step: Equatable, Sendable {
    /// More fragments of this message are to come.
    case incomplete
    /// A whole message, text or binary as its first frame said.
    case message(bytes: [UInt8], binary: Bool)
    /// The message is over the limit and dropped. `newly`: this fragment crossed the limit
    /// (count it once); `close`: close with 1009 now.
    case oversize(newly: Bool, close: Bool)
  }

  public let maxMessageBytes: Int
  /// How much of an oversize message is read and dropped before the connection closes anyway;
  /// 0 closes at the first fragment past the limit.
  public let maxDiscardBytes: Int
  private var bytes: [UInt8] = []
  private var binary = false
  /// The message being read is over the limit.
  public private(set) var isDiscarding = false
  private var discarded = 0

  public init(maxMessageBytes: Int, maxDiscardBytes: Int) {
    precondition(maxMessageBytes > 0 && maxDiscardBytes >= 0)
    self.maxMessageBytes = maxMessageBytes
    self.maxDiscardBytes = maxDiscardBytes
  }

  /// Takes the next fragment. `first`: it starts a message (its `binary` flag is the
  /// message's); `final`: it ends the message; `remaining`: bytes of the current frame still to
  /// come (a message ends only with its last frame read whole).
  public mutating func receive(
    _ fragment: UnsafeRawBufferPointer, first: Bool, binary: Bool, final: Bool, remaining: Int = 0
  ) -> Step {
    if first && bytes.isEmpty { self.binary = binary }
    let ends = final && remaining == 0
    if isDiscarding || bytes.count + fragment.count + remaining > maxMessageBytes {
      let newly = !isDiscarding
      isDiscarding = true
      bytes = []
      discarded += fragment.count
      return .oversize(newly: newly, close: ends || discarded >= maxDiscardBytes)
    }
    bytes.append(contentsOf: fragment)
    guard ends else { return .incomplete }
    let message = bytes
    let wasBinary = self.binary
    bytes = []
    self.binary = false
    assert(bytes.isEmpty && !isDiscarding)
    return .message(bytes: message, binary: wasBinary)
  }

  /// Whether a fragment of `count` bytes is a whole message by itself: it starts one and ends
  /// it (nothing of its frame left to come), nothing is buffered or being discarded, and it is
  /// within the limit. The caller then reads the message where it lies, without ``receive``
  /// copying it into a message of its own; the assembler stays as it is.
  ///
  /// - Complexity: O(1).
  public func isWholeMessage(count: Int, first: Bool, final: Bool, remaining: Int) -> Bool {
    first && final && remaining == 0 && bytes.isEmpty && !isDiscarding && count <= maxMessageBytes
  }

  /// ``receive(_:first:binary:final:remaining:)`` for bytes in an array.
  public mutating func receive(
    _ fragment: [UInt8], first: Bool, binary: Bool, final: Bool, remaining: Int = 0
  ) -> Step {
    fragment.withUnsafeBytes {
      receive($0, first: first, binary: binary, final: final, remaining: remaining)
    }
  }
}
