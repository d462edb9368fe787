import TagCloudCore
import TagCloudWire
import Testing

@testable import TagCloudLive

@Suite struct TagFileTests {
  @Test func aGoodFileBecomesTheTagsWithTheirSelection() throws {
    let configuration = try TagFile.decode(
      Array(
        ##"[{"title": "Rust", "tint": "#FF9F0A"}, {"title": "Zig", "tint": "#ffd60a", "selected": true}]"##
          .utf8))
    #expect(configuration.tags.map(\.title) == [Array("Rust".utf8), Array("Zig".utf8)])
    #expect(configuration.tags[1].tint == Array("#ffd60a".utf8))
    #expect(configuration.initialSelection == [1])
    #expect(configuration.spacing == 18)
  }

  @Test(arguments: [
    ("", "at byte 0"),
    ("{}", "JSON array"),
    ("[]", "at least one tag"),
    ("[1]", "must be a JSON object"),
    (##"[{"tint": "#000000"}]"##, #"missing field "title""#),
    (##"[{"title": "A"}]"##, #"missing field "tint""#),
    (##"[{"title": "A", "tint": "red"}]"##, #""tint" must be a hex colour"#),
    (##"[{"title": "A", "tint": "#12345g"}]"##, #"'g' is not a hex digit"#),
    (##"[{"title": "", "tint": "#123456"}]"##, #""title" must be 1 to 100 bytes"#),
    (##"[{"title": 5, "tint": "#123456"}]"##, #""title" must be a string"#),
    (##"[{"title": "A", "tint": "#123456", "size": 3}]"##, #"unknown field "size""#),
    (
      ##"[{"title": "A", "tint": "#123456", "selected": "yes"}]"##,
      #""selected" must be true or false"#
    ),
    (
      ##"[{"title": "A", "tint": "#123456"}, {"title": "A", "tint": "#123456"}]"##,
      "duplicate title"
    ),
  ])
  func badFilesAreRefusedWithWhereAndWhy(content: String, fragment: String) {
    do {
      _ = try TagFile.decode(Array(content.utf8))
      Issue.record("accepted \(content)")
    } catch {
      #expect(error.description.contains(fragment), "\(error.description)")
      #expect(error.description.contains("at byte"))
    }
  }

  /// Every hex form CSS has, in either case: what the element draws (its CSS and its glass).
  @Test(arguments: ["#fff", "#FFF8", "#0a84ff", "#0A84FF80", "#AbCdEf"])
  func everyHexFormIsATint(tint: String) throws {
    let configuration = try TagFile.decode(Array(##"[{"title": "A", "tint": "\##(tint)"}]"##.utf8))
    #expect(configuration.tags[0].tint == Array(tint.utf8))
  }

  /// A refused tint names the field, says why, and points at the byte at fault. The file is
  /// `[{"title": "A", "tint": "…"}]`: the tint's opening quote is byte 24, its first byte 25.
  @Test(arguments: [
    ("red", ##""tint" must be a hex colour (#rgb, #rgba, #rrggbb or #rrggbbaa), got "red""##, 25),
    ("", ##""tint" must be a hex colour (#rgb, #rgba, #rrggbb or #rrggbbaa), got """##, 25),
    ("#12g456", ##""tint" "#12g456": 'g' is not a hex digit"##, 28),
    ("#0A84FF ", ##""tint" "#0A84FF ": ' ' is not a hex digit"##, 32),
    ("#12345", ##""tint" "#12345" has 5 hex digits; a colour has 3, 4, 6 or 8"##, 31),
    ("#12", ##""tint" "#12" has 2 hex digits; a colour has 3, 4, 6 or 8"##, 28),
    ("#", ##""tint" "#" has 0 hex digits"##, 26),
    ("#1234567", ##""tint" "#1234567" has 7 hex digits"##, 33),
    ("#123456789", ##""tint" "#123456789" has 9 hex digits"##, 34),
  ])
  func aRefusedTintNamesTheFieldAndTheByte(tint: String, message: String, byte: Int) {
    let file = ##"[{"title": "A", "tint": "\##(tint)"}]"##
    do {
      _ = try TagFile.decode(Array(file.utf8))
      Issue.record("accepted \(tint)")
    } catch {
      #expect(error.message.hasPrefix(message), "\(error.message)")
      #expect(error.offset == byte, "\(error.description) in \(file)")
    }
  }

  /// A tint written with JSON escapes is pointed at as a whole (its opening quote), since the
  /// file does not hold its bytes where the decoded string has them.
  @Test func aTintWithEscapesIsPointedAtAsAWhole() {
    let file = ##"[{"title": "A", "tint": "\u0023zz"}]"##
    #expect(throws: WireError.self) { try TagFile.decode(Array(file.utf8)) }
    do {
      _ = try TagFile.decode(Array(file.utf8))
    } catch {
      #expect(error.offset == 24, "\(error.description)")
    }
  }

  @Test func tooManyTagsAreRefused() {
    let tags = (0...TagFile.maximumTags).map { ##"{"title": "t\##($0)", "tint": "#000000"}"## }
    #expect(throws: WireError.self) {
      try TagFile.decode(Array("[\(tags.joined(separator: ","))]".utf8))
    }
  }

  @Test func theDemoHasTheSeedsTenTagsAndSelection() {
    let demo = LiveConfiguration.demo
    #expect(demo.tags.map { String(decoding: $0.title, as: UTF8.self) } == demoIDs)
    #expect(demo.tags[0].tint == Array("#0A84FF".utf8))
    #expect(demo.initialSelection == [0])
    #expect(demo.spacing == 18 && demo.mergeDistance == 10)
  }
}

@Suite struct LiveMetricsTests {
  @Test func theHistogramIsCumulativeWithSumAndCount() throws {
    var metrics = LiveMetrics()
    metrics.observeRoundTrip(seconds: 0.00005)
    metrics.observeRoundTrip(seconds: 0.003)
    metrics.observeRoundTrip(seconds: 7)
    let text = metrics.prometheusText(liveSessions: 2, detachedSessions: 1)
    #expect(text.contains("tagcloud_layout_roundtrip_seconds_bucket{le=\"0.0001\"} 1\n"))
    #expect(text.contains("tagcloud_layout_roundtrip_seconds_bucket{le=\"0.005\"} 2\n"))
    #expect(text.contains("tagcloud_layout_roundtrip_seconds_bucket{le=\"1.0\"} 2\n"))
    #expect(text.contains("tagcloud_layout_roundtrip_seconds_bucket{le=\"+Inf\"} 3\n"))
    #expect(text.contains("tagcloud_layout_roundtrip_seconds_count 3\n"))
    // The sum of the observations, read back as a number (its spelling is Swift's shortest).
    // Mutation check: `roundTripSum = seconds` instead of `+=` in LiveMetrics.observeRoundTrip
    // (a scratch copy) wrote `_sum 7.0` and failed here; the test's old form, which never read
    // `_sum`, passed against it.
    let sumLine = text.split(separator: "\n").first {
      $0.hasPrefix("tagcloud_layout_roundtrip_seconds_sum ")
    }
    let sum = try #require(sumLine.flatMap { Double($0.split(separator: " ")[1]) })
    #expect(abs(sum - 7.00305) < 1e-12, "\(sumLine ?? "")")
    #expect(text.contains("tagcloud_sessions 2\n"))
    #expect(text.contains("tagcloud_sessions_detached 1\n"))
  }

  @Test func everyCounterIsExposedWithHelpAndType() {
    var metrics = LiveMetrics()
    metrics.messagesIn = 5
    metrics.framesOut = 4
    metrics.framesCoalesced = 3
    metrics.errors = 2
    let text = metrics.prometheusText(liveSessions: 0, detachedSessions: 0)
    for (name, value) in [
      ("tagcloud_messages_in_total", 5), ("tagcloud_frames_out_total", 4),
      ("tagcloud_frames_coalesced_total", 3), ("tagcloud_errors_total", 2),
    ] {
      #expect(text.contains("# TYPE \(name) counter\n\(name) \(value)\n"))
      #expect(text.contains("# HELP \(name) "))
    }
  }
}
