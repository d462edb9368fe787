import CLibWebSockets
import TagCloudLive

#if canImport(Glibc)
  import Glibc
#endif

/// The HTTP protocol's callback: `/healthz`, `/readyz` and `/metrics` (answers from
/// ``HealthEndpoints``), the upgrade checks, and the life cycle of short answers.
extension LiveServer {
  func handleHTTP(
    _ wsi: OpaquePointer, _ reason: lws_callback_reasons, _ user: UnsafeMutableRawPointer?,
    _ input: UnsafeMutableRawPointer?, _ length: Int
  ) -> Int32 {
    switch reason {
    case LWS_CALLBACK_HTTP_CONFIRM_UPGRADE:
      return confirmUpgrade(wsi)
    case LWS_CALLBACK_HTTP:
      // Only GET reaches /healthz, /readyz and /metrics; the mounts see other methods with no GET URI.
      let response =
        header(wsi, WSI_TOKEN_GET_URI).map { path in
          HealthEndpoints.response(path: path, draining: drainEnds != nil) { metricsText() }
        } ?? HealthEndpoints.methodNotAllowed
      httpMetrics.count(.health, status: response.status)
      return startHTTPResponse(wsi, response)
    case LWS_CALLBACK_HTTP_WRITEABLE:
      guard var body = httpBodies.removeValue(forKey: wsi) else { break }
      var buffer = [UInt8](repeating: 0, count: pre) + body
      body = []
      let count = buffer.count - pre
      let written = buffer.withUnsafeMutableBufferPointer {
        lws_write(wsi, $0.baseAddress! + pre, count, LWS_WRITE_HTTP_FINAL)
      }
      if written < count { return -1 }
      return lws_http_transaction_completed(wsi) != 0 ? -1 : 0
    case LWS_CALLBACK_CLOSED_HTTP:
      httpBodies.removeValue(forKey: wsi)
    case LWS_CALLBACK_EVENT_WAIT_CANCELLED:
      noticeSignals()
      return 0
    default:
      break
    }
    return lws_callback_http_dummy(wsi, reason, user, input, length)
  }

  private func metricsText() -> String {
    HealthEndpoints.metricsText(
      build: BuildInfoMetric.prometheusText, http: httpMetrics,
      live: hub.metrics.prometheusText(
        liveSessions: hub.liveSessionCount, detachedSessions: hub.detachedSessionCount),
      worker: settings.worker, pid: getpid())
  }

  private func startHTTPResponse(_ wsi: OpaquePointer, _ response: HealthResponse) -> Int32 {
    let body = Array(response.body.utf8)
    var buffer = [UInt8](repeating: 0, count: pre + 1024)
    let failed = buffer.withUnsafeMutableBufferPointer { raw -> Bool in
      let start = raw.baseAddress! + pre
      let end = raw.baseAddress! + raw.count - 1
      var cursor: UnsafeMutablePointer<UInt8>? = start
      if lws_add_http_common_headers(
        wsi, UInt32(response.status), response.contentType, lws_filepos_t(body.count), &cursor,
        end) != 0
      {
        return true
      }
      let noStore = Array("no-store".utf8)
      if lws_add_http_header_by_token(
        wsi, WSI_TOKEN_HTTP_CACHE_CONTROL, noStore, Int32(noStore.count), &cursor, end) != 0
      {
        return true
      }
      // With --workers: which worker answered (also a label in /metrics).
      if let worker = settings.worker {
        let number = Array(String(worker.number).utf8)
        if lws_add_http_header_by_name(
          wsi, "x-tagcloud-worker:", number, Int32(number.count), &cursor, end) != 0
        {
          return true
        }
      }
      return lws_finalize_write_http_header(wsi, start, &cursor, end) != 0
    }
    if failed { return 1 }
    httpBodies[wsi] = body
    lws_callback_on_writable(wsi)
    return 0
  }
}
