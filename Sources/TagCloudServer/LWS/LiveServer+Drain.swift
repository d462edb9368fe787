import CLibWebSockets
import CLibWebSocketsShim
import TagCloudLive

/// The stop: the first SIGINT/SIGTERM starts the drain (`/readyz` 503, open WebSockets still
/// served for `--drain-grace`), its end or a second signal closes every WebSocket with 1001;
/// SIGHUP rereads `--tags FILE`; and the once-a-second tick that expires abandoned sessions.
extension LiveServer {
  /// The first stop signal starts the drain (`/readyz` 503, connections still served); the
  /// grace's end, or a second signal, closes them.
  func noticeSignals() {
    if Signals.reloads != reloadsSeen {
      reloadsSeen = Signals.reloads
      reloadTags()
    }
    let count = Signals.count
    guard count > 0, !stopping else { return }
    if drainEnds == nil {
      drainEnds = monotonicSeconds() + settings.drainGrace
      if settings.drainGrace > 0 {
        logLine(
          "draining (\(Signals.name(Signals.received))): /readyz answers 503; WebSockets close with 1001 in \(settings.drainGrace) s (a second signal closes them now)"
        )
        scheduleTick(after: 0.05)
      }
    }
    if count >= 2 || settings.drainGrace <= 0 { beginStop() }
  }

  /// Closes every WebSocket with 1001 (going away): the close frames go out from the writable
  /// callbacks; the loop ends when all are closed or after 0.6 s, well inside a second.
  func beginStop() {
    stopping = true
    sessionsAtStop = sockets.count
    stopDeadline = monotonicSeconds() + 0.6
    for socket in sockets.values { lws_callback_on_writable(socket) }
    scheduleTick(after: 0.05)
  }

  /// Expires abandoned sessions once a second (and wakes the loop while stopping).
  func scheduleTick(after seconds: Double = 1) {
    guard let context else { return }
    let timer = tickTimer ?? arena.allocate(tc_timer.self, count: 1)
    tickTimer = timer
    timer.pointee.owner = Unmanaged.passUnretained(self).toOpaque()
    tc_timer_schedule(context, timer, tickCallback, Int64(seconds * 1_000_000))
  }

  func tick() {
    let now = monotonicSeconds()
    hub.expire(now: now)
    if let drainEnds, !stopping, now >= drainEnds { beginStop() }
    scheduleTick(after: drainEnds != nil ? 0.05 : 1)
  }

  /// SIGHUP: the tags file is read again; a good one replaces the served set (every live
  /// session told, see ``LiveHub/replaceTags(with:now:)``), a bad one keeps the current set
  /// and the log says why.
  func reloadTags() {
    guard let path = settings.tagsFile else {
      logLine("SIGHUP: started without --tags FILE; the demo's tags stay")
      return
    }
    let current = hub.configuration.tags.count
    switch TagFileLoader.load(path) {
    case .failure(let failure):
      logLine("error: SIGHUP: \(failure.message); keeping the current \(current) tags")
    case .success(let loaded):
      let change = hub.replaceTags(with: loaded, now: monotonicSeconds())
      func names(_ ids: [[UInt8]]) -> String {
        ids.isEmpty
          ? "none" : ids.map { String(decoding: $0, as: UTF8.self) }.joined(separator: ", ")
      }
      logLine(
        "SIGHUP: reloaded \(path): \(hub.configuration.tags.count) tags (added: \(names(change.added)); removed: \(names(change.removed))); \(change.liveSessions) live session(s) told"
      )
      wake()
    }
  }
}
