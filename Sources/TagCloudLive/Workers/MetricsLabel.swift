/// Adds a label to every sample of a Prometheus text exposition, so that with `--workers N`
/// each worker's series stay apart (a scrape through the shared port reaches any one worker;
/// without the label their counters would interleave as one series that keeps resetting).
///
///     MetricsLabel.add(name: "worker", value: "2", to: "# TYPE x counter\nx 5\ny{le=\"1\"} 3\n")
///     // "# TYPE x counter\nx{worker=\"2\"} 5\ny{worker=\"2\",le=\"1\"} 3\n"
///
/// Comment lines (`# HELP`, `# TYPE`) and blank lines pass unchanged. The one writer of label
/// text in the server: `/metrics`' `worker` label and `tagcloud_build_info`'s `version` both go
/// through `pair(name:value:)`.
public enum MetricsLabel {
  /// - Complexity: O(n) in the length of the text.
  public static func add(name: String, value: String, to text: String) -> String {
    let label = pair(name: name, value: value)
    var output = ""
    output.reserveCapacity(text.utf8.count + text.utf8.count / 4)
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.isEmpty || line.hasPrefix("#") {
        output += line
      } else if let brace = line.firstIndex(of: "{"),
        brace < (line.firstIndex(of: " ") ?? line.endIndex)
      {
        output += line[..<brace] + "{" + label + ","
        output += line[line.index(after: brace)...]
      } else if let space = line.firstIndex(of: " ") {
        output += line[..<space] + "{" + label + "}" + line[space...]
      } else {
        output += line
      }
      output += "\n"
    }
    output.removeLast()  // split gave one more piece than there were newlines
    return output
  }

  /// One label as the text format writes it: `name="value"`, with backslash, double quote and
  /// line feed in the value escaped.
  ///
  ///     MetricsLabel.pair(name: "version", value: #"1.0 "beta""#)  // version="1.0 \"beta\""
  ///
  /// - Complexity: O(n) in the length of `value`.
  public static func pair(name: String, value: String) -> String {
    var escaped = ""
    for character in value {
      switch character {
      case "\\": escaped += "\\\\"
      case "\"": escaped += "\\\""
      case "\n": escaped += "\\n"
      default: escaped.append(character)
      }
    }
    return "\(name)=\"\(escaped)\""
  }
}
