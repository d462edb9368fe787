/// How a worker process ended, decoded from a `waitpid` status word (the `WIFEXITED` and
/// `WTERMSIG` macros, which Swift cannot import).
///
///     WorkerExit(waitStatus: 0x0100)  // .exited(1)
///     WorkerExit(waitStatus: 9)       // .signaled(9)
public enum WorkerExit: Equatable, Sendable, CustomStringConvertible {
  case exited(Int32)
  case signaled(Int32)

  public init(waitStatus: Int32) {
    let low = waitStatus & 0x7f
    self = low == 0 ? .exited((waitStatus >> 8) & 0xff) : .signaled(low)
  }

  /// Exited with status 0.
  public var isClean: Bool { self == .exited(0) }

  public var description: String {
    switch self {
    case .exited(let status): return "exited with status \(status)"
    case .signaled(let signal):
      return "killed by signal \(signal)\(Self.signalNames[signal].map { " (\($0))" } ?? "")"
    }
  }

  private static let signalNames: [Int32: String] = [
    1: "SIGHUP", 2: "SIGINT", 3: "SIGQUIT", 4: "SIGILL", 5: "SIGTRAP", 6: "SIGABRT", 7: "SIGBUS",
    8: "SIGFPE", 9: "SIGKILL", 11: "SIGSEGV", 13: "SIGPIPE", 15: "SIGTERM",
  ]
}
