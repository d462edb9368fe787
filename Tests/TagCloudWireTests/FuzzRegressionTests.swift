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
    try expectFiniteNumbers(response)
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
      try expectFiniteNumbers(response, "\(duration) \(bounce)")
    }
  }

  /// Every number of the response is finite: the strict reader refuses the `NaN` and
  /// `Infinity` that DecimalFormatting would write for a non-finite value, and every stop of the
  /// CSS easing string (`linear(0, 0.0158 1.5%, ..., 1)`) reads back as a finite number with
  /// its percentage within 0...100.
  ///
  /// Mutation check: in a scratch copy, the response writer gave `settle` as `.nan` for a
  /// 1 ms spring, with JSONWriter's finiteness precondition removed: the output held
  /// `"settle":NaN`, which the old check (`!contains("nan")`, lowercase) let through (both
  /// tests passed); this one fails on it ("unexpected character 'N' at byte 180").
  private func expectFiniteNumbers(_ response: String, _ comment: Comment? = nil) throws {
    let element = try JSONReader.parse(Array(response.utf8))
    var numbers: [Double] = []
    var easing: String?
    collect(element.value, numbers: &numbers, easing: &easing)
    let infinite = numbers.filter { !$0.isFinite }
    #expect(infinite.isEmpty, comment)
    let css = try #require(easing, comment)
    #expect(css.hasPrefix("linear(0, ") && css.hasSuffix(", 1)"), comment)
    for stop in css.dropFirst("linear(".count).dropLast().split(separator: ",") {
      let parts = stop.split(separator: " ")
      let value = try #require(Double(String(parts[0])), "\(css)")
      #expect(value.isFinite, "\(css)")
      if parts.count == 2 {
        #expect(parts[1].hasSuffix("%"), "\(css)")
        let percent = try #require(Double(String(parts[1].dropLast())), "\(css)")
        #expect(percent.isFinite && (0...100).contains(percent), "\(css)")
      }
    }
  }

  private func collect(_ value: JSONValue, numbers: inout [Double], easing: inout String?) {
    switch value {
    case .number(let number): numbers.append(number)
    case .array(let elements):
      for element in elements { collect(element.value, numbers: &numbers, easing: &easing) }
    case .object(let members):
      for member in members {
        if member.key == Array("easing".utf8), case .string(let bytes) = member.value.value {
          easing = String(decoding: bytes, as: UTF8.self)
        }
        collect(member.value.value, numbers: &numbers, easing: &easing)
      }
    default: break
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
