import CLibWebSockets
import TagCloudLive

/// What the lws context is made from: the setup tables (``ServerSetup`` through
/// ``SetupTables``), each protocol's C callback, the idle policy.
extension LiveServer {
  /// The protocols and mounts this process serves, as the settings turn them on.
  var setup: ServerSetup {
    ServerSetup(echo: echo != nil, sharedListener: sharedListener != nil)
  }

  static func callback(for entry: ServerSetup.ServerProtocol) -> SetupTables.Callback {
    switch entry {
    case .http: return httpCallback
    case .live: return liveCallback
    case .staticFiles: return staticFileCallback
    case .echo: return echoCallback
    case .sharedListener: return acceptCallback
    }
  }

  func makeRetryPolicy() -> UnsafeMutablePointer<lws_retry_bo_t> {
    let policy = arena.allocate(lws_retry_bo_t.self, count: 1)
    policy.pointee.secs_since_valid_ping = UInt16(settings.pingAfter)
    policy.pointee.secs_since_valid_hangup = UInt16(settings.hangUpAfter)
    return policy
  }
}
