import TagCloudLive

#if canImport(Glibc)
  import Glibc
#endif

/// Seconds on the monotonic clock: the only clock the server reads. The protocol layer gets
/// time passed in from here.
func monotonicSeconds() -> Double {
  var spec = timespec()
  clock_gettime(CLOCK_MONOTONIC, &spec)
  return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
}

/// Writes one line to standard error (the server's log).
func logLine(_ text: String) {
  writeAll(Array("\(LogPrefix.current)\(text)\n".utf8), to: 2)
}

/// The start of every log line: `tagcloud serve: `, or `tagcloud serve [worker 2]: ` in a
/// worker. Set once at start, before any other thread or callback exists.
enum LogPrefix {
  nonisolated(unsafe) static var current = "tagcloud serve: "
}
