/// Parses the arguments that follow `tagcloud serve`, and the `TAGCLOUD_*` variables of
/// ``ServeLimitOption/all`` from `environment` (a flag wins over its variable; an empty
/// variable counts as unset).
///
/// Each option takes its value as the next argument or after `=`
/// (`--port 8080`, `--port=8080`); `--allow-origin` may repeat; `--echo` is a flag.
///
///     try ServeOptionsParser.parse(["--workers", "2"], environment: ["TAGCLOUD_MAX_SESSIONS": "5000"])
///     // limits.workers == .fixed(2), limits.maxSessions == 5000
///
/// - Complexity: O(n + e) in the number of arguments and limit options.
enum ServeOptionsParser {
  /// Every option `tagcloud serve` knows, for the hint after an unknown one.
  static var knownOptions: [String] {
    ["--host", "--port", "--web", "--tags", "--allow-origin", "--echo", "--help"]
      + ServeLimitOption.all.map(\.flag)
  }

  static func parse(_ arguments: [String], environment: [String: String] = [:])
    throws(CommandLineError) -> ServeOptions
  {
    var options = ServeOptions()
    // Where each limit came from, to name it in an error about two of them.
    var sources: [String: String] = [:]
    for option in ServeLimitOption.all {
      guard let text = environment[option.environmentVariable], !text.isEmpty else { continue }
      let source = "\(option.environmentVariable) (environment)"
      try option.apply(text, from: source, to: &options.limits)
      sources[option.flag] = source
    }
    var index = 0
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      guard argument.hasPrefix("--") else {
        throw CommandLineError("'tagcloud serve' takes no positional arguments, got '\(argument)'")
      }
      let name: String
      var value: String?
      if let equals = argument.firstIndex(of: "=") {
        name = String(argument[..<equals])
        value = String(argument[argument.index(after: equals)...])
      } else {
        name = argument
      }
      if name == "--echo" {
        guard value == nil else { throw CommandLineError("--echo takes no value") }
        options.echo = true
        continue
      }
      let limit = ServeLimitOption.named(name)
      guard
        limit != nil || ["--host", "--port", "--web", "--tags", "--allow-origin"].contains(name)
      else {
        let hint = NearestName.hint(among: knownOptions, to: name)
        throw CommandLineError(
          "unknown option '\(name)' for 'tagcloud serve'\(hint); see 'tagcloud serve --help'")
      }
      if value == nil {
        guard index < arguments.count else { throw CommandLineError("\(name) needs a value") }
        value = arguments[index]
        index += 1
      }
      let text = value ?? ""
      guard !text.isEmpty else { throw CommandLineError("\(name) needs a non-empty value") }
      if let limit {
        try limit.apply(text, from: name, to: &options.limits)
        sources[name] = name
        continue
      }
      switch name {
      case "--host":
        options.host = text
      case "--port":
        guard let port = Int(text), (0...65535).contains(port) else {
          throw .badValue("--port expects a number from 0 to 65535, got '\(text)'")
        }
        options.port = port
      case "--web":
        options.webDirectory = text
      case "--tags":
        options.tagsFile = text
      default:
        options.allowedOrigins.append(try parseOrigin(text))
      }
    }
    let limits = options.limits
    guard limits.hangUpAfter > limits.pingAfter else {
      let hangUp = sources["--hang-up-after"] ?? "--hang-up-after (default)"
      let ping = sources["--ping-after"] ?? "--ping-after (default)"
      throw .badValue(
        "\(hangUp) must be more than \(ping): hanging up after \(limits.hangUpAfter) s leaves no time to answer a ping sent after \(limits.pingAfter) s"
      )
    }
    return options
  }

  /// Accepts `*`, `null` (the Origin of file:// pages) or `http(s)://host[:port]`, no path.
  static func parseOrigin(_ text: String) throws(CommandLineError) -> String {
    if text == "*" || text == "null" { return text }
    var origin = text
    if origin.hasSuffix("/") { origin.removeLast() }
    let refusal = CommandLineError.badValue(
      "--allow-origin expects an origin like 'https://example.com:8443' (scheme, host, optional port; no path), got '\(text)'"
    )
    let rest: Substring
    if origin.hasPrefix("http://") {
      rest = origin.dropFirst(7)
    } else if origin.hasPrefix("https://") {
      rest = origin.dropFirst(8)
    } else {
      throw refusal
    }
    guard !rest.isEmpty, !rest.contains("/"), !rest.contains("?"), !rest.contains("#"),
      !rest.contains("@"), !rest.contains(" "), !rest.hasPrefix(":")
    else { throw refusal }
    return origin
  }
}
