import CLibWebSockets
import CLibWebSocketsShim
import TagCloudLive

// The C callbacks lws calls: no captures (C function pointers cannot have any); each finds its
// server through the context's user pointer (``LiveServer/from(_:)``) and hands over.

func httpCallback(
  _ wsi: OpaquePointer?, _ reason: lws_callback_reasons, _ user: UnsafeMutableRawPointer?,
  _ input: UnsafeMutableRawPointer?, _ length: Int
) -> Int32 {
  guard let wsi, let server = LiveServer.from(wsi) else {
    return lws_callback_http_dummy(wsi, reason, user, input, length)
  }
  return server.handleHTTP(wsi, reason, user, input, length)
}

func liveCallback(
  _ wsi: OpaquePointer?, _ reason: lws_callback_reasons, _ user: UnsafeMutableRawPointer?,
  _ input: UnsafeMutableRawPointer?, _ length: Int
) -> Int32 {
  guard let wsi, let server = LiveServer.from(wsi) else { return 0 }
  return server.handleLive(wsi, reason, user, input, length)
}

func echoCallback(
  _ wsi: OpaquePointer?, _ reason: lws_callback_reasons, _ user: UnsafeMutableRawPointer?,
  _ input: UnsafeMutableRawPointer?, _ length: Int
) -> Int32 {
  guard let wsi, let server = LiveServer.from(wsi), let echo = server.echo else {
    return lws_callback_http_dummy(wsi, reason, user, input, length)
  }
  switch reason {
  case LWS_CALLBACK_ESTABLISHED, LWS_CALLBACK_RECEIVE, LWS_CALLBACK_SERVER_WRITEABLE,
    LWS_CALLBACK_CLOSED:
    return echo.handle(wsi, reason, input, length)
  default:
    // As the vhost's default protocol, echo also receives the HTTP callbacks of every
    // connection (the upgrade checks among them): they belong to the HTTP handler.
    return server.handleHTTP(wsi, reason, user, input, length)
  }
}

func acceptCallback(
  _ wsi: OpaquePointer?, _ reason: lws_callback_reasons, _ user: UnsafeMutableRawPointer?,
  _ input: UnsafeMutableRawPointer?, _ length: Int
) -> Int32 {
  guard let server = LiveServer.from(wsi), let listener = server.sharedListener else { return 0 }
  return listener.handle(reason)
}

func lwsLog(_ level: Int32, _ line: UnsafePointer<CChar>?) {
  guard let line else { return }
  var text = String(cString: line)
  while text.last == "\n" || text.last == "\r" { text.removeLast() }
  logLine("error: lws: \(text)")
}

func tickCallback(_ sul: UnsafeMutablePointer<lws_sorted_usec_list_t>?) {
  guard let sul else { return }
  let timer = UnsafeMutableRawPointer(sul).assumingMemoryBound(to: tc_timer.self)
  guard let owner = timer.pointee.owner else { return }
  Unmanaged<LiveServer>.fromOpaque(owner).takeUnretainedValue().tick()
}
