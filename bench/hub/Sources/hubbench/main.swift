// What `tagcloud serve` spends on a live frame in its own code, without the network: SESSIONS
// sessions of the demo's ten tags, each measured once; then ROUNDS rounds in which every
// session sends a viewport of a new width (as bench/c/loadgen.c does) and takes its layout
// frame. Prints the process's CPU time per frame (receive + takeFrame), the figure
// docs/benchmarks/notes.md quotes for the hub alone. Deterministic work, but timed on a shared
// machine: take the median of a few runs.
//
//   hubbench [SESSIONS] [ROUNDS]   (1000 and 200 by default)
import TagCloudLive

#if canImport(Glibc)
  import Glibc
#endif

func cpuSeconds() -> Double {
  var now = timespec()
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now)
  return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}

let arguments = CommandLine.arguments.dropFirst().compactMap { Int($0) }
let sessions = arguments.first ?? 1000
let rounds = arguments.dropFirst().first ?? 200
var configuration = LiveConfiguration.demo
configuration.maxSessions = sessions
// The load generator's pace (20 a second) is far under the limit; this loop's is not.
configuration.messageRate = 1e9
configuration.messageBurst = 1e9
var hub = LiveHub(configuration: configuration, random: SystemRandomNumberGenerator())

// The measure bench/c/loadgen.c sends: every served id, a plausible capsule.
let sizes = configuration.tags.map { tag in
  let id = String(decoding: tag.id, as: UTF8.self)
  return #"{"id":"\#(id)","size":[\#(40 + 7 * tag.id.count),40]}"#
}
let measure = Array(#"{"type":"measure","tags":[\#(sizes.joined(separator: ","))]}"#.utf8)
var ids: [ConnectionID] = []
for _ in 0..<sessions {
  guard case .success(let id) = hub.open(now: 0) else { fatalError("session refused") }
  ids.append(id)
  _ = hub.receive(measure, from: id, now: 0)
  _ = hub.receive(Array(#"{"type":"viewport","width":390}"#.utf8), from: id, now: 0)
  while hub.takeFrame(for: id, now: 0) != nil {}
}
hub.forEachWakeup { _ in }

let viewports = (0..<64).map { Array(#"{"type":"viewport","width":\#(300 + $0)}"#.utf8) }
var frames = 0
var bytes = 0
var now = 0.0
let start = cpuSeconds()
for round in 0..<rounds {
  for (index, id) in ids.enumerated() {
    now += 1e-5
    _ = hub.receive(viewports[(round + index) & 63], from: id, now: now)
    hub.forEachWakeup { _ in }
    if let frame = hub.takeFrame(for: id, now: now) {
      frames += 1
      bytes += frame.count
    }
  }
}
let perFrame = 1e6 * (cpuSeconds() - start) / Double(max(frames, 1))
print(
  "hubbench: \(frames) frames of \(bytes / max(frames, 1)) bytes, "
    + "\((perFrame * 100).rounded() / 100) µs CPU per frame (receive + takeFrame)")
