import Testing

@testable import TagCloudCLI

@Suite struct CommandParserTests {
  @Test func noArgumentsShowsGeneralHelp() throws {
    #expect(try CommandParser.parse([]) == .help(topic: .general))
  }

  @Test(arguments: [["--help"], ["-h"], ["help"]])
  func helpFlagsShowGeneralHelp(arguments: [String]) throws {
    #expect(try CommandParser.parse(arguments) == .help(topic: .general))
  }

  @Test func subcommandHelp() throws {
    #expect(try CommandParser.parse(["layout", "--help"]) == .help(topic: .layout))
    #expect(try CommandParser.parse(["help", "layout"]) == .help(topic: .layout))
  }

  @Test func layout() throws {
    #expect(try CommandParser.parse(["layout"]) == .layout(lines: false))
    #expect(try CommandParser.parse(["layout", "--lines"]) == .layout(lines: true))
  }

  @Test func version() throws {
    #expect(try CommandParser.parse(["--version"]) == .version)
  }

  @Test func unknownSubcommandIsRefused() {
    #expect(throws: CommandLineError("unknown subcommand 'draw'; see 'tagcloud --help'")) {
      try CommandParser.parse(["draw"])
    }
  }

  @Test func unknownOptionIsRefused() {
    #expect(throws: CommandLineError("unknown option '--fast'; see 'tagcloud --help'")) {
      try CommandParser.parse(["--fast"])
    }
  }

  @Test(arguments: [
    (["serv"], "unknown subcommand 'serv' (did you mean 'serve'?); see 'tagcloud --help'"),
    (["layuot"], "unknown subcommand 'layuot' (did you mean 'layout'?); see 'tagcloud --help'"),
    (["help", "srve"], "unknown subcommand 'srve' (did you mean 'serve'?); see 'tagcloud --help'"),
    (
      ["--verison"], "unknown option '--verison' (did you mean '--version'?); see 'tagcloud --help'"
    ),
    (
      ["--port", "8080"],
      "unknown option '--port' (did you mean 'tagcloud serve --port'?); see 'tagcloud --help'"
    ),
    (
      ["serve", "--prot", "8080"],
      "unknown option '--prot' for 'tagcloud serve' (did you mean '--port'?); see 'tagcloud serve --help'"
    ),
    (
      ["serve", "--prot=8080"],
      "unknown option '--prot' for 'tagcloud serve' (did you mean '--port'?); see 'tagcloud serve --help'"
    ),
    (
      ["serve", "--tag", "t.json"],
      "unknown option '--tag' for 'tagcloud serve' (did you mean '--tags'?); see 'tagcloud serve --help'"
    ),
    (
      ["serve", "--max-session", "5"],
      "unknown option '--max-session' for 'tagcloud serve' (did you mean '--max-sessions'?); see 'tagcloud serve --help'"
    ),
    (
      ["serve", "--allow-orgin", "*"],
      "unknown option '--allow-orgin' for 'tagcloud serve' (did you mean '--allow-origin'?); see 'tagcloud serve --help'"
    ),
  ])
  func aMistypedNameGetsTheNearestKnownOne(arguments: [String], message: String) {
    #expect(throws: CommandLineError(message)) { try CommandParser.parse(arguments) }
  }

  /// A guess further off than a third of the known name's length is no help: none is offered.
  @Test(arguments: [["draw"], ["--fast"], ["serve", "--threads"], ["serve", "--wbe-root"]])
  func aNameFarFromEveryKnownOneGetsNoGuess(arguments: [String]) {
    do {
      _ = try CommandParser.parse(arguments)
      Issue.record("accepted \(arguments)")
    } catch {
      #expect(!error.message.contains("did you mean"), "\(error.message)")
    }
  }

  @Test func theDistanceCountsASwapOfNeighboursAsOneStep() {
    #expect(NearestName.alignmentDistance(Array("prot"), Array("port")) == 1)
    #expect(NearestName.alignmentDistance(Array("port"), Array("port")) == 0)
    #expect(NearestName.alignmentDistance(Array(""), Array("web")) == 3)
    #expect(NearestName.alignmentDistance(Array("kitten"), Array("sitting")) == 3)
    #expect(NearestName.alignmentDistance(Array("ca"), Array("abc")) == 3)
  }

  @Test func layoutTakesOnlyLines() {
    #expect(throws: CommandLineError("'tagcloud layout' takes only --lines, got 'x.json'")) {
      try CommandParser.parse(["layout", "x.json"])
    }
    #expect(throws: CommandLineError("'tagcloud layout' takes only --lines, got '--line'")) {
      try CommandParser.parse(["layout", "--lines", "--line"])
    }
  }
}

@Suite struct ServeOptionsParserTests {
  @Test func defaults() throws {
    #expect(try CommandParser.parse(["serve"]) == .serve(ServeOptions()))
    let defaults = ServeOptions()
    #expect(defaults.host == "127.0.0.1")
    #expect(defaults.port == 8080)
    #expect(defaults.webDirectory == "web")
    #expect(defaults.tagsFile == nil)
    #expect(defaults.allowedOrigins.isEmpty)
  }

  @Test func everyOptionWithSeparateValues() throws {
    let command = try CommandParser.parse([
      "serve", "--host", "0.0.0.0", "--port", "0", "--web", "site", "--tags", "tags.json",
      "--allow-origin", "https://a.example", "--allow-origin", "http://b.example:8443/",
    ])
    #expect(
      command
        == .serve(
          ServeOptions(
            host: "0.0.0.0", port: 0, webDirectory: "site", tagsFile: "tags.json",
            allowedOrigins: ["https://a.example", "http://b.example:8443"])))
  }

  @Test func equalsForm() throws {
    let command = try CommandParser.parse(["serve", "--port=9000", "--allow-origin=*"])
    #expect(command == .serve(ServeOptions(port: 9000, allowedOrigins: ["*"])))
  }

  @Test func help() throws {
    #expect(try CommandParser.parse(["serve", "--help"]) == .help(topic: .serve))
    #expect(try CommandParser.parse(["serve", "--port", "1", "-h"]) == .help(topic: .serve))
    #expect(try CommandParser.parse(["help", "serve"]) == .help(topic: .serve))
    #expect(Usage.text(for: .serve).contains("--allow-origin ORIGIN"))
    #expect(Usage.text(for: .general).contains("serve"))
  }

  @Test(arguments: ["-1", "65536", "http", "80x", "1e3"])
  func badPortsAreRefused(port: String) {
    #expect(
      throws: CommandLineError.badValue("--port expects a number from 0 to 65535, got '\(port)'")
    ) {
      try CommandParser.parse(["serve", "--port", port])
    }
  }

  @Test func missingValueIsRefused() {
    #expect(throws: CommandLineError("--web needs a value")) {
      try CommandParser.parse(["serve", "--web"])
    }
    #expect(throws: CommandLineError("--host needs a non-empty value")) {
      try CommandParser.parse(["serve", "--host="])
    }
  }

  @Test func unknownOptionAndPositionalAreRefused() {
    #expect(
      throws: CommandLineError(
        "unknown option '--threads' for 'tagcloud serve'; see 'tagcloud serve --help'")
    ) {
      try CommandParser.parse(["serve", "--threads", "4"])
    }
    #expect(
      throws: CommandLineError("'tagcloud serve' takes no positional arguments, got 'web'")
    ) {
      try CommandParser.parse(["serve", "web"])
    }
  }

  @Test(arguments: [
    "example.com", "ftp://example.com", "https://", "https://example.com/path",
    "http://user@example.com", "https://:80",
  ])
  func badOriginsAreRefused(origin: String) {
    #expect(throws: CommandLineError.self) {
      try CommandParser.parse(["serve", "--allow-origin", origin])
    }
  }

  @Test(arguments: ["*", "null", "http://localhost:3000", "https://[::1]:8443"])
  func goodOriginsAreKept(origin: String) throws {
    #expect(
      try CommandParser.parse(["serve", "--allow-origin", origin])
        == .serve(ServeOptions(allowedOrigins: [origin])))
  }
}
