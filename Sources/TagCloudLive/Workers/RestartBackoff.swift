/// How long a supervisor waits before restarting a worker that died, so that a crash loop does
/// not spin: a worker that ran for a while is restarted at once; one that keeps dying soon after
/// it started waits 0.5 s, 1 s, 2 s, ... up to `cap` (the way systemd's `RestartSec` with
/// `RestartSteps`, or Kubernetes' CrashLoopBackOff, grows).
///
///     let backoff = RestartBackoff()
///     backoff.delay(quickExits: 0)  // 0: it had been running stably
///     backoff.delay(quickExits: 3)  // 2 s
///
/// - Complexity: O(1).
public struct RestartBackoff: Equatable, Sendable {
  /// A worker that lived at least this long is "stable": its next restart is immediate.
  public var stableAfter: Double = 10
  /// The first delay after a quick exit.
  public var initial: Double = 0.5
  /// The longest delay.
  public var cap: Double = 30

  public init() {}

  /// The delay before a restart, after `quickExits` consecutive exits each within
  /// ``stableAfter`` of their start (0 when the last run was stable).
  public func delay(quickExits: Int) -> Double {
    guard quickExits > 0 else { return 0 }
    let doublings = min(quickExits - 1, 16)
    return min(cap, initial * Double(1 << doublings))
  }
}
