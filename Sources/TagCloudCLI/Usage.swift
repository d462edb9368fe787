/// The usage texts of `tagcloud` and its subcommands.
public enum Usage {
  public static let version = "tagcloud 0.1.0"

  public static func text(for topic: HelpTopic) -> String {
    switch topic {
    case .general:
      return """
        tagcloud: the Liquid Glass tag cloud's layout engine, on the command line.

        USAGE: tagcloud <subcommand> [options]

        SUBCOMMANDS:
          layout    Lay out one request read from stdin; write the response to stdout.

        OPTIONS:
          -h, --help  Show this help, or a subcommand's with 'tagcloud <subcommand> --help'.
          --version   Show the version.

        The request and response formats are in docs/PROTOCOL.md.
        """
    case .layout:
      return """
        USAGE: tagcloud layout < request.json > response.json

        Reads one layout request (a JSON object, see docs/PROTOCOL.md) from stdin and writes the
        response to stdout, exit status 0. A bad request writes one line to stderr that says what
        is wrong and at which byte, writes nothing to stdout and exits with status 65.

        EXAMPLE:
          echo '{"width": 390, "spacing": 18, "tags": [{"id": "SwiftUI", "size": [96, 40]}]}' \\
            | tagcloud layout
        """
    }
  }
}
