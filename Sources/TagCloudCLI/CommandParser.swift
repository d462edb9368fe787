/// Parses `tagcloud`'s arguments into a ``Command``.
///
///     try CommandParser.parse(["layout"])          // .layout(lines: false)
///     try CommandParser.parse(["layout", "--lines"]) // .layout(lines: true)
///     try CommandParser.parse(["layout", "--help"]) // .help(topic: .layout)
///     try CommandParser.parse(["serve", "--port", "0"]) // .serve(ServeOptions(port: 0))
///
/// - Complexity: O(n) in the number of arguments.
public enum CommandParser {
  /// The subcommands, for the hint after an unknown one.
  static let subcommands = ["layout", "serve", "help"]

  /// Parses the arguments that follow the program name; `environment` supplies the
  /// `TAGCLOUD_*` variables of `serve` (see ``ServeLimitOption``).
  public static func parse(_ arguments: [String], environment: [String: String] = [:])
    throws(CommandLineError) -> Command
  {
    guard let first = arguments.first else { return .help(topic: .general) }
    let rest = Array(arguments.dropFirst())
    switch first {
    case "-h", "--help":
      return .help(topic: .general)
    case "--version":
      return .version
    case "help":
      guard let topic = rest.first else { return .help(topic: .general) }
      guard let known = HelpTopic(rawValue: topic), known != .general else {
        let hint = NearestName.hint(among: subcommands, to: topic)
        throw CommandLineError("unknown subcommand '\(topic)'\(hint); see 'tagcloud --help'")
      }
      return .help(topic: known)
    case "layout":
      if rest.contains(where: { $0 == "-h" || $0 == "--help" }) { return .help(topic: .layout) }
      if let extra = rest.first(where: { $0 != "--lines" }) {
        throw CommandLineError("'tagcloud layout' takes only --lines, got '\(extra)'")
      }
      return .layout(lines: !rest.isEmpty)
    case "serve":
      if rest.contains(where: { $0 == "-h" || $0 == "--help" }) { return .help(topic: .serve) }
      return .serve(try ServeOptionsParser.parse(rest, environment: environment))
    default:
      if first.hasPrefix("-") {
        let name = String(first.prefix { $0 != "=" })
        // An option of `serve` given before the subcommand: say where it belongs.
        let hint =
          ServeOptionsParser.knownOptions.contains(name)
          ? " (did you mean 'tagcloud serve \(name)'?)"
          : NearestName.hint(among: ["--help", "--version"], to: name)
        throw CommandLineError("unknown option '\(first)'\(hint); see 'tagcloud --help'")
      }
      let hint = NearestName.hint(among: subcommands, to: first)
      throw CommandLineError("unknown subcommand '\(first)'\(hint); see 'tagcloud --help'")
    }
  }
}
