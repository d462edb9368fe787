import TagCloudCore

/// One tag the server offers: its title (also its id, as in the seed) and tint, a hex colour
/// (`#rgb`, `#rgba`, `#rrggbb` or `#rrggbbaa`; ``TagFile`` checks it).
public struct LiveTag: Equatable, Sendable {
  /// UTF-8 title; the id clients use in `toggle`, `measure` and selections.
  public var title: [UInt8]
  /// UTF-8 hex colour, as the tags file wrote it.
  public var tint: [UInt8]

  public init(title: [UInt8], tint: [UInt8]) {
    self.title = title
    self.tint = tint
  }

  public var id: [UInt8] { title }
}

/// What the protocol layer serves and the limits it keeps.
///
///     var configuration = LiveConfiguration.demo
///     configuration.maxSessions = 10
public struct LiveConfiguration: Equatable, Sendable {
  public var tags: [LiveTag]
  /// Selected for a new session, by index into `tags`.
  public var initialSelection: [Int]
  public var spacing: Double
  public var mergeDistance: Double
  /// Live plus detached sessions; a new connection past the cap first evicts the oldest
  /// detached session, and is refused with 1013 (try again later) when there is none.
  public var maxSessions: Int = 1000
  /// Seconds a session without a connection is kept for resume.
  public var sessionTimeToLive: Double = 300
  /// Sustained messages per second per connection, and the burst allowed above it. A client
  /// that empties the bucket is flooding and is closed with 1008. The defaults absorb a window
  /// drag at 240 Hz many times over; a flood of thousands a second is closed within a second
  /// or two.
  public var messageRate: Double = 1000
  public var messageBurst: Double = 2000
  /// Error messages waiting to be sent per connection; more are counted but not queued.
  public var maxPendingErrors: Int = 8
  /// Refusals logged per connection before the log goes quiet for it (metrics count them all).
  public var maxLoggedRefusals: Int = 3
  /// Bytes of layout frames kept for sessions that make the same request (``LayoutCache``);
  /// 0 keeps none.
  public var layoutCacheBytes: Int = 8 << 20

  public init(
    tags: [LiveTag], initialSelection: [Int] = [], spacing: Double = DemoTags.spacing,
    mergeDistance: Double = DemoTags.mergeDistance
  ) {
    assert(initialSelection.allSatisfy { tags.indices.contains($0) })
    self.tags = tags
    self.initialSelection = initialSelection
    self.spacing = spacing
    self.mergeDistance = mergeDistance
  }

  /// The seed's demo: ten tags with their tints, `SwiftUI` selected, spacing 18.
  public static var demo: LiveConfiguration {
    let tags = DemoTags.all.map { LiveTag(title: $0.id, tint: $0.tintBytes) }
    let selected = DemoTags.initialSelection.compactMap { name in
      tags.firstIndex {
        $0.title == Array(UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
      }
    }
    return LiveConfiguration(tags: tags, initialSelection: selected)
  }
}

/// A connection, as the protocol layer knows it: a number the adapter maps to its socket.
public struct ConnectionID: Hashable, Sendable, CustomStringConvertible, SlotKey {
  /// The connection's number: the hub's connections are numbered from 1, in order.
  public let rawValue: UInt64
  /// Its place in the hub's table (``SlotTable``).
  let slot: Int
  var number: UInt64 { rawValue }
  init(number: UInt64, slot: Int) {
    rawValue = number
    self.slot = slot
  }
  public var description: String { "#\(rawValue)" }
}

/// Close the connection with this WebSocket status code and reason.
public struct CloseInstruction: Error, Equatable, Sendable {
  public var code: UInt16
  public var reason: String

  public init(code: UInt16, reason: String) {
    self.code = code
    self.reason = reason
  }
}
