import CLibWebSockets
import CLibWebSocketsShim
import TagCloudLive

/// The handshake checks, before any WebSocket exists (decided by ``UpgradePolicy``), and the
/// request headers they read.
extension LiveServer {
  /// lws's convention: 0 lets the upgrade through, nonzero ends the connection (after the
  /// refusal written here).
  func confirmUpgrade(_ wsi: OpaquePointer) -> Int32 {
    let decision = upgrades.decide(
      path: header(wsi, WSI_TOKEN_GET_URI) ?? "", offered: header(wsi, WSI_TOKEN_PROTOCOL),
      origin: header(wsi, WSI_TOKEN_ORIGIN), stopping: stopping)
    switch decision {
    case .live, .echo:
      return 0
    case .refuse(let status, let message, let log):
      if let log { logLine("error: WebSocket upgrade refused: \(log) (\(status))") }
      return refuse(wsi, status: status, message)
    }
  }

  /// Answers a refused upgrade with a complete HTTP/1.1 response. (lws_return_http_status
  /// would say "HTTP/1.0" this early in the handshake, which strict clients reject as invalid.)
  private func refuse(_ wsi: OpaquePointer, status: Int, _ message: String) -> Int32 {
    httpMetrics.count(.upgrade, status: status)
    let body = message + "\n"
    let head =
      "HTTP/1.1 \(status) \(UpgradePolicy.reasonPhrase(status))\r\n"
      + "content-type: text/plain; charset=utf-8\r\n"
      + "content-length: \(body.utf8.count)\r\n"
      + "x-content-type-options: nosniff\r\n"
      + "connection: close\r\n\r\n"
    let response = Array((head + body).utf8)
    var buffer = [UInt8](repeating: 0, count: pre) + response
    _ = buffer.withUnsafeMutableBufferPointer {
      lws_write(wsi, $0.baseAddress! + pre, response.count, LWS_WRITE_HTTP_HEADERS)
    }
    return 1
  }

  /// A request header, nil when absent. One too long to read comes back empty, so that an
  /// oversized Origin can never pass as a missing one.
  func header(_ wsi: OpaquePointer, _ token: lws_token_indexes) -> String? {
    var buffer = [CChar](repeating: 0, count: 2048)
    let length = tc_lws_header(wsi, token, &buffer, Int32(buffer.count))
    if length == -2 { return "" }
    guard length >= 0 else { return nil }
    // All `length` bytes, NULs included: a decoded `%00` must reach the policy (which refuses
    // control bytes), not cut the value short ("/%00/../x" would read as "/").
    return String(
      decoding: buffer[..<Int(length)].lazy.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}
