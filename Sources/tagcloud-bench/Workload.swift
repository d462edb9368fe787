import TagCloudCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The harness's capsules for one tag count, read from `DIR/sizes-N.f64` (bench/workload.py
/// writes it: packed little-endian doubles `w0, h0, w1, h1, …`).
///
///     let workload = try Workload(directory: ".build/bench/workload", count: 1000)
///     workload.packed.count  // 2000
struct Workload {
  let count: Int
  /// `w0, h0, w1, h1, …`, for the packed API.
  let packed: [Double]
  /// The same sizes as values, for the array API.
  let sizes: [Size]

  init(directory: String, count: Int) throws(BenchError) {
    let path = "\(directory)/sizes-\(count).f64"
    guard let file = fopen(path, "rb") else { throw BenchError("cannot open \(path)") }
    defer { fclose(file) }
    var packed = [Double](repeating: 0, count: 2 * count)
    let read = packed.withUnsafeMutableBytes { fread($0.baseAddress, 8, 2 * count, file) }
    guard read == 2 * count else { throw BenchError("\(path) holds fewer than \(count) sizes") }
    self.count = count
    self.packed = packed
    self.sizes = (0..<count).map { Size(width: packed[2 * $0], height: packed[2 * $0 + 1]) }
  }
}

/// A refusal of the bench tool, with what and where.
struct BenchError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
