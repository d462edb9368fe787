/// What the user asked `tagcloud` to do, parsed from the arguments but not yet done.
///
/// The parse is pure (no printing, no `exit`), so that every path through it is tested;
/// `Sources/tagcloud/main.swift` carries out the command.
public enum Command: Equatable, Sendable {
  /// `tagcloud --help`, `tagcloud help [SUBCOMMAND]`, `tagcloud SUBCOMMAND --help`.
  case help(topic: HelpTopic)
  /// `tagcloud --version`.
  case version
  /// `tagcloud layout`: one request on stdin, one response on stdout; with `--lines`
  /// (`lines: true`), one request per line and one line out for each (``LayoutLines``).
  case layout(lines: Bool)
  /// `tagcloud serve`: the HTTP and WebSocket server.
  case serve(ServeOptions)
}

/// Which usage text to show.
public enum HelpTopic: String, Equatable, Sendable, CaseIterable {
  case general
  case layout
  case serve
}
