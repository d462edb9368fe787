import CLibWebSocketsShim
import TagCloudLive

#if canImport(Glibc)
  import Glibc
#endif

/// The thin process adapter of `tagcloud serve --workers N`: it spawns the workers
/// (`posix_spawn` of this same executable, same arguments plus `--port`, a ``WorkerRole`` in the
/// environment), reaps them (`waitpid`), reads their readiness reports, forwards stop signals,
/// and carries out what ``WorkerSupervisor`` decides. It serves nothing itself.
///
///     let status = WorkerProcesses.run(settings, count: 2, arguments: CommandLine.arguments)
///
/// - The supervisor checks the web folder, the address and the port first (a busy port is one
///   clear line and exit 1, as without workers), then binds the port with SO_REUSEPORT without
///   listening and keeps it for its lifetime: no other program takes the port while a worker
///   restarts, and `--port 0` is resolved once here, so every worker shares the one port.
/// - Workers run in a session of their own (a terminal's Ctrl-C reaches only the supervisor,
///   which forwards it as SIGTERM; and each gets its own autogroup CPU share) and get SIGTERM
///   if the supervisor dies (PR_SET_PDEATHSIG).
public enum WorkerProcesses {
  public static func run(_ settings: ServerSettings, count: Int, arguments: [String]) -> Int32 {
    let webRoot: String
    let address: Network.Address
    switch LiveServer.preflight(settings, sharedPort: false) {
    case .failure(let failure):
      logLine("error: \(failure.message)")
      return 1
    case .success(let checked): (webRoot, address) = checked
    }
    let reservation: Int32
    let port: Int
    switch Network.bindShared(address, port: settings.port, listening: false) {
    case .failure(let failure):
      logLine("error: \(failure.message)")
      return 1
    case .success(let bound): (reservation, port) = bound
    }
    defer { close(reservation) }

    guard let wakeup = Pipe(), let notify = Pipe() else {
      logLine("error: cannot create a pipe: \(Network.errorText())")
      return 1
    }
    defer {
      wakeup.close()
      notify.close()
    }
    SupervisorSignals.install(writingTo: wakeup.write)
    defer { SupervisorSignals.uninstall() }

    var loop = Loop(
      settings: settings, webRoot: webRoot, address: address, port: port,
      arguments: arguments, wakeup: wakeup, notify: notify,
      supervisor: WorkerSupervisor(count: count, stopTimeout: settings.drainGrace + 5))
    return loop.run()
  }

  /// The number of cores this process may run on (its CPU affinity), at least 1.
  public static func availableCores() -> Int {
    let count = Int(tc_available_cpus())
    return count > 0 ? count : max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
  }

  private struct Loop {
    let settings: ServerSettings
    let webRoot: String
    let address: Network.Address
    let port: Int
    let arguments: [String]
    let wakeup: Pipe
    let notify: Pipe
    var supervisor: WorkerSupervisor
    var notifyBuffer: [UInt8] = []
    var stopSignal: Int32 = 0

    mutating func run() -> Int32 {
      perform(supervisor.start(now: monotonicSeconds()))
      while true {
        if case .done(let status) = supervisor.phase {
          finish(status: status)
          return status
        }
        waitForEvents()
        let now = monotonicSeconds()
        for signal in readSignals() {
          if signal == SIGCHLD { continue }
          if signal == SIGHUP {
            // Each worker rereads the tags file (a worker restarted later reads it at start).
            let pids = supervisor.livePids
            logLine("SIGHUP: passed on to \(pids.count) worker(s), which reread the tags file")
            for pid in pids { kill(pid, SIGHUP) }
            continue
          }
          stopSignal = signal
          if case .stopping = supervisor.phase {
            logLine("\(Signals.name(signal)) again: workers close their WebSockets now")
          } else {
            logLine(
              "stopping (\(Signals.name(signal))): \(supervisor.livePids.count) worker(s) drain: /readyz 503, WebSockets closed with 1001 after \(settings.drainGrace) s"
            )
          }
          perform(supervisor.stop(now: now))
        }
        reap(now: now)
        readReadiness(now: now)
        perform(supervisor.tick(now: monotonicSeconds()))
      }
    }

    private func waitForEvents() {
      var timeout: Int32 = 1000
      if let deadline = supervisor.nextDeadline {
        let milliseconds = (deadline - monotonicSeconds()) * 1000
        timeout = Int32(max(0, min(1000, milliseconds.rounded(.up))))
      }
      var descriptors = [
        pollfd(fd: wakeup.read, events: Int16(POLLIN), revents: 0),
        pollfd(fd: notify.read, events: Int16(POLLIN), revents: 0),
      ]
      _ = poll(&descriptors, nfds_t(descriptors.count), timeout)
    }

    private func readSignals() -> [Int32] {
      var signals: [Int32] = []
      var buffer = [UInt8](repeating: 0, count: 64)
      while true {
        let count = read(wakeup.read, &buffer, buffer.count)
        if count <= 0 { break }
        signals += buffer[0..<count].map { Int32($0) }
      }
      return signals
    }

    private mutating func reap(now: Double) {
      while true {
        var status: Int32 = 0
        let pid = waitpid(-1, &status, WNOHANG)
        if pid <= 0 { break }
        let how = WorkerExit(waitStatus: status)
        guard let worker = supervisor.workers.first(where: { $0.pid == pid }) else { continue }
        let lived = now - worker.startedAt
        let phase = supervisor.phase
        let actions = supervisor.exited(pid: pid, how: how, now: now)
        switch phase {
        case .starting:
          logLine(
            "error: worker \(worker.number) (pid \(pid)) \(how) before it was ready; stopping")
        case .running:
          let slot = supervisor.workers[worker.number - 1]
          let delay = max(0, (slot.restartAt ?? now) - now)
          logLine(
            "error: worker \(worker.number) (pid \(pid)) \(how) after \(format(lived)) s; restarting it \(delay > 0 ? "in \(format(delay)) s (it exited within \(Int(supervisor.backoff.stableAfter)) s of its start)" : "now")"
          )
        default:
          if !how.isClean {
            logLine("error: worker \(worker.number) (pid \(pid)) \(how) while stopping")
          }
        }
        perform(actions)
      }
    }

    private mutating func readReadiness(now: Double) {
      var buffer = [UInt8](repeating: 0, count: 256)
      while true {
        let count = read(notify.read, &buffer, buffer.count)
        if count <= 0 { break }
        notifyBuffer += buffer[0..<count]
      }
      while let newline = notifyBuffer.firstIndex(of: 0x0A) {
        let line = String(decoding: notifyBuffer[..<newline], as: UTF8.self)
        notifyBuffer.removeSubrange(...newline)
        guard let pid = Int32(line) else { continue }
        if supervisor.ready(pid: pid, now: now) {
          let pids = supervisor.livePids.map(String.init).joined(separator: ", ")
          logLine(
            "listening on http://\(Network.display(address.numeric)):\(port) (web \(webRoot), \(settings.live.tags.count) tags, WebSocket \(LiveServer.livePath) \(LiveServer.subprotocol), \(supervisor.workers.count) workers: pids \(pids); supervisor pid \(getpid()))"
          )
        }
      }
    }

    private mutating func perform(_ actions: [WorkerSupervisor.Action]) {
      var pending = actions
      while !pending.isEmpty {
        let action = pending.removeFirst()
        switch action {
        case .spawn(let number):
          let now = monotonicSeconds()
          if let pid = spawn(worker: number) {
            supervisor.spawned(worker: number, pid: pid, now: now)
          } else {
            logLine("error: cannot start worker \(number): \(Network.errorText())")
            pending += supervisor.spawnFailed(worker: number, now: now)
          }
        case .terminate(let pid):
          kill(pid, SIGTERM)
        case .kill(let pid):
          logLine(
            "error: worker (pid \(pid)) did not stop within \(format(supervisor.stopTimeout)) s; SIGKILL"
          )
          kill(pid, SIGKILL)
        case .exit:
          break  // the loop sees .done
        }
      }
    }

    private func finish(status: Int32) {
      let signal = stopSignal == 0 ? "a worker failed to start" : Signals.name(stopSignal)
      logLine(
        status == 0
          ? "stopped (\(signal)): \(supervisor.workers.count) workers drained"
          : "stopped (\(signal)): not every worker stopped cleanly (see above)")
    }

    /// `posix_spawn` of this executable with the same arguments plus `--port` (a later flag
    /// wins), in a session of its own, the readiness pipe as descriptor 3.
    private func spawn(worker number: Int) -> Int32? {
      let descriptor: Int32 = 3
      var environment = processEnvironmentLines().filter {
        !$0.hasPrefix(WorkerRole.numberVariable + "=")
          && !$0.hasPrefix(WorkerRole.notifyVariable + "=")
          && !$0.hasPrefix(WorkerRole.parentVariable + "=")
      }
      let role = WorkerRole(number: number, notifyDescriptor: descriptor, parent: getpid())
      environment += role.environment.map { "\($0.key)=\($0.value)" }
      let argv = arguments + ["--port", String(port)]

      var actions = posix_spawn_file_actions_t()
      posix_spawn_file_actions_init(&actions)
      defer { posix_spawn_file_actions_destroy(&actions) }
      posix_spawn_file_actions_adddup2(&actions, notify.write, descriptor)
      var attributes = posix_spawnattr_t()
      posix_spawnattr_init(&attributes)
      defer { posix_spawnattr_destroy(&attributes) }
      var defaults = sigset_t()
      sigemptyset(&defaults)
      for signal in [SIGINT, SIGTERM, SIGHUP, SIGCHLD] { sigaddset(&defaults, signal) }
      var mask = sigset_t()
      sigemptyset(&mask)
      posix_spawnattr_setsigdefault(&attributes, &defaults)
      posix_spawnattr_setsigmask(&attributes, &mask)
      // A session of its own (and so a process group of its own): a terminal's Ctrl-C reaches
      // only the supervisor, and under Linux's autogroup scheduling (processes outside any CPU
      // cgroup) each worker gets a CPU share of its own, like a separate server, instead of N
      // workers splitting one share when the machine is busy.
      posix_spawnattr_setflags(
        &attributes,
        tc_posix_spawn_setsid_flag() | Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

      var cArguments = argv.map { strdup($0) } + [nil]
      var cEnvironment = environment.map { strdup($0) } + [nil]
      defer {
        for pointer in cArguments { free(pointer) }
        for pointer in cEnvironment { free(pointer) }
      }
      var pid: pid_t = 0
      let status = posix_spawn(
        &pid, "/proc/self/exe", &actions, &attributes, &cArguments, &cEnvironment)
      guard status == 0 else {
        errno = status
        return nil
      }
      return pid
    }
  }

}

private func format(_ seconds: Double) -> String {
  let tenths = Int((seconds * 10).rounded())
  return "\(tenths / 10).\(tenths % 10)"
}

/// The environment as `NAME=value` lines, for a child's.
private func processEnvironmentLines() -> [String] {
  var lines: [String] = []
  var cursor = environ
  while let entry = cursor.pointee {
    lines.append(String(cString: entry))
    cursor += 1
  }
  return lines
}

/// A pipe with both ends close-on-exec and non-blocking, moved above descriptor 9 (so that a
/// `dup2` onto 3 in a child is never a no-op that keeps close-on-exec).
struct Pipe {
  let read: Int32
  let write: Int32

  init?() {
    var ends: [Int32] = [0, 0]
    guard pipe(&ends) == 0 else { return nil }
    read = Pipe.lift(ends[0])
    write = Pipe.lift(ends[1])
  }

  private static func lift(_ descriptor: Int32) -> Int32 {
    let moved = fcntl(descriptor, F_DUPFD_CLOEXEC, 10)
    guard moved >= 0 else { return descriptor }
    Glibc.close(descriptor)
    let flags = fcntl(moved, F_GETFL)
    _ = fcntl(moved, F_SETFL, flags | O_NONBLOCK)
    return moved
  }

  func close() {
    Glibc.close(read)
    Glibc.close(write)
  }
}

/// SIGINT, SIGTERM, SIGHUP and SIGCHLD in the supervisor: the handler writes the signal's number to the
/// wake-up pipe (write(2) is async-signal-safe); the loop does the rest. The descriptor is the
/// adapter's only global, which a signal handler needs.
enum SupervisorSignals {
  nonisolated(unsafe) fileprivate static var descriptor: Int32 = -1

  static func install(writingTo descriptor: Int32) {
    Self.descriptor = descriptor
    signal(SIGPIPE, SIG_IGN)
    for number in [SIGINT, SIGTERM, SIGHUP, SIGCHLD] { signal(number, supervisorHandler) }
  }

  static func uninstall() {
    for number in [SIGINT, SIGTERM, SIGHUP, SIGCHLD] { signal(number, SIG_DFL) }
    descriptor = -1
  }
}

private func supervisorHandler(_ signal: Int32) {
  let saved = errno
  var byte = UInt8(truncatingIfNeeded: signal)
  _ = write(SupervisorSignals.descriptor, &byte, 1)
  errno = saved
}
