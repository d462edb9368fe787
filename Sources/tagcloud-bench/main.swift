import TagCloudCore

// tagcloud-bench: times TagCloudCore natively (release build) for `make bench`.
//
//   tagcloud-bench DIR COUNTS WIDTHS [REPEATS] [MIN_SAMPLE_MS] [OPS]
//   tagcloud-bench .build/bench/workload 10,1000 390,1280 7 10 arrange,arrange-packed
//
// Prints one JSON line per (operation, count, width), in the format of every runner of
// bench/ (see bench/README.md). Call i works at width W - (i mod 4), like every engine.
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

let widthCycle = 4
let spacing = 18.0
let mergeDistance = 10.0
/// A million-tag request is 45 MB of JSON; its figure would add nothing but minutes.
let maximumRespondCount = 100_000

func parseList(_ text: String, _ what: String) throws(BenchError) -> [Int] {
  var values: [Int] = []
  for item in text.split(separator: ",") {
    guard let value = Int(item), value > 0 else {
      throw BenchError("bad \(what) '\(item)' in '\(text)'")
    }
    values.append(value)
  }
  return values
}

func run() throws(BenchError) {
  let arguments = CommandLine.arguments
  guard arguments.count >= 4 else {
    throw BenchError("usage: tagcloud-bench DIR COUNTS WIDTHS [REPEATS] [MIN_SAMPLE_MS] [OPS]")
  }
  let counts = try parseList(arguments[2], "count")
  let widths = try parseList(arguments[3], "width")
  let repeats = arguments.count > 4 ? Int(arguments[4]) ?? 7 : 7
  let minimumSample = (arguments.count > 5 ? Double(arguments[5]) ?? 10 : 10) * 1e6
  var operations = Operation.allCases
  if arguments.count > 6 {
    operations = []
    for name in arguments[6].split(separator: ",") {
      guard let operation = Operation(rawValue: String(name)) else {
        throw BenchError("unknown operation '\(name)'")
      }
      operations.append(operation)
    }
  }
  var sink = 0.0
  for count in counts {
    let workload = try Workload(directory: arguments[1], count: count)
    for width in widths {
      let cycle = (0..<widthCycle).map { Double(width - $0) }
      let check = FlowLayout.arrange(workload.sizes, width: Double(width), spacing: spacing)
      for operation in operations {
        if operation == .respond && count > maximumRespondCount {
          print(
            "{\"engine\": \"native\", \"op\": \"respond\", \"n\": \(count), \"width\": \(width), "
              + "\"skipped\": \"skipped: the JSON path is measured up to \(maximumRespondCount) tags\"}"
          )
          continue
        }
        let body = operation.body(
          for: workload, widths: cycle, spacing: spacing, mergeDistance: mergeDistance)
        let timing = Stopwatch.measure(
          repeats: count >= 1_000_000 ? 3 : repeats, minimumSampleNanoseconds: minimumSample,
          sink: &sink, body)
        print(
          "{\"engine\": \"native\", \"op\": \"\(operation.rawValue)\", \"n\": \(count), "
            + "\"width\": \(width), \"median_ns\": \(timing.medianNanoseconds), "
            + "\"min_ns\": \(timing.minimumNanoseconds), \"max_ns\": \(timing.maximumNanoseconds), "
            + "\"wall_median_ns\": \(timing.wallMedianNanoseconds), "
            + "\"samples\": \(timing.samples), \"iterations\": \(timing.iterations), "
            + "\"height\": \(check.size.height)}")
        fflush(nil)  // one line at a time, so a slow run shows progress
      }
    }
  }
  // Keeps every result alive; never true for a real workload.
  if sink.isNaN { print("sink: \(sink)") }
}

do {
  try run()
} catch {
  let message = Array("tagcloud-bench: \(error)\n".utf8)
  _ = message.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
  exit(2)
}
