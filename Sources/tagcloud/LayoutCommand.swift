import TagCloudCLI
import TagCloudCore
import TagCloudLive
import TagCloudServer
import TagCloudWire

/// `tagcloud layout`: one request from stdin, one response to stdout; `--lines`: one request
/// per line, one line out for each, as each comes (``LayoutLines``).
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

  /// Returns the exit status: 0 when every line was answered with a response, 65 (EX_DATAERR)
  /// when any was refused (its line on stdout is `{"error":…}`, and stderr says which line).
  static func runLines() -> Int32 {
    var lines = LayoutLines()
    var reported = 0
    func report() {
      for refusal in lines.refusals[reported...] {
        writeErrorLine("tagcloud layout: line \(refusal.line): \(refusal.reason)")
      }
      reported = lines.refusals.count
    }
    readStandardInput { chunk in
      writeAll(lines.feed(chunk), to: 1)
      report()
    }
    writeAll(lines.finish(), to: 1)
    report()
    return lines.refusals.isEmpty ? 0 : 65
  }
}
