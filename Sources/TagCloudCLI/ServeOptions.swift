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
  /// A JSON file of `[{"title": ..., "tint": "#rrggbb"}]`; nil serves the seed demo's ten tags.
  public var tagsFile: String?
  /// Origins allowed to open `/live` besides the server's own (`*` allows any).
  public var allowedOrigins: [String]
  /// `--echo`: also serve the `/echo` WebSocket, for the Autobahn conformance suite.
  public var echo = false

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
