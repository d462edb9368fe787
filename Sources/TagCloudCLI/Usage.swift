import TagCloudBuildInfo

/// The usage texts of `tagcloud` and its subcommands.
public enum Usage {
  /// `tagcloud --version`: the version of `web/package.json`, stamped at build time.
  public static let version = "tagcloud \(BuildInfo.version)"

  public static func text(for topic: HelpTopic) -> String {
    switch topic {
    case .general:
      return """
        tagcloud: the Liquid Glass tag cloud's layout engine, on the command line.

        USAGE: tagcloud <subcommand> [options]

        SUBCOMMANDS:
          layout    Lay out one request read from stdin (or one per line); write the response to stdout.
          serve     Serve the web demo and stream live layouts over a WebSocket.

        OPTIONS:
          -h, --help  Show this help, or a subcommand's with 'tagcloud <subcommand> --help'.
          --version   Show the version.

        The request and response formats are in docs/PROTOCOL.md.
        """
    case .layout:
      return """
        USAGE: tagcloud layout < request.json > response.json
               tagcloud layout --lines < requests.jsonl > responses.jsonl

        Reads one layout request (a JSON object, see docs/PROTOCOL.md) from stdin and writes the
        response to stdout, exit status 0. A bad request writes one line to stderr that says what
        is wrong and at which byte, writes nothing to stdout and exits with status 65.

        OPTIONS:
          --lines   One request per line (JSON Lines), answered as each line comes: one line out
                    for each, its response or {"error":"REASON"}; each refusal also on stderr
                    with its line number. Exit status 0, or 65 when any request was refused.

        EXAMPLE:
          echo '{"width": 390, "spacing": 18, "tags": [{"id": "SwiftUI", "size": [96, 40]}]}' \\
            | tagcloud layout
        """
    case .serve:
      return """
        USAGE: tagcloud serve [--host 127.0.0.1] [--port 8080] [--web DIR] [--tags FILE]
                              [--allow-origin ORIGIN]... [--echo] [--workers N|auto] [LIMITS]

        Serves the folder DIR over HTTP (index.html at /) and streams live layouts over a
        WebSocket at /live (subprotocol tagcloud.v1, see docs/PROTOCOL.md). Also serves
        /healthz (liveness), /readyz (readiness: 503 while stopping) and /metrics (Prometheus
        text). On SIGINT or SIGTERM /readyz turns 503, and after --drain-grace every WebSocket
        closes with 1001 (going away); exit status 0. A second signal closes them at once.
        On SIGHUP the --tags FILE is read again: every live session is told of the new set (a
        bad file keeps the current one; the log says why).

        OPTIONS:
          --host HOST             Address to listen on (default 127.0.0.1).
          --port PORT             TCP port (default 8080); 0 picks a free port, logged at start.
          --web DIR               Folder to serve (default web).
          --tags FILE             JSON array of {"title": "...", "tint": "#rrggbb"}; a tag's id
                                  is its title; a tint is #rgb, #rgba, #rrggbb or #rrggbbaa;
                                  "selected": true for a new session's selection. Default:
                                  the demo's ten tags, SwiftUI selected.
                                  Reread on SIGHUP.
          --allow-origin ORIGIN   Also accept WebSocket connections from pages at ORIGIN
                                  (e.g. https://example.com:8443; '*' accepts any). May repeat.
                                  The server's own origin is always accepted (localhost and
                                  127.0.0.1 alike); so are clients that send no Origin header.
          --echo                  Also serve /echo, a WebSocket that echoes every message
                                  (for the Autobahn conformance suite; off by default).
          -h, --help              Show this help.

        LIMITS (each also read from its environment variable; the flag wins):
        \(limitLines())

        Logs one line per start, stop and error to stderr. A busy port, a missing web folder, a
        bad tags file or a bad limit stops it at once with a message and exit status 1; a
        malformed command line exits with 64.

        EXAMPLE:
          tagcloud serve --port 8080 --web web --allow-origin http://192.168.1.20:8080
          TAGCLOUD_MAX_SESSIONS=20000 tagcloud serve --workers auto --host 0.0.0.0
        """
    }
  }

  /// Two lines per limit: the flag and its variable, then what it does, wrapped to 80 columns.
  private static func limitLines() -> String {
    var lines: [String] = []
    for option in ServeLimitOption.all {
      lines.append("  \(option.flag) \(option.placeholder)  (\(option.environmentVariable))")
      var line = "     "
      for word in option.summary.split(separator: " ") {
        if line.count + word.count + 1 > 80 {
          lines.append(line)
          line = "     "
        }
        line += " " + word
      }
      lines.append(line)
    }
    return lines.joined(separator: "\n")
  }
}
