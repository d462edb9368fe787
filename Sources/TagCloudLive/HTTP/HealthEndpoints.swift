/// The answers of `/healthz`, `/readyz` and `/metrics` (``ServerSetup/healthPaths``), from the
/// server's state: alive is always `ok`; ready until the first stop signal, `draining` (503)
/// from then on, so that a proxy stops sending new clients while the open WebSockets are still
/// served; the metrics text, with `--workers` labelled `worker="N"` on every series plus
/// `tagcloud_worker_info` naming the worker's pid (a scrape through the shared port reaches any
/// one worker).
///
///     HealthEndpoints.response(path: "/readyz", draining: true) { "" }
///     // HealthResponse(status: 503, contentType: "text/plain; charset=utf-8", body: "draining\n")
///
/// - Complexity: O(n) in the metrics text for `/metrics`, O(1) otherwise.
public enum HealthEndpoints {
  public static let textType = "text/plain; charset=utf-8"
  public static let metricsType = "text/plain; version=0.0.4; charset=utf-8"

  /// One answer. `metrics` is only called for `/metrics`.
  public static func response(path: String, draining: Bool, metrics: () -> String)
    -> HealthResponse
  {
    switch path {
    case "/healthz": return HealthResponse(status: 200, contentType: textType, body: "ok\n")
    case "/readyz":
      return draining
        ? HealthResponse(status: 503, contentType: textType, body: "draining\n")
        : HealthResponse(status: 200, contentType: textType, body: "ready\n")
    case "/metrics": return HealthResponse(status: 200, contentType: metricsType, body: metrics())
    default: return HealthResponse(status: 404, contentType: textType, body: "not found\n")
    }
  }

  /// The answer to a method other than GET.
  public static let methodNotAllowed = HealthResponse(
    status: 405, contentType: textType, body: "use GET\n")

  /// The `/metrics` text: the build, the HTTP answers and the hub's series, labelled with the
  /// worker (and its pid in `tagcloud_worker_info`) when there is one.
  public static func metricsText(
    build: String, http: HTTPMetrics, live: String, worker: WorkerRole?, pid: Int32
  ) -> String {
    let text = build + http.prometheusText + live
    guard let worker else { return text }
    let info =
      "# HELP tagcloud_worker_info The worker that answered this scrape (--workers), with its pid.\n"
      + "# TYPE tagcloud_worker_info gauge\ntagcloud_worker_info{pid=\"\(pid)\"} 1\n"
    return MetricsLabel.add(name: "worker", value: String(worker.number), to: text + info)
  }
}

/// A health endpoint's answer (always `cache-control: no-store`).
public struct HealthResponse: Equatable, Sendable {
  public var status: Int
  public var contentType: String
  public var body: String
}
