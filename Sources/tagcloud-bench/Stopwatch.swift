#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// How long one call takes: the median of several batches, each long enough to time well.
///
///     let timing = Stopwatch.measure(repeats: 7, minimumSampleNanoseconds: 10e6) { i in work(i) }
///     timing.medianNanoseconds  // per call
///
/// The method every engine of `make bench` shares: a warm-up that doubles the batch size until
/// one batch lasts `minimumSampleNanoseconds` (so clock resolution and loop overhead vanish),
/// then `repeats` batches of that size; the median batch, divided by its size, is the figure.
///
/// Time is the thread's CPU time (`CLOCK_THREAD_CPUTIME_ID`), not the wall clock: the machine is
/// shared, and a batch preempted by another process would otherwise count the other's work. The
/// wall-clock median is kept beside it, to show how much the machine interfered.
struct Timing {
  var medianNanoseconds: Double
  var minimumNanoseconds: Double
  var maximumNanoseconds: Double
  var wallMedianNanoseconds: Double
  var samples: Int
  var iterations: Int
}

enum Stopwatch {
  /// This thread's CPU time in nanoseconds.
  static func cpuNow() -> Double { read(CLOCK_THREAD_CPUTIME_ID) }

  /// The monotonic wall clock in nanoseconds.
  static func wallNow() -> Double { read(CLOCK_MONOTONIC) }

  private static func read(_ clock: clockid_t) -> Double {
    var time = timespec()
    clock_gettime(clock, &time)
    return Double(time.tv_sec) * 1e9 + Double(time.tv_nsec)
  }

  /// Times `body(i)` (i counts the calls, so a body can vary its width by i); its results are
  /// summed into `sink` so that the optimizer cannot drop the work.
  ///
  /// - Complexity: about `(repeats + 2) × minimumSampleNanoseconds` of wall time, more for a
  ///   call that alone takes longer.
  static func measure(
    repeats: Int, minimumSampleNanoseconds: Double, sink: inout Double, _ body: (Int) -> Double
  ) -> Timing {
    precondition(repeats > 0, "at least one sample")
    sink += body(0)  // warm-up: first-touch page faults and cold caches stay out of calibration
    var iterations = 1
    while true {
      let start = cpuNow()
      for index in 0..<iterations { sink += body(index) }
      if cpuNow() - start >= minimumSampleNanoseconds { break }
      iterations *= 2
    }
    var samples: [Double] = []
    var wallSamples: [Double] = []
    for _ in 0..<repeats {
      let wallStart = wallNow()
      let start = cpuNow()
      for index in 0..<iterations { sink += body(index) }
      samples.append((cpuNow() - start) / Double(iterations))
      wallSamples.append((wallNow() - wallStart) / Double(iterations))
    }
    samples.sort()
    wallSamples.sort()
    return Timing(
      medianNanoseconds: samples[samples.count / 2], minimumNanoseconds: samples[0],
      maximumNanoseconds: samples[samples.count - 1],
      wallMedianNanoseconds: wallSamples[wallSamples.count / 2], samples: repeats,
      iterations: iterations)
  }
}
