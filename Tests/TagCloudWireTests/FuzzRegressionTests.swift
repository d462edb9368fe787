import TagCloudCore
import TagCloudTestSupport
import TagCloudWire
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Inputs found by the libFuzzer harnesses in Fuzz/ (docs/reliability.md), kept as tests.
@Suite struct FuzzRegressionTests {
  /// FuzzLayoutService: a custom spring of about 1e-47 s trapped converting NaN to Int while
  /// writing its CSS easing. Durations below a millisecond are now refused with a clear error.
  @Test func aSpringOfAlmostNoDurationIsRefusedNotATrap() throws {
    let request =
      #"{"width": 101, "spacing": 3, "tags": [{"id": "a", "size": [60, 60]}], "animation": "#
      + #"{"duration": 0.0000000000000000000000000000000000000000000000100010628772"#
      + #"75, "bounce": 0.04}}"#
    guard case .failure(let error) = LayoutService.respond(to: Array(request.utf8)) else {
      Issue.record("a 1e-47 s spring was accepted")
      return
    }
    #expect(error.description == #""duration" must be from 0.001 to 10 seconds at byte 96"#)
  }

  @Test(arguments: [0.001, 0.0011, 10.0])
  func theShortestAndLongestDurationsAreAccepted(duration: Double) throws {
    let response = try layout(duration: duration, bounce: 0.04)
    #expect(!response.contains("nan") && !response.contains("inf"))
  }

  @Test func justBelowAMillisecondIsRefused() {
    let request = requestText(duration: 0.000999, bounce: 0)
    guard case .failure = LayoutService.respond(to: Array(request.utf8)) else {
      Issue.record("0.000999 s was accepted")
      return
    }
  }

  /// Every accepted spring gives finite numbers: seeded durations over the whole accepted range
  /// (log-uniform) and bounces over (-1, 1), extremes included.
  @Test func everyAcceptedSpringWritesFiniteNumbers() throws {
    var generator = SeededGenerator(seed: 47)
    let extremes = [-0.999_999, -0.5, 0, 0.04, 0.5, 0.999_999]
    for round in 0..<150 {
      let exponent = Double.random(in: -3...1, using: &generator)
      let duration = min(10, pow(10, exponent))
      let bounce =
        round < extremes.count * 4
        ? extremes[round % extremes.count] : Double.random(in: -0.9999...0.9999, using: &generator)
      let response = try layout(duration: duration, bounce: bounce)
      #expect(!response.contains("nan") && !response.contains("inf"), "\(duration) \(bounce)")
      _ = try JSONReader.parse(Array(response.utf8))
    }
  }

  private func requestText(duration: Double, bounce: Double) -> String {
    #"{"width": 101, "spacing": 3, "tags": [{"id": "a", "size": [60, 60]}], "animation": "#
      + #"{"duration": \#(duration), "bounce": \#(bounce)}}"#
  }

  private func layout(duration: Double, bounce: Double) throws -> String {
    let request = requestText(duration: duration, bounce: bounce)
    let bytes = try LayoutService.respond(to: Array(request.utf8)).get()
    return String(decoding: bytes, as: UTF8.self)
  }
}
