import TagCloudCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `tagcloud layout`: one request from stdin, one response to stdout.
enum LayoutCommand {
  /// Returns the exit status: 0, or 65 (EX_DATAERR) for a refused request.
  static func run() -> Int32 {
    writeErrorLine("tagcloud layout: not built yet")
    return 70
  }
}
