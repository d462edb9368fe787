import TagCloudServer

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads all of standard input as bytes.
func readStandardInput() -> [UInt8] {
  var bytes: [UInt8] = []
  var chunk = [UInt8](repeating: 0, count: 1 << 16)
  while true {
    let count = chunk.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
    if count > 0 {
      bytes.append(contentsOf: chunk[0..<count])
    } else if count == 0 || errno != EINTR {
      break
    }
  }
  return bytes
}

/// Writes `text` and a newline to standard error.
func writeErrorLine(_ text: String) {
  writeAll(Array(text.utf8) + [0x0A], to: 2)
}
