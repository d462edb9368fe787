import TagCloudCLI
import Testing

/// `tagcloud serve --echo`: the conformance endpoint is a flag, off unless asked for.
@Suite struct EchoOptionTests {
  @Test func echoIsOffByDefault() throws {
    #expect(try CommandParser.parse(["serve"]) == .serve(ServeOptions()))
  }

  @Test func echoFlagTurnsItOnAnywhereAmongTheOptions() throws {
    var expected = ServeOptions(port: 0)
    expected.echo = true
    #expect(try CommandParser.parse(["serve", "--echo", "--port", "0"]) == .serve(expected))
    #expect(try CommandParser.parse(["serve", "--port", "0", "--echo"]) == .serve(expected))
  }

  @Test func echoTakesNoValue() {
    #expect(throws: CommandLineError("--echo takes no value")) {
      try CommandParser.parse(["serve", "--echo=yes"])
    }
  }

  @Test func usageMentionsEcho() {
    #expect(Usage.text(for: .serve).contains("--echo"))
  }
}
