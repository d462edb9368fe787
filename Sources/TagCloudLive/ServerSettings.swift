/// Everything `tagcloud serve` needs to start: where to listen, what to serve, whom to trust,
/// and the protocol layer's configuration.
public struct ServerSettings: Sendable {
  public var host: String
  /// 0 picks a free port; the log line at start names the one in use.
  public var port: Int
  public var webDirectory: String
  /// Extra origins besides the server's own (see ``OriginPolicy``).
  public var allowedOrigins: [String]
  public var live: LiveConfiguration
  /// Seconds without traffic before lws pings an idle WebSocket, and before it hangs up.
  public var pingAfter: Int = 30
  public var hangUpAfter: Int = 45
  /// Seconds between the stop signal (`/readyz` turns 503) and the 1001 closes, so that a proxy
  /// polling `/readyz` stops routing new clients here before the sockets close.
  public var drainGrace: Double = 1
  /// Set in a worker of `--workers N`: the port is shared (SO_REUSEPORT), readiness is
  /// reported to the supervisor, and `/metrics` carries a `worker` label.
  public var worker: WorkerRole?
  /// Serve the `/echo` WebSocket for conformance tests (`tagcloud serve --echo`).
  public var echo = false
  /// `--tags FILE`: where `live.tags` came from, reread on SIGHUP; nil serves the demo's tags.
  public var tagsFile: String?

  public init(
    host: String, port: Int, webDirectory: String, allowedOrigins: [String],
    live: LiveConfiguration
  ) {
    self.host = host
    self.port = port
    self.webDirectory = webDirectory
    self.allowedOrigins = allowedOrigins
    self.live = live
  }
}
