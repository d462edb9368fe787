import TagCloudCore
import TagCloudLive
import TagCloudServer
import TagCloudWire

/// `tagcloud layout`: one request from stdin, one response to stdout.
enum LayoutCommand {
  /// Returns the exit status: 0, or 65 (EX_DATAERR) for a refused request, after writing its
  /// one-line reason to stderr and nothing to stdout.
  static func run() -> Int32 {
    switch LayoutService.respond(to: readStandardInput()) {
    case .success(let response):
      writeAll(response + [0x0A], to: 1)
      return 0
    case .failure(let error):
      writeErrorLine("tagcloud layout: " + error.description)
      return 65
    }
  }
}
