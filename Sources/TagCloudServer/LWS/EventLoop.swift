import CLibWebSockets
import CLibWebSocketsShim

#if canImport(Glibc)
  import Glibc
#endif

/// The loop that waits for the sockets: epoll (libev's, which lws drives through its libev
/// plugin) where it can be had, else lws's own poll() loop.
///
/// Why: lws's default loop calls poll() on every socket at each wake-up. At 1,000 WebSockets
/// that walk cost about 50 µs, and the server wakes for nearly every viewport: measured with
/// `perf`, 62 % of `tagcloud serve`'s CPU under the open-loop bench went to poll(), more than
/// the layouts, the JSON and the sends together. epoll costs what the ready sockets cost.
///
/// `TAGCLOUD_EVENT_LOOP=poll` keeps lws's poll loop (to compare, or if the plugin misbehaves);
/// a machine without libev or lws's plugin (`libwebsockets-evlib-ev`) gets it too, silently:
/// both are loaded at run time, so the release binary still needs only `libwebsockets17`.
///
///     let loop = EventLoop.make()
///     loop.configure(&info, in: &arena)   // before lws_create_context
///     while loop.serviceOnce(context) { ... }
struct EventLoop {
  /// libev's loop, or nil for lws's poll loop.
  private(set) var epoll: UnsafeMutableRawPointer?

  /// The loop this process should use (see the type's comment).
  static func make() -> EventLoop {
    if let choice = getenv("TAGCLOUD_EVENT_LOOP"), String(cString: choice) == "poll" {
      return EventLoop(epoll: nil)
    }
    return EventLoop(epoll: tc_epoll_loop_new())
  }

  /// "epoll" or "poll", for the log and the bench.
  var name: String { epoll == nil ? "poll" : "epoll" }

  /// Hands the loop to lws (a foreign libev loop); nothing for poll.
  func configure(_ info: inout lws_context_creation_info, in arena: inout CArena) {
    guard let epoll else { return }
    let loops = arena.allocate(UnsafeMutableRawPointer?.self, count: 1)
    loops[0] = epoll
    info.foreign_loops = loops
    info.options |= UInt64(LWS_SERVER_OPTION_LIBEV)
  }

  /// One turn: waits for events (or a timer, or lws_cancel_service) and handles them. False
  /// when lws's poll loop reports a fatal error.
  func serviceOnce(_ context: OpaquePointer) -> Bool {
    guard let epoll else { return lws_service(context, 0) >= 0 }
    tc_epoll_loop_run_once(epoll)
    return true
  }

  /// Frees the loop; after lws_context_destroy.
  mutating func destroy() {
    if let epoll { tc_epoll_loop_destroy(epoll) }
    epoll = nil
  }
}
