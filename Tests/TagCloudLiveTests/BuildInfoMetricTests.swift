import TagCloudBuildInfo
import Testing

@testable import TagCloudLive

@Suite struct BuildInfoMetricTests {
  @Test func theGaugeIsOneAndItsLabelNamesTheVersion() {
    #expect(
      BuildInfoMetric.prometheusText(version: "1.2.3-beta.1")
        == """
        # HELP tagcloud_build_info The version of tagcloud that answers; always 1.
        # TYPE tagcloud_build_info gauge
        tagcloud_build_info{version="1.2.3-beta.1"} 1

        """)
  }

  @Test func theRunningBinaryReportsItsStampedVersion() {
    #expect(!BuildInfo.version.isEmpty)
    #expect(
      BuildInfoMetric.prometheusText.contains(
        "tagcloud_build_info{version=\"\(BuildInfo.version)\"} 1\n"))
  }

  /// The text format's label escapes: a version can never break the exposition.
  @Test func labelValuesAreEscaped() {
    #expect(
      BuildInfoMetric.prometheusText(version: #"a"b\c"#).contains(
        #"tagcloud_build_info{version="a\"b\\c"} 1"#))
  }
}
