import Testing

@testable import TagCloudLive

/// The supervision of `--workers N` without processes: which worker is spawned, restarted,
/// signalled or killed when, and with which exit status the supervisor leaves.
@Suite struct WorkerSupervisorTests {
  /// Two workers spawned as pids 101 and 102 at t=0, both ready.
  private func running() -> WorkerSupervisor {
    var supervisor = WorkerSupervisor(count: 2, stopTimeout: 6)
    #expect(supervisor.start(now: 0) == [.spawn(worker: 1), .spawn(worker: 2)])
    supervisor.spawned(worker: 1, pid: 101, now: 0)
    supervisor.spawned(worker: 2, pid: 102, now: 0)
    #expect(supervisor.ready(pid: 101, now: 0.1) == false)
    #expect(supervisor.phase == .starting)
    #expect(supervisor.ready(pid: 102, now: 0.1) == true)
    #expect(supervisor.phase == .running)
    return supervisor
  }

  @Test func aWorkerThatRanStablyIsRestartedAtOnceInItsOwnSlot() {
    var supervisor = running()
    #expect(supervisor.exited(pid: 102, how: .signaled(9), now: 60) == [.spawn(worker: 2)])
    supervisor.spawned(worker: 2, pid: 103, now: 60)
    #expect(supervisor.livePids == [101, 103])
    #expect(supervisor.workers[1].restarts == 1)
    // Becoming ready again is not a new "all ready" moment.
    #expect(supervisor.ready(pid: 103, now: 60.1) == false)
    #expect(supervisor.phase == .running)
  }

  /// Breaking it: restarting at once after every exit makes the second exit spawn immediately.
  @Test func aCrashLoopBacksOffAndStaysUnderTheCap() {
    var supervisor = running()
    var now = 20.0
    // It had run 20 s: restarted at once.
    #expect(supervisor.exited(pid: 101, how: .signaled(11), now: now) == [.spawn(worker: 1)])
    var pid: Int32 = 200
    var delays: [Double] = []
    for _ in 0..<9 {
      supervisor.spawned(worker: 1, pid: pid, now: now)
      now += 0.2  // dies soon after it starts
      let actions = supervisor.exited(pid: pid, how: .exited(1), now: now)
      #expect(actions.isEmpty, "a quick exit is never restarted at once")
      let due = supervisor.nextDeadline!
      delays.append(due - now)
      #expect(supervisor.tick(now: due - 0.01).isEmpty, "not before it is due")
      now = due
      #expect(supervisor.tick(now: now) == [.spawn(worker: 1)])
      pid += 1
    }
    #expect(delays.count == 9)
    #expect(delays.map { ($0 * 100).rounded() / 100 } == [0.5, 1, 2, 4, 8, 16, 30, 30, 30])
    // The other worker was never touched.
    #expect(supervisor.workers[1].pid == 102)
  }

  @Test func backoffResetsAfterAStableRun() {
    var supervisor = running()
    _ = supervisor.exited(pid: 101, how: .exited(1), now: 1)  // quick: 0.5 s
    #expect(supervisor.workers[0].quickExits == 1)
    #expect(supervisor.tick(now: 1.5) == [.spawn(worker: 1)])
    supervisor.spawned(worker: 1, pid: 110, now: 1.5)
    #expect(supervisor.exited(pid: 110, how: .exited(1), now: 100) == [.spawn(worker: 1)])
    #expect(supervisor.workers[0].quickExits == 0)
  }

  @Test func stopTerminatesEveryWorkerAndExits0WhenAllExitCleanly() {
    var supervisor = running()
    #expect(supervisor.stop(now: 10) == [.terminate(pid: 101), .terminate(pid: 102)])
    #expect(supervisor.phase == .stopping(deadline: 16))
    #expect(supervisor.exited(pid: 101, how: .exited(0), now: 11).isEmpty)
    #expect(supervisor.exited(pid: 102, how: .exited(0), now: 11) == [.exit(status: 0)])
    #expect(supervisor.phase == .done(status: 0))
  }

  @Test func aWorkerDyingDuringTheDrainIsNotRestartedAndMakesTheExitStatus1() {
    var supervisor = running()
    _ = supervisor.stop(now: 10)
    #expect(supervisor.exited(pid: 101, how: .signaled(11), now: 10.5).isEmpty)
    #expect(supervisor.tick(now: 12).isEmpty)
    #expect(supervisor.exited(pid: 102, how: .exited(0), now: 12) == [.exit(status: 1)])
  }

  @Test func aPendingRestartIsCancelledByTheStop() {
    var supervisor = running()
    _ = supervisor.exited(pid: 101, how: .exited(1), now: 1)  // restart due at 1.5
    #expect(supervisor.stop(now: 1.2) == [.terminate(pid: 102)])
    #expect(supervisor.tick(now: 2).isEmpty)
    #expect(supervisor.exited(pid: 102, how: .exited(0), now: 2) == [.exit(status: 0)])
  }

  @Test func aSecondSignalTerminatesAgainAndTheStragglerIsKilledAtTheTimeout() {
    var supervisor = running()
    _ = supervisor.stop(now: 10)
    #expect(supervisor.stop(now: 11) == [.terminate(pid: 101), .terminate(pid: 102)])
    #expect(supervisor.phase == .stopping(deadline: 16), "the deadline does not move")
    _ = supervisor.exited(pid: 101, how: .exited(0), now: 11)
    #expect(supervisor.tick(now: 15.9).isEmpty)
    #expect(supervisor.nextDeadline == 16)
    #expect(supervisor.tick(now: 16) == [.kill(pid: 102)])
    #expect(supervisor.tick(now: 17).isEmpty, "killed once")
    #expect(supervisor.exited(pid: 102, how: .signaled(9), now: 16.1) == [.exit(status: 1)])
  }

  @Test func aWorkerThatCannotStartStopsTheOthersWithStatus1() {
    var supervisor = WorkerSupervisor(count: 3, stopTimeout: 6)
    _ = supervisor.start(now: 0)
    supervisor.spawned(worker: 1, pid: 101, now: 0)
    supervisor.spawned(worker: 2, pid: 102, now: 0)
    supervisor.spawned(worker: 3, pid: 103, now: 0)
    _ = supervisor.ready(pid: 101, now: 0.1)
    #expect(
      supervisor.exited(pid: 102, how: .exited(1), now: 0.2)
        == [.terminate(pid: 101), .terminate(pid: 103)])
    #expect(supervisor.tick(now: 1).isEmpty, "no restart while starting")
    _ = supervisor.exited(pid: 101, how: .exited(0), now: 0.3)
    #expect(supervisor.exited(pid: 103, how: .exited(0), now: 0.3) == [.exit(status: 1)])
  }

  @Test func aSpawnFailureWhileRunningIsRetriedWithBackoff() {
    var supervisor = running()
    #expect(supervisor.exited(pid: 101, how: .signaled(9), now: 50) == [.spawn(worker: 1)])
    #expect(supervisor.spawnFailed(worker: 1, now: 50).isEmpty)
    #expect(supervisor.nextDeadline == 50.5)
  }

  @Test func unknownPidsAreIgnored() {
    var supervisor = running()
    #expect(supervisor.exited(pid: 999, how: .exited(0), now: 1).isEmpty)
    #expect(supervisor.ready(pid: 999, now: 1) == false)
    #expect(supervisor.livePids == [101, 102])
  }

  @Test func stoppingBeforeAnyWorkerStartedExitsAtOnce() {
    var supervisor = WorkerSupervisor(count: 1, stopTimeout: 6)
    #expect(supervisor.stop(now: 0) == [.exit(status: 0)])
  }
}

@Suite struct RestartBackoffTests {
  @Test func delays() {
    let backoff = RestartBackoff()
    #expect((0...8).map { backoff.delay(quickExits: $0) } == [0, 0.5, 1, 2, 4, 8, 16, 30, 30])
    #expect(backoff.delay(quickExits: 10_000) == 30)
  }
}

@Suite struct WorkerExitTests {
  @Test func decodesWaitStatusWords() {
    #expect(WorkerExit(waitStatus: 0) == .exited(0))
    #expect(WorkerExit(waitStatus: 0x0100) == .exited(1))
    #expect(WorkerExit(waitStatus: 0x4000) == .exited(64))
    #expect(WorkerExit(waitStatus: 9) == .signaled(9))
    #expect(WorkerExit(waitStatus: 0x80 | 11) == .signaled(11))  // with a core dump
    #expect(WorkerExit(waitStatus: 0).isClean)
    #expect(!WorkerExit(waitStatus: 15).isClean)
    #expect(WorkerExit(waitStatus: 9).description == "killed by signal 9 (SIGKILL)")
    #expect(WorkerExit(waitStatus: 0x0100).description == "exited with status 1")
  }
}

@Suite struct WorkerRoleTests {
  @Test func roundTripsThroughTheEnvironment() {
    let role = WorkerRole(number: 2, notifyDescriptor: 3, parent: 4242)
    #expect(WorkerRole(environment: role.environment) == role)
    #expect(WorkerRole(environment: role.environment.merging(["PATH": "/bin"]) { $1 }) == role)
  }

  @Test func anIncompleteOrBadRoleIsNoRole() {
    #expect(WorkerRole(environment: [:]) == nil)
    #expect(WorkerRole(environment: ["TAGCLOUD_WORKER": "2"]) == nil)
    var bad = WorkerRole(number: 2, notifyDescriptor: 3, parent: 4242).environment
    bad["TAGCLOUD_WORKER"] = "0"
    #expect(WorkerRole(environment: bad) == nil)
    bad["TAGCLOUD_WORKER"] = "x"
    #expect(WorkerRole(environment: bad) == nil)
  }
}
