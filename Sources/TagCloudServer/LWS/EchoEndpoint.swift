import CLibWebSockets
import CLibWebSocketsShim
import TagCloudLive

/// The `/echo` WebSocket of `tagcloud serve --echo`: every text or binary message comes back
/// unchanged, with the same opcode. It exists only so that the Autobahn testsuite (through
/// `kosoku`, see docs/reliability.md) can check the server's WebSocket framing: fragments,
/// control frames, UTF-8 validation (lws's `LWS_SERVER_OPTION_VALIDATE_UTF8`, closing with 1007),
/// close codes. Off by default; it is never part of a production setup.
///
///     tagcloud serve --port 9001 --echo
///     kosoku 127.0.0.1:9001/echo -i '1.*'
///
/// A handshake without a subprotocol lands here (the echo protocol is the vhost's "default");
/// the live protocol is only reached at `/live` with `tagcloud.v1` (``LiveServer`` checks both
/// at the upgrade). Messages are reassembled from fragments up to ``maxMessageBytes`` (1009
/// past it, as on `/live`, with the Autobahn suite's largest message as the bound rather than
/// `/live`'s 64 KiB); echoes wait in a queue, and reading pauses while more than
/// ``maxQueuedBytes`` wait, so a peer that sends without reading holds bounded memory.
final class EchoEndpoint {
  static let path = "/echo"
  /// The protocol name lws binds echo connections to (clients need not offer it).
  static let protocolName = ServerSetup.ServerProtocol.echo.name
  /// Autobahn's largest message (cases 9.1.6 and 9.2.6) is 16 MiB.
  static let maxMessageBytes = 16 << 20
  static let maxQueuedBytes = 1 << 20

  private struct Connection {
    /// A peer past the limit is cut at once (no discard: conformance tests expect 1009 there).
    var inbound = MessageAssembler(
      maxMessageBytes: EchoEndpoint.maxMessageBytes, maxDiscardBytes: 0)
    var outbox: [(bytes: [UInt8], binary: Bool)] = []
    var queuedBytes = 0
    var paused = false
  }

  private var connections: [OpaquePointer: Connection] = [:]
  private let pre = Int(tc_lws_pre())

  /// The echo protocol's lws callback, on the service thread.
  func handle(
    _ wsi: OpaquePointer, _ reason: lws_callback_reasons, _ input: UnsafeMutableRawPointer?,
    _ length: Int
  ) -> Int32 {
    switch reason {
    case LWS_CALLBACK_ESTABLISHED:
      connections[wsi] = Connection()
    case LWS_CALLBACK_RECEIVE:
      return receive(wsi, input, length)
    case LWS_CALLBACK_SERVER_WRITEABLE:
      return writable(wsi)
    case LWS_CALLBACK_CLOSED:
      connections.removeValue(forKey: wsi)
    default:
      break
    }
    return 0
  }

  private func receive(_ wsi: OpaquePointer, _ input: UnsafeMutableRawPointer?, _ length: Int)
    -> Int32
  {
    guard var connection = connections[wsi] else { return -1 }
    let step = Reassembly.receive(wsi, input, length, into: &connection.inbound)
    switch step {
    case .incomplete:
      break
    case .oversize:
      connections[wsi] = connection
      return Reassembly.close(
        wsi, CloseInstruction(code: 1009, reason: "message over \(Self.maxMessageBytes) bytes"))
    case .message(let bytes, let binary):
      connection.outbox.append((bytes, binary))
      connection.queuedBytes += bytes.count
      if connection.queuedBytes > Self.maxQueuedBytes && !connection.paused {
        connection.paused = true
        lws_rx_flow_control(wsi, 0)
      }
      lws_callback_on_writable(wsi)
    }
    connections[wsi] = connection
    return 0
  }

  private func writable(_ wsi: OpaquePointer) -> Int32 {
    guard var connection = connections[wsi], !connection.outbox.isEmpty else { return 0 }
    let message = connection.outbox.removeFirst()
    connection.queuedBytes -= message.bytes.count
    if connection.paused && connection.queuedBytes <= Self.maxQueuedBytes / 2 {
      connection.paused = false
      lws_rx_flow_control(wsi, 1)
    }
    let more = !connection.outbox.isEmpty
    connections[wsi] = connection
    var buffer = [UInt8](repeating: 0, count: pre + message.bytes.count)
    buffer.replaceSubrange(pre..., with: message.bytes)
    let count = message.bytes.count
    let written = buffer.withUnsafeMutableBufferPointer {
      lws_write(
        wsi, $0.baseAddress! + pre, count, message.binary ? LWS_WRITE_BINARY : LWS_WRITE_TEXT)
    }
    if written < count { return -1 }
    if more { lws_callback_on_writable(wsi) }
    return 0
  }
}
