/// Which pages may open the `/live` WebSocket: an allowlist of origins checked at the handshake
/// (RFC 6455 section 10.2; it stops cross-site WebSocket hijacking).
///
///     let policy = OriginPolicy(allowing: ["http://localhost:8080"])
///     policy.allows("http://LOCALHOST:8080")  // true: scheme and host compare case-blind
///     policy.allows("https://evil.example")   // false
///     policy.allows(nil)                      // true: no Origin header, not a browser
///
/// A request without an Origin header is allowed: browsers always send one with a WebSocket
/// handshake, so its absence means a non-browser client (a script, a test, curl), which the
/// Origin check cannot protect against anyway. `"*"` in the list allows every origin; `"null"`
/// (pages opened from file:// or sandboxed frames) is allowed only when listed.
///
/// - Complexity: `allows` is O(n) in the number of allowed origins (a handful).
public struct OriginPolicy: Equatable, Sendable {
  /// The allowed origins, normalized (see ``normalize(_:)``).
  public private(set) var origins: [String]
  /// Whether `*` was listed.
  public private(set) var allowsAny: Bool

  public init(allowing origins: [String]) {
    self.origins = []
    self.allowsAny = false
    for origin in origins { allow(origin) }
  }

  /// Adds an origin (`*` allows all).
  public mutating func allow(_ origin: String) {
    if origin == "*" {
      allowsAny = true
      return
    }
    let normalized = Self.normalize(origin)
    if !origins.contains(normalized) { origins.append(normalized) }
  }

  /// Whether a handshake carrying this Origin header (nil: none) may proceed.
  public func allows(_ origin: String?) -> Bool {
    guard let origin else { return true }
    if allowsAny { return true }
    return origins.contains(Self.normalize(origin))
  }

  /// The origins a server listening on `host:port` calls its own. A loopback or wildcard host
  /// also answers as `localhost`, `127.0.0.1` and `[::1]`; `extraHosts` (the machine's own
  /// addresses and name, when listening on every interface) are added as given.
  ///
  ///     OriginPolicy.ownOrigins(host: "127.0.0.1", port: 8080)
  ///     // ["http://127.0.0.1:8080", "http://localhost:8080", "http://[::1]:8080"]
  public static func ownOrigins(host: String, port: Int, extraHosts: [String] = []) -> [String] {
    let loopback = ["127.0.0.1", "localhost", "::1", "[::1]", "0.0.0.0", "::", "[::]"]
    var hosts = [host]
    if loopback.contains(host.lowercased()) {
      hosts += ["127.0.0.1", "localhost", "::1"]
    }
    hosts += extraHosts
    var result: [String] = []
    for name in hosts where !["0.0.0.0", "::", "[::]"].contains(name) {
      let bracketed = name.contains(":") && !name.hasPrefix("[") ? "[\(name)]" : name
      let origin = normalize("http://\(bracketed):\(port)")
      if !result.contains(origin) { result.append(origin) }
    }
    return result
  }

  /// Lowercases the scheme and host, drops a trailing `/` and the scheme's default port, so that
  /// `HTTP://Example.com:80/` and `http://example.com` compare equal.
  public static func normalize(_ origin: String) -> String {
    var text = origin.lowercased()
    if text.hasSuffix("/") { text.removeLast() }
    if text.hasPrefix("http://") && text.hasSuffix(":80") { text.removeLast(3) }
    if text.hasPrefix("https://") && text.hasSuffix(":443") { text.removeLast(4) }
    return text
  }
}
