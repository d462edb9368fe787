/// The supervision logic of `tagcloud serve --workers N`, without processes: it is told what
/// happened (a worker started, became ready, exited; a stop signal; the time) and answers with
/// what to do (spawn worker k, send SIGTERM or SIGKILL to a pid, exit). The adapter
/// (``WorkerProcesses``) does the `posix_spawn`, `kill` and `waitpid`.
///
///     var supervisor = WorkerSupervisor(count: 2, stopTimeout: 6)
///     supervisor.start(now: 0)                       // [.spawn(worker: 1), .spawn(worker: 2)]
///     supervisor.spawned(worker: 1, pid: 101, now: 0)
///     supervisor.spawned(worker: 2, pid: 102, now: 0)
///     supervisor.ready(pid: 101, now: 0.1)           // false: worker 2 is not ready yet
///     supervisor.ready(pid: 102, now: 0.1)           // true: all ready, the port is served
///     supervisor.exited(pid: 102, how: .signaled(9), now: 60)  // [.spawn(worker: 2)]
///     supervisor.stop(now: 70)                        // [.terminate(pid: 101), .terminate(pid: ...)]
///
/// Rules:
/// - Starting (until every worker has been ready once): any exit is a failure to start: the
///   others are stopped and the supervisor exits 1 (a worker's own log line says why).
/// - Running: a worker that exits is restarted after ``RestartBackoff/delay(quickExits:)``
///   (at once if it had run stably; growing delays if it keeps dying soon after starting).
/// - Stopping (the first SIGTERM/SIGINT): no more restarts; every worker gets SIGTERM (it drains
///   and closes its WebSockets with 1001); a second signal sends SIGTERM again (the worker then
///   closes at once); a worker still alive `stopTimeout` seconds later gets SIGKILL. The exit
///   status is 0 when every worker exited with 0, else 1.
///
/// - Complexity: O(n) per event in the number of workers.
public struct WorkerSupervisor: Equatable, Sendable {
  public enum Action: Equatable, Sendable {
    case spawn(worker: Int)
    case terminate(pid: Int32)
    case kill(pid: Int32)
    case exit(status: Int32)
  }

  public enum Phase: Equatable, Sendable {
    case starting
    case running
    case stopping(deadline: Double)
    case done(status: Int32)
  }

  /// One worker slot; its number (1...N) is its label in logs and `/metrics`.
  public struct Worker: Equatable, Sendable {
    public let number: Int
    public internal(set) var pid: Int32?
    public internal(set) var startedAt = 0.0
    public internal(set) var ready = false
    /// Consecutive exits soon after a start (see ``RestartBackoff/stableAfter``).
    public internal(set) var quickExits = 0
    /// When a dead worker is due to be started again.
    public internal(set) var restartAt: Double?
    /// How often this slot has been restarted.
    public internal(set) var restarts = 0
    var killed = false
  }

  public private(set) var workers: [Worker]
  public private(set) var phase = Phase.starting
  public let backoff: RestartBackoff
  /// Seconds from the stop signal to SIGKILL for a worker still alive.
  public let stopTimeout: Double
  private var failed = false

  public init(count: Int, backoff: RestartBackoff = RestartBackoff(), stopTimeout: Double) {
    precondition(count >= 1, "a supervisor needs a worker")
    workers = (1...count).map { Worker(number: $0) }
    self.backoff = backoff
    self.stopTimeout = stopTimeout
  }

  /// The pids of the workers alive now.
  public var livePids: [Int32] { workers.compactMap(\.pid) }

  /// The earliest moment ``tick(now:)`` has something to do; nil when only events matter.
  public var nextDeadline: Double? {
    switch phase {
    case .running: return workers.compactMap(\.restartAt).min()
    case .stopping(let deadline):
      return workers.contains { $0.pid != nil && !$0.killed } ? deadline : nil
    default: return nil
    }
  }

  /// Spawns every worker.
  public mutating func start(now: Double) -> [Action] {
    assert(phase == .starting && livePids.isEmpty)
    return workers.map { .spawn(worker: $0.number) }
  }

  /// The adapter started worker `worker` as `pid`.
  public mutating func spawned(worker: Int, pid: Int32, now: Double) {
    let index = worker - 1
    assert(workers.indices.contains(index) && workers[index].pid == nil)
    workers[index].pid = pid
    workers[index].startedAt = now
    workers[index].ready = false
    workers[index].killed = false
    workers[index].restartAt = nil
  }

  /// The adapter could not start worker `worker` (posix_spawn failed): like an immediate exit.
  public mutating func spawnFailed(worker: Int, now: Double) -> [Action] {
    let index = worker - 1
    workers[index].pid = nil
    workers[index].startedAt = now
    return afterExit(index: index, clean: false, now: now)
  }

  /// Worker `pid` is listening. True when this made every worker ready for the first time (the
  /// supervisor is then running, and logs that the port is served).
  public mutating func ready(pid: Int32, now: Double) -> Bool {
    guard let index = workers.firstIndex(where: { $0.pid == pid }) else { return false }
    workers[index].ready = true
    guard phase == .starting, workers.allSatisfy(\.ready) else { return false }
    phase = .running
    return true
  }

  /// Worker `pid` ended (`waitpid`).
  public mutating func exited(pid: Int32, how: WorkerExit, now: Double) -> [Action] {
    guard let index = workers.firstIndex(where: { $0.pid == pid }) else { return [] }
    workers[index].pid = nil
    workers[index].ready = false
    return afterExit(index: index, clean: how.isClean, now: now)
  }

  /// SIGTERM or SIGINT reached the supervisor.
  public mutating func stop(now: Double) -> [Action] {
    switch phase {
    case .starting, .running:
      phase = .stopping(deadline: now + stopTimeout)
      for index in workers.indices { workers[index].restartAt = nil }
    case .stopping:
      break  // a second signal: SIGTERM again, which makes each worker close at once
    case .done:
      return []
    }
    return finishIfDrained() ?? livePids.map { .terminate(pid: $0) }
  }

  /// Time passed: due restarts, or SIGKILL for workers that outlived the stop timeout.
  public mutating func tick(now: Double) -> [Action] {
    switch phase {
    case .running:
      var actions: [Action] = []
      for index in workers.indices {
        if let due = workers[index].restartAt, due <= now, workers[index].pid == nil {
          workers[index].restartAt = nil
          workers[index].restarts += 1
          actions.append(.spawn(worker: workers[index].number))
        }
      }
      return actions
    case .stopping(let deadline) where now >= deadline:
      var actions: [Action] = []
      for index in workers.indices where workers[index].pid != nil && !workers[index].killed {
        workers[index].killed = true
        failed = true
        actions.append(.kill(pid: workers[index].pid!))
      }
      return actions
    default:
      return []
    }
  }

  private mutating func afterExit(index: Int, clean: Bool, now: Double) -> [Action] {
    switch phase {
    case .starting:
      // A worker that cannot start will not start on a retry either (the supervisor checked
      // the port, folder and tags already): stop the others and report it.
      failed = true
      phase = .stopping(deadline: now + stopTimeout)
      return finishIfDrained() ?? livePids.map { .terminate(pid: $0) }
    case .running:
      let lived = now - workers[index].startedAt
      workers[index].quickExits = lived < backoff.stableAfter ? workers[index].quickExits + 1 : 0
      let delay = backoff.delay(quickExits: workers[index].quickExits)
      workers[index].restartAt = now + delay
      return tick(now: now)
    case .stopping:
      if !clean { failed = true }
      return finishIfDrained() ?? []
    case .done:
      return []
    }
  }

  private mutating func finishIfDrained() -> [Action]? {
    guard livePids.isEmpty else { return nil }
    let status: Int32 = failed ? 1 : 0
    phase = .done(status: status)
    return [.exit(status: status)]
  }
}
