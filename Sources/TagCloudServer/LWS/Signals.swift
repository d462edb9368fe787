import CLibWebSockets
import TagCloudLive

#if canImport(Glibc)
  import Glibc
#endif

/// SIGINT/SIGTERM handling. The handler only records the signal and wakes the service loop
/// (lws_cancel_service writes to lws's wake-up pipe); the loop does the rest on its thread.
/// The globals are the adapter's only mutable global state, which a signal handler needs.
enum Signals {
  /// The last stop signal received (0: none yet).
  nonisolated(unsafe) static var received: Int32 = 0
  /// How many stop signals arrived: a second one during the drain grace closes at once.
  nonisolated(unsafe) static var count: Int = 0
  nonisolated(unsafe) fileprivate static var context: OpaquePointer?

  static func install(context: OpaquePointer) {
    Self.context = context
    signal(SIGPIPE, SIG_IGN)
    signal(SIGINT, handler)
    signal(SIGTERM, handler)
  }

  static func uninstall() {
    signal(SIGINT, SIG_DFL)
    signal(SIGTERM, SIG_DFL)
    context = nil
  }

  static func name(_ signal: Int32) -> String {
    switch signal {
    case SIGINT: return "SIGINT"
    case SIGTERM: return "SIGTERM"
    default: return "signal \(signal)"
    }
  }

}

private func handler(_ signal: Int32) {
  Signals.received = signal
  Signals.count &+= 1
  if let context = Signals.context { lws_cancel_service(context) }
}
