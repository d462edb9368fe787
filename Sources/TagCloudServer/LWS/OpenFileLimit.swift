import TagCloudLive

#if canImport(Glibc)
  import Glibc
#endif

/// The adapter for ``OpenFileBudget``: reads RLIMIT_NOFILE, raises the soft limit as far as the
/// cap needs and the hard limit allows (before lws sizes its descriptor table from it, and
/// before workers are spawned, which inherit it), and logs a warning line when the hard limit
/// cannot hold the cap.
///
///     OpenFileLimit.fit(maxSessions: 20_000)
public enum OpenFileLimit {
  public static func fit(maxSessions: Int) {
    var limit = rlimit()
    guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return }
    let plan = OpenFileBudget.plan(
      maxSessions: maxSessions, soft: UInt64(limit.rlim_cur), hard: UInt64(limit.rlim_max))
    if let target = plan.raiseSoftLimitTo {
      var raised = limit
      raised.rlim_cur = rlim_t(target)
      if setrlimit(Int32(RLIMIT_NOFILE.rawValue), &raised) != 0 {
        logLine(
          "warning: --max-sessions \(maxSessions) needs about \(plan.needed) open files per worker, but the open-file limit is \(limit.rlim_cur) and could not be raised (\(Network.errorText()))"
        )
        return
      }
    }
    if let warning = OpenFileBudget.warning(maxSessions: maxSessions, plan: plan) {
      logLine(warning)
    }
  }
}
