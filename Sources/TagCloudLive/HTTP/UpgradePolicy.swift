/// Which WebSocket a handshake may open, decided before any socket exists: `/live` with the
/// `tagcloud.v1` subprotocol from an allowed origin, and (with `--echo`) `/echo` without a
/// subprotocol from any origin (a conformance-test endpoint). Everything else gets a complete
/// HTTP refusal: 404 for another path, 400 for a missing or mismatched subprotocol, 403 for a
/// foreign origin, 503 while the server stops.
///
///     let policy = UpgradePolicy(echo: false, origins: OriginPolicy(allowing: []))
///     policy.decide(path: "/live", offered: "tagcloud.v1", origin: nil, stopping: false)  // .live
///
/// - Complexity: O(n) in the length of the offered subprotocol list.
public struct UpgradePolicy: Sendable {
  /// The WebSocket path of the live protocol.
  public static let livePath = "/live"
  /// The path of the echo endpoint (`--echo`).
  public static let echoPath = "/echo"

  /// What to do with one handshake.
  public enum Decision: Equatable, Sendable {
    case live
    case echo
    /// Answer `status` with `message` as the body; `log`, when set, is the log line's reason.
    case refuse(status: Int, message: String, log: String?)
  }

  public let echo: Bool
  public var origins: OriginPolicy

  public init(echo: Bool, origins: OriginPolicy) {
    self.echo = echo
    self.origins = origins
  }

  /// `offered`: the Sec-WebSocket-Protocol header as sent (nil when absent).
  public func decide(path: String, offered: String?, origin: String?, stopping: Bool) -> Decision {
    let live = ServerSetup.ServerProtocol.live.name
    if echo {
      let echoRefusal = Decision.refuse(
        status: 400, message: "The echo endpoint is /echo, without a subprotocol.", log: nil)
      let header = offered ?? ""
      if path == Self.echoPath { return header.contains(live) ? echoRefusal : .echo }
      if header.contains(ServerSetup.ServerProtocol.echo.name) { return echoRefusal }
    }
    if path != Self.livePath {
      return .refuse(
        status: 404, message: "The WebSocket is at /live.",
        log: "path '\(path)' is not \(Self.livePath)")
    }
    let protocols = (offered ?? "").split(separator: ",").map(Self.trimmingSpaces)
    if !protocols.contains(live) {
      return .refuse(
        status: 400, message: "Offer the subprotocol tagcloud.v1.",
        log: "subprotocol \(live) not offered")
    }
    if !origins.allows(origin) {
      return .refuse(
        status: 403, message: "This origin may not open the live WebSocket.",
        log: "origin '\(origin ?? "")' is not allowed")
    }
    if stopping { return .refuse(status: 503, message: "The server is stopping.", log: nil) }
    return .live
  }

  /// The reason phrase of a refusal's status line.
  public static func reasonPhrase(_ status: Int) -> String {
    switch status {
    case 400: return "Bad Request"
    case 403: return "Forbidden"
    case 404: return "Not Found"
    case 503: return "Service Unavailable"
    default: return "Error"
    }
  }

  private static func trimmingSpaces(_ text: Substring) -> String {
    String(
      text.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
  }
}
