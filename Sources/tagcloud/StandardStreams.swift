import TagCloudServer

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads all of standard input as bytes.
func readStandardInput() -> [UInt8] {
  var bytes: [UInt8] = []
  readStandardInput { bytes.append(contentsOf: $0) }
  return bytes
}

/// Reads standard input to its end, handing each chunk to `body` as it comes.
func readStandardInput(_ body: (ArraySlice<UInt8>) -> Void) {
  var chunk = [UInt8](repeating: 0, count: 1 << 16)
  while true {
    let count = chunk.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
    if count > 0 {
      body(chunk[0..<count])
    } else if count == 0 || errno != EINTR {
      break
    }
  }
}

/// Writes `text` and a newline to standard error.
func writeErrorLine(_ text: String) {
  writeAll(Array(text.utf8) + [0x0A], to: 2)
}

/// The process's environment as a dictionary (the first of repeated names wins, as getenv's).
func processEnvironment() -> [String: String] {
  var result: [String: String] = [:]
  var cursor = environ
  while let entry = cursor.pointee {
    let text = String(cString: entry)
    if let equals = text.firstIndex(of: "="), result[String(text[..<equals])] == nil {
      result[String(text[..<equals])] = String(text[text.index(after: equals)...])
    }
    cursor += 1
  }
  return result
}
