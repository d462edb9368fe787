import TagCloudLive

#if canImport(Glibc)
  import Glibc
#endif

/// Writes all of `bytes` to a file descriptor, retrying short and interrupted writes; gives up
/// quietly on any other error (a closed pipe must not stop a server or a command).
///
///     writeAll(Array("ok\n".utf8), to: 1)
///
/// - Complexity: O(n).
public func writeAll(_ bytes: [UInt8], to descriptor: Int32) {
  var offset = 0
  while offset < bytes.count {
    let written = bytes.withUnsafeBytes {
      write(descriptor, $0.baseAddress! + offset, $0.count - offset)
    }
    if written > 0 {
      offset += written
    } else if written < 0 && errno == EINTR {
      continue
    } else {
      return
    }
  }
}
