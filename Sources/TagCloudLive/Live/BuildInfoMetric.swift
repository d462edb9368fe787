import TagCloudBuildInfo

/// The `tagcloud_build_info` gauge of `/metrics`: always 1, its label says which version answers
/// (the Prometheus convention for build information, as `go_build_info` or
/// `prometheus_build_info`), so a dashboard can tell the versions of a rolling upgrade apart.
///
///     BuildInfoMetric.prometheusText(version: "0.1.0")
///     // "# HELP tagcloud_build_info ...\n# TYPE tagcloud_build_info gauge\n
///     //  tagcloud_build_info{version=\"0.1.0\"} 1\n"
public enum BuildInfoMetric {
  /// The running binary's gauge.
  public static var prometheusText: String { prometheusText(version: BuildInfo.version) }

  /// - Complexity: O(n) in the length of `version`.
  public static func prometheusText(version: String) -> String {
    """
    # HELP tagcloud_build_info The version of tagcloud that answers; always 1.
    # TYPE tagcloud_build_info gauge
    tagcloud_build_info{\(MetricsLabel.pair(name: "version", value: version))} 1

    """
  }
}
