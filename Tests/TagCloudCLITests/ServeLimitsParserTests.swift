import TagCloudCLI
import Testing

/// Every limit of `tagcloud serve` as a flag and a `TAGCLOUD_*` variable: defaults, precedence,
/// validation (what and where, exit status 1), and the usage text listing them all.
@Suite struct ServeLimitsParserTests {
  private func limits(_ arguments: [String], _ environment: [String: String] = [:]) throws
    -> ServeLimits
  {
    guard
      case .serve(let options) = try CommandParser.parse(
        ["serve"] + arguments, environment: environment)
    else { throw CommandLineError("not a serve command") }
    return options.limits
  }

  @Test func defaults() throws {
    let defaults = try limits([])
    #expect(defaults == ServeLimits())
    #expect(defaults.maxSessions == 1000)
    #expect(defaults.pingAfter == 30)
    #expect(defaults.hangUpAfter == 45)
    #expect(defaults.sessionTTL == 300)
    #expect(defaults.messageRate == 1000)
    #expect(defaults.layoutCacheMiB == 8)
    #expect(defaults.drainGrace == 1)
    #expect(defaults.workers == .fixed(1))
  }

  @Test func everyFlag() throws {
    let parsed = try limits([
      "--max-sessions", "20000", "--ping-after=5", "--hang-up-after", "9", "--session-ttl",
      "60", "--message-rate", "50", "--layout-cache", "0", "--drain-grace", "0.25", "--workers",
      "4",
    ])
    #expect(parsed.maxSessions == 20000)
    #expect(parsed.pingAfter == 5)
    #expect(parsed.hangUpAfter == 9)
    #expect(parsed.sessionTTL == 60)
    #expect(parsed.messageRate == 50)
    #expect(parsed.layoutCacheMiB == 0)
    #expect(parsed.drainGrace == 0.25)
    #expect(parsed.workers == .fixed(4))
    #expect(try limits(["--workers", "auto"]).workers == .auto)
  }

  @Test func everyVariable() throws {
    let parsed = try limits(
      [],
      [
        "TAGCLOUD_MAX_SESSIONS": "5000", "TAGCLOUD_PING_AFTER": "1", "TAGCLOUD_HANG_UP_AFTER": "2",
        "TAGCLOUD_SESSION_TTL": "7", "TAGCLOUD_MESSAGE_RATE": "10", "TAGCLOUD_DRAIN_GRACE": "3",
        "TAGCLOUD_LAYOUT_CACHE": "64",
        "TAGCLOUD_WORKERS": "auto",
      ])
    #expect(parsed.maxSessions == 5000)
    #expect(parsed.pingAfter == 1)
    #expect(parsed.hangUpAfter == 2)
    #expect(parsed.sessionTTL == 7)
    #expect(parsed.messageRate == 10)
    #expect(parsed.layoutCacheMiB == 64)
    #expect(parsed.drainGrace == 3)
    #expect(parsed.workers == .auto)
  }

  /// Breaking it: reading the environment after the flags makes the variable win here.
  @Test func theFlagWinsOverTheVariable() throws {
    let parsed = try limits(
      ["--max-sessions", "300", "--workers", "2"],
      ["TAGCLOUD_MAX_SESSIONS": "5000", "TAGCLOUD_WORKERS": "auto"])
    #expect(parsed.maxSessions == 300)
    #expect(parsed.workers == .fixed(2))
  }

  @Test func anEmptyVariableCountsAsUnset() throws {
    #expect(try limits([], ["TAGCLOUD_MAX_SESSIONS": ""]).maxSessions == 1000)
  }

  @Test func otherVariablesAreIgnored() throws {
    #expect(try limits([], ["TAGCLOUD_BIN": "x", "MAX_SESSIONS": "nope"]) == ServeLimits())
  }

  @Test(arguments: [
    ("--max-sessions", "0", "a whole number from 1 to 1000000"),
    ("--max-sessions", "1000001", "a whole number from 1 to 1000000"),
    ("--max-sessions", "lots", "a whole number from 1 to 1000000"),
    ("--max-sessions", "+5", "a whole number from 1 to 1000000"),
    ("--max-sessions", "1e3", "a whole number from 1 to 1000000"),
    ("--max-sessions", " 5", "a whole number from 1 to 1000000"),
    ("--max-sessions", "99999999999999999999", "a whole number from 1 to 1000000"),
    ("--ping-after", "3601", "a whole number from 1 to 3600"),
    ("--hang-up-after", "-1", "a whole number from 1 to 3600"),
    ("--session-ttl", "86401", "a whole number from 1 to 86400"),
    ("--message-rate", "0.5", "a whole number from 1 to 1000000"),
    ("--layout-cache", "4097", "a whole number from 0 to 4096"),
    ("--layout-cache", "-1", "a whole number from 0 to 4096"),
    ("--drain-grace", "600.5", "a number of seconds from 0 to 600"),
    ("--drain-grace", "1.", "a number of seconds from 0 to 600"),
    ("--drain-grace", "1.0001", "a number of seconds from 0 to 600"),
    ("--drain-grace", "nan", "a number of seconds from 0 to 600"),
    ("--drain-grace", "-1", "a number of seconds from 0 to 600"),
    ("--workers", "0", "a whole number from 1 to 256, or 'auto'"),
    ("--workers", "257", "a whole number from 1 to 256, or 'auto'"),
    ("--workers", "AUTO", "a whole number from 1 to 256, or 'auto'"),
  ])
  func aBadFlagValueSaysWhatAndWhereWithStatus1(flag: String, value: String, expected: String) {
    #expect(throws: CommandLineError.badValue("\(flag) expects \(expected), got '\(value)'")) {
      try limits(["\(flag)=\(value)"])
    }
  }

  @Test func aBadVariableIsNamedAsSuch() {
    let error = CommandLineError.badValue(
      "TAGCLOUD_MAX_SESSIONS (environment) expects a whole number from 1 to 1000000, got 'lots'")
    #expect(error.exitStatus == 1)
    #expect(throws: error) { try limits([], ["TAGCLOUD_MAX_SESSIONS": "lots"]) }
    // Even when a flag would override it: a broken setting is reported, not hidden.
    #expect(throws: error) {
      try limits(["--max-sessions", "5"], ["TAGCLOUD_MAX_SESSIONS": "lots"])
    }
  }

  @Test func aMissingLimitValueIsAUsageError() {
    #expect(throws: CommandLineError("--workers needs a value")) { try limits(["--workers"]) }
    #expect(CommandLineError("x").exitStatus == 64)
  }

  @Test func hangingUpMustComeAfterThePing() throws {
    #expect(
      throws: CommandLineError.badValue(
        "--hang-up-after must be more than --ping-after (default): hanging up after 30 s leaves no time to answer a ping sent after 30 s"
      )
    ) { try limits(["--hang-up-after", "30"]) }
    #expect(
      throws: CommandLineError.badValue(
        "--hang-up-after (default) must be more than TAGCLOUD_PING_AFTER (environment): hanging up after 45 s leaves no time to answer a ping sent after 60 s"
      )
    ) { try limits([], ["TAGCLOUD_PING_AFTER": "60"]) }
    #expect(try limits(["--ping-after", "60", "--hang-up-after", "90"]).hangUpAfter == 90)
  }

  @Test func theUsageListsEveryLimitWithItsVariableAndDefault() {
    let usage = Usage.text(for: .serve)
    for option in ServeLimitOption.all {
      #expect(
        usage.contains("\(option.flag) \(option.placeholder)  (\(option.environmentVariable))"))
      #expect(option.summary.contains("default"), "\(option.flag) names its default")
    }
    #expect(usage.contains("/readyz"))
    #expect(ServeLimitOption.all.count == 8)
  }
}
