/// One limit of `tagcloud serve`: its flag, its environment variable, what it accepts, and where
/// its value goes. The table (``all``) drives the parse, the usage text and the docs, so that a
/// limit cannot be added to one and forgotten in the other.
///
///     var limits = ServeLimits()
///     try ServeLimitOption.all[0].apply("20000", from: "--max-sessions", to: &limits)
///     // limits.maxSessions == 20000
public struct ServeLimitOption: Sendable {
  /// `--max-sessions`.
  public let flag: String
  /// `TAGCLOUD_MAX_SESSIONS`.
  public let environmentVariable: String
  /// The value's placeholder in the usage text (`N`, `SECONDS`).
  public let placeholder: String
  /// One line for `--help`, the default included.
  public let summary: String
  /// What the option accepts, as the error message says it ("a whole number from 1 to 3600").
  public let expectation: String
  private let store: @Sendable (String, inout ServeLimits) -> Bool

  /// Parses `text` into `limits`; `source` (the flag or the variable) names it in the error.
  public func apply(_ text: String, from source: String, to limits: inout ServeLimits)
    throws(CommandLineError)
  {
    guard store(text, &limits) else {
      throw .badValue("\(source) expects \(expectation), got '\(text)'")
    }
  }

  /// Every limit, in the order `--help` lists them.
  public static let all: [ServeLimitOption] = [
    whole(
      "--max-sessions", "TAGCLOUD_MAX_SESSIONS", 1...1_000_000,
      "Sessions per worker, live plus detached (default 1000); past it a new connection evicts the oldest detached session or gets 1013.",
      \.maxSessions),
    whole(
      "--ping-after", "TAGCLOUD_PING_AFTER", 1...3600,
      "Seconds after a WebSocket's last pong (or its opening) before it is pinged (default 30); messages do not count.",
      \.pingAfter,
      placeholder: "SECONDS"),
    whole(
      "--hang-up-after", "TAGCLOUD_HANG_UP_AFTER", 1...3600,
      "Seconds after a WebSocket's last pong (or its opening) before it is dropped (default 45; more than --ping-after). Browsers answer pings themselves.",
      \.hangUpAfter, placeholder: "SECONDS"),
    whole(
      "--session-ttl", "TAGCLOUD_SESSION_TTL", 1...86_400,
      "Seconds a session without a connection is kept for resume (default 300).",
      \.sessionTTL, placeholder: "SECONDS"),
    whole(
      "--message-rate", "TAGCLOUD_MESSAGE_RATE", 1...1_000_000,
      "Messages per second per connection, with bursts of twice that (default 1000); a client that floods past it is closed with 1008.",
      \.messageRate),
    whole(
      "--layout-cache", "TAGCLOUD_LAYOUT_CACHE", 0...4096,
      "MiB of layout frames each worker keeps for sessions that make the same request (default 8; 0 keeps none).",
      \.layoutCacheMiB, placeholder: "MIB"),
    ServeLimitOption(
      flag: "--drain-grace", environmentVariable: "TAGCLOUD_DRAIN_GRACE", placeholder: "SECONDS",
      summary:
        "Seconds from a stop signal (/readyz answers 503) to the 1001 closes (default 1; 0 to 600, e.g. 0.5).",
      expectation: "a number of seconds from 0 to 600",
      store: { text, limits in
        guard let seconds = decimalSeconds(text), seconds <= 600 else { return false }
        limits.drainGrace = seconds
        return true
      }),
    ServeLimitOption(
      flag: "--workers", environmentVariable: "TAGCLOUD_WORKERS", placeholder: "N|auto",
      summary:
        "Serving processes on the port, under a supervisor that restarts them (default 1; auto: one per core).",
      expectation: "a whole number from 1 to 256, or 'auto'",
      store: { text, limits in
        if text == "auto" {
          limits.workers = .auto
          return true
        }
        guard let count = wholeNumber(text), (1...256).contains(count) else { return false }
        limits.workers = .fixed(count)
        return true
      }),
  ]

  /// The option for a flag, nil for any other name.
  public static func named(_ flag: String) -> ServeLimitOption? {
    all.first { $0.flag == flag }
  }

  private static func whole(
    _ flag: String, _ variable: String, _ range: ClosedRange<Int>, _ summary: String,
    _ field: WritableKeyPath<ServeLimits, Int> & Sendable, placeholder: String = "N"
  ) -> ServeLimitOption {
    ServeLimitOption(
      flag: flag, environmentVariable: variable, placeholder: placeholder, summary: summary,
      expectation: "a whole number from \(range.lowerBound) to \(range.upperBound)",
      store: { text, limits in
        guard let value = wholeNumber(text), range.contains(value) else { return false }
        limits[keyPath: field] = value
        return true
      })
  }

  /// Decimal digits only: no sign, no spaces, no `1e3` (`Int("+5")` would accept a sign).
  static func wholeNumber(_ text: String) -> Int? {
    guard !text.isEmpty, text.utf8.count <= 9, text.utf8.allSatisfy({ (0x30...0x39).contains($0) })
    else { return nil }
    return Int(text)
  }

  /// `2`, `0.5`, `.25`: digits with at most one decimal point, at most 3 decimals.
  static func decimalSeconds(_ text: String) -> Double? {
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    guard !text.isEmpty, (1...2).contains(parts.count), text.utf8.count <= 12, text != ".",
      parts.allSatisfy({ $0.utf8.allSatisfy { (0x30...0x39).contains($0) } }),
      parts.count == 1 || (1...3).contains(parts[1].utf8.count)
    else { return nil }
    let whole = parts[0].isEmpty ? 0 : Int(parts[0]) ?? Int.max
    let fraction = parts.count == 2 ? Double(Int(parts[1])!) / pow10(parts[1].utf8.count) : 0
    guard whole < 1_000_000 else { return nil }
    return Double(whole) + fraction
  }

  private static func pow10(_ exponent: Int) -> Double {
    (0..<exponent).reduce(1.0) { value, _ in value * 10 }
  }
}
