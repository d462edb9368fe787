/// Counts of the HTTP answers one server process gave, by route and status, for `/metrics`: the
/// web folder's files (`files`), the health endpoints (`health`), and WebSocket handshakes
/// refused before any socket existed (`upgrade`). With `--workers N` each worker keeps its own
/// (labelled `worker="N"` like every series), so a scrape shows which workers served pages.
///
///     var metrics = HTTPMetrics()
///     metrics.count(.files, status: 200)
///     metrics.prometheusText
///     // "# HELP tagcloud_http_responses_total …\ntagcloud_http_responses_total{route=\"files\",code=\"200\"} 1\n"
///
/// - Complexity: `count` O(log k), the text O(k log k) in the distinct (route, status) pairs.
public struct HTTPMetrics: Equatable, Sendable {
  /// Which part of the server answered.
  public enum Route: String, CaseIterable, Comparable, Sendable {
    case files, health, upgrade

    public static func < (left: Route, right: Route) -> Bool {
      allCases.firstIndex(of: left)! < allCases.firstIndex(of: right)!
    }
  }

  private var counts: [Route: [Int: Int]] = [:]

  public init() {}

  public mutating func count(_ route: Route, status: Int) {
    counts[route, default: [:]][status, default: 0] += 1
  }

  /// How many answers `route` gave with `status`.
  public func responses(_ route: Route, status: Int) -> Int { counts[route]?[status] ?? 0 }

  /// The exposition text; the series exist from start on (files 200 and health 200 at 0), so
  /// that a fresh process's scrape already names them.
  public var prometheusText: String {
    let name = "tagcloud_http_responses_total"
    var text = "# HELP \(name) HTTP responses by route (files, health, upgrade) and status.\n"
    text += "# TYPE \(name) counter\n"
    var shown = counts
    shown[.files, default: [:]][200, default: 0] += 0
    shown[.health, default: [:]][200, default: 0] += 0
    for route in shown.keys.sorted() {
      for (status, value) in shown[route]!.sorted(by: { $0.key < $1.key }) {
        text +=
          "\(name){\(MetricsLabel.pair(name: "route", value: route.rawValue)),"
          + "\(MetricsLabel.pair(name: "code", value: String(status)))} \(value)\n"
      }
    }
    return text
  }
}
