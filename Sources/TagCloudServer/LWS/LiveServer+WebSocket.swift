import CLibWebSockets
import TagCloudLive

/// The `/live` WebSocket: connections opened and closed with the hub, messages reassembled
/// (``Reassembly``, shared with `/echo`) and handed to it, its frames written when lws says the
/// socket is writable.
extension LiveServer {
  func handleLive(
    _ wsi: OpaquePointer, _ reason: lws_callback_reasons, _ user: UnsafeMutableRawPointer?,
    _ input: UnsafeMutableRawPointer?, _ length: Int
  ) -> Int32 {
    switch reason {
    case LWS_CALLBACK_FILTER_PROTOCOL_CONNECTION:
      // Defence in depth: the Origin was checked at HTTP_CONFIRM_UPGRADE already.
      return upgrades.origins.allows(header(wsi, WSI_TOKEN_ORIGIN)) ? 0 : -1
    case LWS_CALLBACK_ESTABLISHED:
      guard let user else { return -1 }
      switch hub.open(now: monotonicSeconds()) {
      case .success(let id):
        LiveSocketData.store(Connection(id: id), in: user)
        sockets[id] = wsi
        if stopping { lws_callback_on_writable(wsi) }
      case .failure(let refusal):
        logLine("error: WebSocket refused: \(refusal.reason)")
        return Reassembly.close(wsi, refusal)
      }
      wake()
    case LWS_CALLBACK_RECEIVE:
      guard let connection = LiveSocketData.connection(in: user) else { return -1 }
      return receive(wsi, connection, input, length)
    case LWS_CALLBACK_SERVER_WRITEABLE:
      guard let connection = LiveSocketData.connection(in: user) else { return -1 }
      return writable(wsi, connection)
    case LWS_CALLBACK_CLOSED:
      if let connection = LiveSocketData.take(from: user) {
        sockets.removeValue(forKey: connection.id)
        hub.close(connection.id, now: monotonicSeconds())
      }
    default:
      break
    }
    return 0
  }

  private func receive(
    _ wsi: OpaquePointer, _ connection: UnsafeMutablePointer<Connection>,
    _ input: UnsafeMutableRawPointer?, _ length: Int
  ) -> Int32 {
    // After our close frame lws keeps reading until the peer acknowledges it; the rest of an
    // oversize message is discarded here rather than answered with a second, abrupt close.
    if connection.pointee.closing != nil { return 0 }
    let id = connection.pointee.id
    // A message in one fragment (a page's every viewport) is read where lws holds it.
    if let (message, binary) = Reassembly.wholeMessage(
      wsi, input, length, in: connection.pointee.inbound)
    {
      return deliver(message, binary: binary, from: id, wsi, connection)
    }
    let step = Reassembly.receive(wsi, input, length, into: &connection.pointee.inbound)
    switch step {
    case .incomplete:
      return 0
    case .oversize(let newly, let close):
      // The rest of the message is read and thrown away, then 1009: closing while the peer is
      // still sending would reset the socket and lose the close frame. A peer that keeps
      // sending far past the limit is cut off at once.
      if newly { hub.recordOversize(from: id) }
      guard close else { return 0 }
      logLine(
        "error: closing connection \(id) with 1009: message over \(Self.maxMessageBytes) bytes"
      )
      let instruction = CloseInstruction(
        code: 1009, reason: "message over \(Self.maxMessageBytes) bytes")
      connection.pointee.closing = instruction
      return Reassembly.close(wsi, instruction)
    case .message(let message, let binary):
      return message.withUnsafeBytes { deliver($0, binary: binary, from: id, wsi, connection) }
    }
  }

  /// Hands a whole message to the hub, and asks for the writable callbacks it calls for.
  private func deliver(
    _ message: UnsafeRawBufferPointer, binary: Bool, from id: ConnectionID, _ wsi: OpaquePointer,
    _ connection: UnsafeMutablePointer<Connection>
  ) -> Int32 {
    let now = monotonicSeconds()
    let verdict =
      binary
      ? hub.receiveBinary(from: id, now: now)
      : hub.receive(message, from: id, now: now)
    for line in hub.takeLog() { logLine("error: \(line)") }
    if let verdict {
      // Closing from inside the read would drop the socket with the peer's flood still unread
      // (the close frame was lost: the client saw EOF, not 1008). The close frame goes out from
      // the writable callback instead; until then the rest of the input is discarded
      // (`closing` in ``receive``), and lws keeps reading until the peer acknowledges it.
      connection.pointee.closing = verdict
      lws_callback_on_writable(wsi)
      return 0
    }
    wake(sender: (id, wsi))
    return 0
  }

  private func writable(_ wsi: OpaquePointer, _ connection: UnsafeMutablePointer<Connection>)
    -> Int32
  {
    if stopping {
      return Reassembly.close(wsi, CloseInstruction(code: 1001, reason: "server stopping"))
    }
    if let closing = connection.pointee.closing { return Reassembly.close(wsi, closing) }
    let id = connection.pointee.id
    // No lws_send_pipe_choked() check: lws calls this on POLLOUT, and only once whatever an
    // earlier lws_write could not send has drained (lws keeps that remainder itself), so the
    // check found room every time, at the cost of a poll() system call per frame (2 % of the
    // server's CPU at 1,000 busy sessions, perf). A slow reader still holds at most one frame
    // in lws, and the hub keeps the newest state for it (latest wins).
    guard
      let (frame, moreWaiting) = hub.takeFrameTellingWhetherMoreWait(
        for: id, now: monotonicSeconds())
    else { return 0 }
    if sendBuffer.write(frame, to: wsi) < frame.count { return -1 }
    if moreWaiting { lws_callback_on_writable(wsi) }
    return 0
  }

  /// Asks for writable callbacks on every connection the hub has something new for. The
  /// connection whose message woke them, when there is one, is mostly the only one: its socket
  /// is known, not looked up.
  func wake(sender: (id: ConnectionID, socket: OpaquePointer)? = nil) {
    hub.forEachWakeup { id in
      if let sender, id == sender.id {
        lws_callback_on_writable(sender.socket)
      } else if let socket = sockets[id] {
        lws_callback_on_writable(socket)
      }
    }
  }
}
