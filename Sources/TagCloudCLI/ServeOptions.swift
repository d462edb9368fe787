/// The options of `tagcloud serve`, parsed but not yet checked against the file system.
///
///     try CommandParser.parse(["serve", "--port", "0", "--allow-origin", "https://example.com"])
///     // .serve(ServeOptions(port: 0, allowedOrigins: ["https://example.com"]))
public struct ServeOptions: Equatable, Sendable {
  /// The address to listen on: an IPv4/IPv6 address or a host name.
  public var host: String
  /// The TCP port; 0 asks the system for a free one (the server logs the port it got).
  public var port: Int
  /// The folder served over HTTP, `index.html` at `/`.
  public var webDirectory: String
  /// A JSON file of `[{"title": ..., "tint": "#rrggbb"}]` (``TagFile`` in TagCloudLive); nil
  /// serves the seed demo's ten tags.
  public var tagsFile: String?
  /// Origins allowed to open `/live` besides the server's own (`*` allows any).
  public var allowedOrigins: [String]
  /// `--echo`: also serve the `/echo` WebSocket, for the Autobahn conformance suite.
  public var echo = false
  /// The limits and the process layout (`--max-sessions`, `--workers`, ...; see ``ServeLimits``).
  public var limits = ServeLimits()

  public init(
    host: String = "127.0.0.1", port: Int = 8080, webDirectory: String = "web",
    tagsFile: String? = nil, allowedOrigins: [String] = []
  ) {
    self.host = host
    self.port = port
    self.webDirectory = webDirectory
    self.tagsFile = tagsFile
    self.allowedOrigins = allowedOrigins
  }
}

/// How many serving processes `--workers` asks for.
public enum WorkerCount: Equatable, Sendable {
  /// Exactly this many (1 serves in the process itself, without a supervisor).
  case fixed(Int)
  /// One per core the process may run on, decided at start.
  case auto
}

/// The operator's limits of `tagcloud serve`, each a flag and a `TAGCLOUD_*` environment
/// variable (the flag wins). The defaults are the values below; ``ServeLimitOption/all`` lists
/// every option with its range.
///
///     var limits = ServeLimits()
///     limits.maxSessions = 20_000
public struct ServeLimits: Equatable, Sendable {
  /// Sessions per serving process, live plus detached (`--max-sessions`).
  public var maxSessions = 1000
  /// Seconds after a WebSocket's last pong before it is pinged (`--ping-after`); messages do
  /// not count (lws confirms a connection only by its pongs).
  public var pingAfter = 30
  /// Seconds after a WebSocket's last pong before it is dropped (`--hang-up-after`).
  public var hangUpAfter = 45
  /// Seconds a session without a connection is kept for resume (`--session-ttl`).
  public var sessionTTL = 300
  /// Sustained messages per second per connection (`--message-rate`); the burst is twice it.
  public var messageRate = 1000
  /// MiB of layout frames each worker keeps for repeated requests (`--layout-cache`); 0 none.
  public var layoutCacheMiB = 8
  /// Seconds between a stop signal (`/readyz` turns 503) and the 1001 closes (`--drain-grace`).
  public var drainGrace = 1.0
  /// Serving processes on the port (`--workers`).
  public var workers = WorkerCount.fixed(1)

  public init() {}
}
