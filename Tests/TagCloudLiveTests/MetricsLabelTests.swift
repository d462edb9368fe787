import Testing

@testable import TagCloudLive

@Suite struct MetricsLabelTests {
  @Test func labelsEverySampleAndLeavesCommentsAlone() {
    let text = """
      # HELP a Things.
      # TYPE a counter
      a 5
      b_bucket{le="0.1"} 3
      b_sum 0.25

      """
    #expect(
      MetricsLabel.add(name: "worker", value: "2", to: text) == """
        # HELP a Things.
        # TYPE a counter
        a{worker="2"} 5
        b_bucket{worker="2",le="0.1"} 3
        b_sum{worker="2"} 0.25

        """)
  }

  /// Every sample line of the real exposition gets exactly one worker label.
  @Test func theServersMetricsAllCarryTheLabel() {
    let text = LiveMetrics().prometheusText(liveSessions: 3, detachedSessions: 1)
    let labelled = MetricsLabel.add(name: "worker", value: "7", to: text)
    let samples = labelled.split(separator: "\n").filter { !$0.hasPrefix("#") }
    #expect(samples.count == text.split(separator: "\n").filter { !$0.hasPrefix("#") }.count)
    for sample in samples {
      #expect(sample.contains("{worker=\"7\"") && sample.ranges(of: "worker=").count == 1)
    }
    #expect(labelled.contains("tagcloud_sessions{worker=\"7\"} 3\n"))
    #expect(
      labelled.contains("tagcloud_layout_roundtrip_seconds_bucket{worker=\"7\",le=\"+Inf\"} 0"))
  }

  /// Label values are escaped as the text format wants (backslash, double quote, line feed), so
  /// no value can break the exposition.
  @Test func labelValuesAreEscaped() {
    #expect(MetricsLabel.pair(name: "version", value: #"a"b\c"#) == #"version="a\"b\\c""#)
    #expect(MetricsLabel.pair(name: "version", value: "a\nb") == #"version="a\nb""#)
    #expect(MetricsLabel.add(name: "w", value: "\"", to: "x 1") == #"x{w="\""} 1"#)
  }
}
