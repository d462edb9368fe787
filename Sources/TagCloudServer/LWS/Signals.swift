import CLibWebSockets
import TagCloudLive

#if canImport(Glibc)
  import Glibc
#endif

/// SIGINT/SIGTERM (stop) and SIGHUP (reread `--tags FILE`) handling. The handlers only record
/// the signal and wake the service loop (lws_cancel_service writes to lws's wake-up pipe); the
/// loop does the rest on its thread.
/// The globals are the adapter's only mutable global state, which a signal handler needs.
enum Signals {
  /// The last stop signal received (0: none yet).
  nonisolated(unsafe) static var received: Int32 = 0
  /// How many stop signals arrived: a second one during the drain grace closes at once.
  nonisolated(unsafe) static var count: Int = 0
  /// How many SIGHUPs arrived (the loop rereads the tags file when this moves).
  nonisolated(unsafe) static var reloads: Int = 0
  nonisolated(unsafe) fileprivate static var context: OpaquePointer?

  static func install(context: OpaquePointer) {
    Self.context = context
    signal(SIGPIPE, SIG_IGN)
    signal(SIGINT, handler)
    signal(SIGTERM, handler)
    signal(SIGHUP, reloadHandler)
  }

  static func uninstall() {
    signal(SIGINT, SIG_DFL)
    signal(SIGTERM, SIG_DFL)
    signal(SIGHUP, SIG_DFL)
    context = nil
  }

  static func name(_ signal: Int32) -> String {
    switch signal {
    case SIGINT: return "SIGINT"
    case SIGTERM: return "SIGTERM"
    case SIGHUP: return "SIGHUP"
    default: return "signal \(signal)"
    }
  }

}

private func handler(_ signal: Int32) {
  Signals.received = signal
  Signals.count &+= 1
  if let context = Signals.context { lws_cancel_service(context) }
}

private func reloadHandler(_ signal: Int32) {
  Signals.reloads &+= 1
  if let context = Signals.context { lws_cancel_service(context) }
}
