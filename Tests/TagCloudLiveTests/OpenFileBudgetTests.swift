import Testing

@testable import TagCloudLive

@Suite struct OpenFileBudgetTests {
  @Test func enoughAlreadyChangesNothing() {
    #expect(
      OpenFileBudget.plan(maxSessions: 1000, soft: 1064, hard: 4096)
        == .init(needed: 1064, raiseSoftLimitTo: nil, shortfall: nil))
  }

  @Test func theSoftLimitIsRaisedAsFarAsNeeded() {
    #expect(
      OpenFileBudget.plan(maxSessions: 20_000, soft: 1024, hard: 524_288)
        == .init(needed: 20_064, raiseSoftLimitTo: 20_064, shortfall: nil))
    #expect(
      OpenFileBudget.plan(maxSessions: 20_000, soft: 1024, hard: UInt64.max).raiseSoftLimitTo
        == 20_064)
  }

  /// Breaking it: ignoring the hard limit would plan a raise setrlimit refuses, and no warning.
  @Test func aHardLimitTooLowIsRaisedToAndReportedWithBothNumbers() throws {
    let plan = OpenFileBudget.plan(maxSessions: 100_000, soft: 1024, hard: 65_536)
    #expect(plan == .init(needed: 100_064, raiseSoftLimitTo: 65_536, shortfall: 65_536))
    let warning = try #require(OpenFileBudget.warning(maxSessions: 100_000, plan: plan))
    #expect(warning.contains("--max-sessions 100000"))
    #expect(warning.contains("100064") && warning.contains("65536"))
    #expect(warning.hasPrefix("warning: "))
    #expect(
      OpenFileBudget.warning(
        maxSessions: 10, plan: OpenFileBudget.plan(maxSessions: 10, soft: 1024, hard: 1024)) == nil)
  }

  @Test func softAtTheHardLimitAlreadyOnlyWarns() {
    #expect(
      OpenFileBudget.plan(maxSessions: 5000, soft: 1024, hard: 1024)
        == .init(needed: 5064, raiseSoftLimitTo: nil, shortfall: 1024))
  }
}
