/// The server's counters, rendered for `/metrics` in the Prometheus text format (version 0.0.4).
///
///     var metrics = LiveMetrics()
///     metrics.messagesIn += 1
///     metrics.observeRoundTrip(seconds: 0.0004)
///     metrics.prometheusText(liveSessions: 1, detachedSessions: 0)
///     // "# HELP tagcloud_sessions ...\ntagcloud_sessions 1\n..."
public struct LiveMetrics: Equatable, Sendable {
  /// Upper bounds of the round-trip histogram, in seconds: from the message that asked for a
  /// layout to the moment its frame is handed to the socket.
  public static let roundTripBounds: [Double] = [
    0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1,
  ]

  public var connectionsOpened = 0
  public var connectionsRefused = 0
  public var messagesIn = 0
  public var framesOut = 0
  public var framesCoalesced = 0
  public var errors = 0
  public var sessionsResumed = 0
  public var sessionsAdopted = 0
  public var sessionsExpired = 0
  public var clientsDropped = 0
  /// Layout frames made by the core (a miss of the layout cache, or no cache).
  public var layoutsComputed = 0
  /// Layout frames taken from the layout cache (``LayoutCache``): no layout made.
  public var layoutCacheHits = 0
  /// The bytes the layout cache holds now.
  public var layoutCacheBytes = 0
  /// Counts per bucket of ``roundTripBounds`` (not cumulative), plus one for +Inf.
  public private(set) var roundTripCounts = [Int](repeating: 0, count: roundTripBounds.count + 1)
  public private(set) var roundTripSum = 0.0

  public init() {}

  public var roundTripCount: Int { roundTripCounts.reduce(0, +) }

  /// - Complexity: O(b) in the number of buckets.
  public mutating func observeRoundTrip(seconds: Double) {
    let value = max(0, seconds)
    let bucket = Self.roundTripBounds.firstIndex { value <= $0 } ?? Self.roundTripBounds.count
    roundTripCounts[bucket] += 1
    roundTripSum += value
  }

  /// The exposition text; gauges for sessions come from the session table.
  public func prometheusText(liveSessions: Int, detachedSessions: Int) -> String {
    var text = ""
    func metric(_ name: String, _ kind: String, _ help: String, _ value: Int) {
      text += "# HELP \(name) \(help)\n# TYPE \(name) \(kind)\n\(name) \(value)\n"
    }
    metric("tagcloud_sessions", "gauge", "Sessions with an open WebSocket.", liveSessions)
    metric(
      "tagcloud_sessions_detached", "gauge",
      "Sessions without a connection, kept for resume until they expire.", detachedSessions)
    metric(
      "tagcloud_connections_total", "counter", "WebSocket connections accepted.",
      connectionsOpened)
    metric(
      "tagcloud_connections_refused_total", "counter",
      "WebSocket connections refused because the session cap was reached.", connectionsRefused)
    metric("tagcloud_messages_in_total", "counter", "Client messages received.", messagesIn)
    metric("tagcloud_frames_out_total", "counter", "Frames written to clients.", framesOut)
    metric(
      "tagcloud_frames_coalesced_total", "counter",
      "Layout frames replaced by a newer one before they were sent (latest wins).",
      framesCoalesced)
    metric(
      "tagcloud_errors_total", "counter", "Client messages refused with an error message.", errors)
    metric(
      "tagcloud_layouts_computed_total", "counter",
      "Layouts computed for sessions (layout frames not taken from the layout cache).",
      layoutsComputed)
    metric(
      "tagcloud_layout_cache_hits_total", "counter",
      "Layout frames taken from the layout cache: another session made the same request.",
      layoutCacheHits)
    metric(
      "tagcloud_layout_cache_bytes", "gauge", "Bytes the layout cache holds (--layout-cache).",
      layoutCacheBytes)
    metric(
      "tagcloud_sessions_resumed_total", "counter", "Sessions resumed from the server's copy.",
      sessionsResumed)
    metric(
      "tagcloud_sessions_adopted_total", "counter",
      "Unknown sessions rebuilt from the client's copy (e.g. after a restart).", sessionsAdopted)
    metric(
      "tagcloud_sessions_expired_total", "counter", "Detached sessions dropped after their TTL.",
      sessionsExpired)
    metric(
      "tagcloud_clients_dropped_total", "counter",
      "Connections closed for abuse (flooding, oversize messages).", clientsDropped)
    let name = "tagcloud_layout_roundtrip_seconds"
    text += "# HELP \(name) From a client message to its layout frame leaving the server.\n"
    text += "# TYPE \(name) histogram\n"
    var cumulative = 0
    for (index, bound) in Self.roundTripBounds.enumerated() {
      cumulative += roundTripCounts[index]
      text += "\(name)_bucket{le=\"\(bound)\"} \(cumulative)\n"
    }
    cumulative += roundTripCounts[Self.roundTripBounds.count]
    text += "\(name)_bucket{le=\"+Inf\"} \(cumulative)\n"
    text += "\(name)_sum \(roundTripSum)\n"
    text += "\(name)_count \(cumulative)\n"
    return text
  }
}
