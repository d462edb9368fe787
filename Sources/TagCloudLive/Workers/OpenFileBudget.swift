/// Whether the process's open-file limit (RLIMIT_NOFILE) can hold the session cap, and what to
/// raise the soft limit to. Like nginx (`worker_rlimit_nofile`) and as systemd recommends for
/// programs that do not use `select()`, the soft limit is raised up to the hard limit when the
/// cap needs more; only what the hard limit cannot give is reported.
///
///     let plan = OpenFileBudget.plan(maxSessions: 20_000, soft: 1024, hard: 524_288)
///     // plan.raiseSoftLimitTo == 20_064, plan.shortfall == nil
///
/// - Complexity: O(1).
public enum OpenFileBudget {
  /// Descriptors a serving process uses besides its WebSockets: stdio, the listening socket,
  /// lws's wake-up pipe, static files being sent and their HTTP connections.
  public static let reserve: UInt64 = 64

  public struct Plan: Equatable, Sendable {
    /// Descriptors the cap needs (`maxSessions` + ``OpenFileBudget/reserve``).
    public var needed: UInt64
    /// Set when the soft limit must be raised (to at most the hard limit).
    public var raiseSoftLimitTo: UInt64?
    /// Set when even the hard limit is too low: the limit the process will have.
    public var shortfall: UInt64?
  }

  /// `soft` and `hard` as `getrlimit` reports them (`UInt64.max` for RLIM_INFINITY).
  public static func plan(maxSessions: Int, soft: UInt64, hard: UInt64) -> Plan {
    let needed = UInt64(max(0, maxSessions)) + reserve
    guard soft < needed else { return Plan(needed: needed) }
    let reachable = min(needed, hard)
    return Plan(
      needed: needed, raiseSoftLimitTo: reachable > soft ? reachable : nil,
      shortfall: reachable < needed ? reachable : nil)
  }

  /// The warning line for a shortfall: both numbers and what to do.
  public static func warning(maxSessions: Int, plan: Plan) -> String? {
    guard let limit = plan.shortfall else { return nil }
    return
      "warning: --max-sessions \(maxSessions) needs about \(plan.needed) open files per worker, but the open-file limit is \(limit) (hard limit): connections past about \(limit > reserve ? limit - reserve : 0) will fail; raise it (ulimit -n, LimitNOFILE= in systemd) or lower --max-sessions"
  }
}
