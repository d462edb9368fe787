import CLibWebSockets
import TagCloudLive

/// The lws side of message reassembly, shared by `/live` and `/echo`: reads what lws says
/// about the fragment it just delivered (first, binary, final, bytes left in the frame) and
/// hands it to the connection's ``MessageAssembler``, which decides.
///
///     switch Reassembly.receive(wsi, input, length, into: &assembler) { ... }
///
/// - Complexity: O(n) in the fragment's length.
enum Reassembly {
  static func receive(
    _ wsi: OpaquePointer, _ input: UnsafeMutableRawPointer?, _ length: Int,
    into assembler: inout MessageAssembler
  ) -> MessageAssembler.Step {
    assembler.receive(
      UnsafeRawBufferPointer(start: input, count: input == nil ? 0 : length),
      first: lws_is_first_fragment(wsi) != 0, binary: lws_frame_is_binary(wsi) != 0,
      final: lws_is_final_fragment(wsi) != 0,
      remaining: Int(lws_remaining_packet_payload(wsi)))
  }

  /// The fragment lws just delivered, when it is a whole message by itself
  /// (``MessageAssembler/isWholeMessage(count:first:final:remaining:)``), and whether it is
  /// binary: read where it lies, valid until the callback returns. Nil otherwise: then
  /// ``receive(_:_:_:into:)`` takes it.
  static func wholeMessage(
    _ wsi: OpaquePointer, _ input: UnsafeMutableRawPointer?, _ length: Int,
    in assembler: MessageAssembler
  ) -> (bytes: UnsafeRawBufferPointer, binary: Bool)? {
    let count = input == nil ? 0 : length
    guard
      assembler.isWholeMessage(
        count: count, first: lws_is_first_fragment(wsi) != 0,
        final: lws_is_final_fragment(wsi) != 0,
        remaining: Int(lws_remaining_packet_payload(wsi)))
    else { return nil }
    return (UnsafeRawBufferPointer(start: input, count: count), lws_frame_is_binary(wsi) != 0)
  }

  /// Sets the close reason lws sends with its close frame; returns -1 (close now).
  static func close(_ wsi: OpaquePointer, _ instruction: CloseInstruction) -> Int32 {
    var reason = Array(instruction.reason.utf8.prefix(120))
    reason.withUnsafeMutableBufferPointer {
      lws_close_reason(wsi, lws_close_status(UInt32(instruction.code)), $0.baseAddress, $0.count)
    }
    return -1
  }
}
