import TagCloudLive

#if canImport(Glibc)
  import Glibc
#endif

/// Reads and decodes a `--tags FILE` (``TagFile``), at start and at each SIGHUP reload: the
/// tag set, or the one-line reason it cannot be served (the file's name, the system's words or
/// the decoder's, with the byte offset).
///
///     switch TagFileLoader.load("/etc/tagcloud/tags.json") { ... }
///
/// - Complexity: O(n) in the file's size (at most 1 MiB is read).
public enum TagFileLoader {
  /// A tags file is small; a bigger one is refused rather than slurped by mistake.
  public static let maximumBytes = 1 << 20

  public static func load(_ path: String) -> Result<LiveConfiguration, ServeFailure> {
    guard let bytes = readFile(path) else {
      return .failure(
        ServeFailure("cannot read tags file '\(path)': \(String(cString: strerror(errno)))"))
    }
    do {
      return .success(try TagFile.decode(bytes))
    } catch {
      return .failure(ServeFailure("bad tags file '\(path)': \(error.description)"))
    }
  }

  private static func readFile(_ path: String) -> [UInt8]? {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count > 0 {
        bytes.append(contentsOf: chunk[0..<count])
        if bytes.count > maximumBytes {
          errno = EFBIG
          return nil
        }
      } else if count == 0 {
        return bytes
      } else if errno != EINTR {
        return nil
      }
    }
  }
}
