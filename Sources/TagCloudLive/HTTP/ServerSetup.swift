/// What one `tagcloud serve` process hands libwebsockets at start: its protocols, in order, and
/// its HTTP mounts, each naming the protocol that answers it. A pure description, built by
/// appending what the settings turn on; the adapter turns it into lws's C tables one entry per
/// element (the count is the list's, never an index kept by hand).
///
///     ServerSetup(echo: true, sharedListener: true).protocols
///     // [.http, .live, .staticFiles, .echo, .sharedListener]
///
/// - Complexity: O(1): at most five protocols and four mounts.
public struct ServerSetup: Equatable, Sendable {
  /// One lws protocol of the vhost.
  public enum ServerProtocol: Equatable, Sendable, CaseIterable {
    /// lws's HTTP protocol (its name must be "http"): `/healthz`, `/readyz`, `/metrics`, the
    /// upgrade checks.
    case http
    /// The `/live` WebSocket, `tagcloud.v1`.
    case live
    /// The web folder, behind the "/" mount.
    case staticFiles
    /// `/echo`, only with `--echo`.
    case echo
    /// The raw-file protocol a worker's shared listening socket is adopted under (`--workers`).
    case sharedListener

    /// The name lws knows it by (mounts and adoptions refer to protocols by name).
    public var name: String {
      switch self {
      case .http: return "http"
      case .live: return "tagcloud.v1"
      case .staticFiles: return "tagcloud-static"
      case .echo: return "tagcloud.echo"
      case .sharedListener: return "tagcloud-accept"
      }
    }

    /// The receive buffer lws allocates per connection; 0 takes lws's default.
    public var receiveBufferSize: Int {
      switch self {
      case .live, .echo: return 16 * 1024
      case .http, .staticFiles, .sharedListener: return 0
      }
    }
  }

  /// An HTTP mount: requests under `path` go to `protocol`'s callback.
  public struct Mount: Equatable, Sendable {
    public var path: String
    public var answeredBy: ServerProtocol
  }

  /// The paths the HTTP protocol answers itself.
  public static let healthPaths = ["/healthz", "/readyz", "/metrics"]

  public private(set) var protocols: [ServerProtocol] = []
  public private(set) var mounts: [Mount] = []

  public init(echo: Bool, sharedListener: Bool) {
    protocols.append(.http)
    protocols.append(.live)
    protocols.append(.staticFiles)
    if echo { protocols.append(.echo) }
    if sharedListener { protocols.append(.sharedListener) }
    // The web folder comes first: lws 4.1's lws_find_mount takes the *last* matching callback
    // mount, not the longest.
    mounts.append(Mount(path: "/", answeredBy: .staticFiles))
    for path in Self.healthPaths { mounts.append(Mount(path: path, answeredBy: .http)) }
    assert(Set(protocols.map(\.name)).count == protocols.count, "a protocol listed twice")
    assert(
      mounts.allSatisfy { protocols.contains($0.answeredBy) }, "a mount names a missing protocol")
  }
}
