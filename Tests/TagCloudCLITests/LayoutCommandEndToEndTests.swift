import Foundation
import Testing

/// `tagcloud layout` through a real process: stdin in, stdout, stderr and the exit status out.
@Suite struct LayoutCommandEndToEndTests {
  struct Outcome {
    var status: Int32
    var stdout: String
    var stderr: String
  }

  /// The `tagcloud` binary SwiftPM built beside this test bundle.
  static var executable: URL {
    URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
      .appendingPathComponent("tagcloud")
  }

  func run(_ arguments: [String], input: String) throws -> Outcome {
    let process = Process()
    process.executableURL = Self.executable
    process.arguments = arguments
    let stdin = Pipe()
    let stdout = Pipe()
    let stderr = Pipe()
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = stderr
    try process.run()
    stdin.fileHandleForWriting.write(Data(input.utf8))
    try stdin.fileHandleForWriting.close()
    let out = stdout.fileHandleForReading.readDataToEndOfFile()
    let err = stderr.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Outcome(
      status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self),
      stderr: String(decoding: err, as: UTF8.self))
  }

  @Test func laysOutTheIssuesExample() throws {
    let request = """
      {"width": 390, "spacing": 18, "mergeDistance": 10, "textScale": 1, "lineHeight": 20,
       "tags": [{"id": "SwiftUI", "size": [96, 40]}, {"id": "Layout", "label": {"width": 46.5, "words": [46.5]}}],
       "selection": ["SwiftUI"]}
      """
    let outcome = try run(["layout"], input: request)
    #expect(outcome.status == 0)
    #expect(outcome.stderr.isEmpty)
    #expect(
      outcome.stdout
        == #"{"size":[192.5,40],"items":[{"id":"SwiftUI","x":0,"y":0,"w":96,"h":40,"selected":true,"touch":[0,-3,96,46]},{"id":"Layout","x":114,"y":0,"w":78.5,"h":40,"selected":false,"touch":[114,-3,78.5,46]}],"groups":[[0],[1]],"rows":[0],"animation":null}"#
        + "\n")
  }

  @Test func refusesBadInputWithOneLineAndNoOutput() throws {
    let outcome = try run(["layout"], input: #"{"width": 390, "spacing": -1, "tags": []}"#)
    #expect(outcome.status == 65)
    #expect(outcome.stdout.isEmpty)
    #expect(
      outcome.stderr
        == "tagcloud layout: \"spacing\" must be a number of pixels (got a negative number) at byte 26\n"
    )
  }

  @Test func refusesMalformedJSON() throws {
    let outcome = try run(["layout"], input: #"{"width": 390,"#)
    #expect(outcome.status == 65)
    #expect(outcome.stdout.isEmpty)
    #expect(outcome.stderr.hasPrefix("tagcloud layout: "))
    #expect(outcome.stderr.hasSuffix(" at byte 14\n"))
    #expect(outcome.stderr.split(separator: "\n").count == 1)
  }

  @Test func linesAnswersEachLineAndSaysWhichWereRefused() throws {
    let good = #"{"width": 390, "spacing": 18, "tags": [{"id": "SwiftUI", "size": [96, 40]}]}"#
    let bad = #"{"width": 390, "spacing": -1, "tags": []}"#
    let alone = try run(["layout"], input: good)
    let outcome = try run(["layout", "--lines"], input: good + "\n" + bad + "\n" + good)
    #expect(outcome.status == 65)
    let reason = "\"spacing\" must be a number of pixels (got a negative number) at byte 26"
    #expect(
      outcome.stdout
        == alone.stdout
        + #"{"error":"\"spacing\" must be a number of pixels (got a negative number) at byte 26"}"#
        + "\n" + alone.stdout)
    #expect(outcome.stderr == "tagcloud layout: line 2: \(reason)\n")
    let clean = try run(["layout", "--lines"], input: good + "\n")
    #expect(clean.status == 0)
    #expect(clean.stdout == alone.stdout)
    #expect(clean.stderr.isEmpty)
  }

  @Test func helpExplainsUsage() throws {
    let general = try run(["--help"], input: "")
    #expect(general.status == 0)
    #expect(general.stdout.contains("USAGE: tagcloud <subcommand>"))
    let layout = try run(["layout", "--help"], input: "")
    #expect(layout.status == 0)
    #expect(layout.stdout.contains("USAGE: tagcloud layout"))
  }

  @Test func unknownSubcommandExitsWithUsageError() throws {
    let outcome = try run(["draw"], input: "")
    #expect(outcome.status == 64)
    #expect(outcome.stderr == "unknown subcommand 'draw'; see 'tagcloud --help'\n")
  }
}
