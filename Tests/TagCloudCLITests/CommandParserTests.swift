import TagCloudCLI
import Testing

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
    #expect(try CommandParser.parse(["layout"]) == .layout)
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

  @Test func layoutTakesNoArguments() {
    #expect(throws: CommandLineError("'tagcloud layout' takes no arguments, got 'x.json'")) {
      try CommandParser.parse(["layout", "x.json"])
    }
  }
}
