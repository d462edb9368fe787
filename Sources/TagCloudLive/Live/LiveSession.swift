import TagCloudCore

/// One client's state, kept across reconnects: what is selected, the spacing, what the page
/// measured and how wide it is. A session outlives its connection by the configured time to
/// live, so that a reloaded page can resume it.
struct LiveSession {
  var token: String
  // Every member a layout request takes, except the width, forgets the request's content
  // number when it changes (``layoutContent``); the viewport's members are set by every
  // `viewport` message, so they compare first.
  var selection: SelectionSet { didSet { layoutContent = nil } }
  var spacing: Double { didSet { layoutContent = nil } }
  /// The page's capsules in the server's tag order, once it has sent `measure`. After a reload
  /// of the tag set, only the served tags the page had measured (until it measures again).
  var measured: [TagSpec]? { didSet { layoutContent = nil } }
  var capsuleMetrics = CapsuleMetrics() { didSet { layoutContent = nil } }
  /// The page's "+K" capsule sizes from its last `measure` (``RowLimit``), empty when it sent
  /// none: then no row limit applies.
  var moreSizes: [Double] = [] { didSet { layoutContent = nil } }
  /// The rows the page shows (its last `viewport`), 0 for every tag.
  var maxRows = 0 { didSet { if maxRows != oldValue { layoutContent = nil } } }
  /// The page's width, once it has sent `viewport`.
  var width: Double?
  var reduceMotion = false { didSet { if reduceMotion != oldValue { layoutContent = nil } } }
  /// The page's writing direction (rows start at the right edge in `rtl`).
  var direction = LayoutDirection.leftToRight {
    didSet { if direction != oldValue { layoutContent = nil } }
  }
  /// The layout cache's number for this session's request less its width and motion, nil
  /// until a layout gives it one and again once a member the request takes changes: with it,
  /// a frame is looked up without building the request (``LayoutCache``).
  var layoutContent: LayoutCache.Content?
  /// Layouts sent so far; the next layout's `seq` is this plus one.
  var sequence = 0
  /// The connection it belongs to, nil while detached.
  var connection: ConnectionID?
  /// When it lost its connection (meaningful while detached).
  var detachedAt = 0.0
  /// Whether any client message changed it; an untouched session is not worth keeping.
  var touched = false

  /// Whether a layout can be computed: the page has said both its sizes and its width.
  var canLayOut: Bool { measured != nil && width != nil }
}

/// A session's key in the hub's table (its token is for clients; this is for lookups).
struct SessionKey: SlotKey {
  var number: UInt64
  var slot: Int
}

/// A connection's outgoing state: control frames in order, then at most one layout.
struct LiveConnection {
  var session: SessionKey
  var limiter: RateLimiter
  /// Welcome and error frames, encoded, oldest first. Bounded: at most one welcome (a newer one
  /// replaces it, latest wins) and `maxPendingErrors` errors.
  var control: [ControlFrame] = []
  /// A layout is due: it is computed when the socket can take it, from the newest state, so a
  /// burst of changes costs one layout (latest wins).
  var layoutPending = false
  /// The motion for the pending layout: the newest non-null one among the coalesced changes,
  /// since the client never saw the frames it replaced.
  var pendingAnimation: Spring?
  /// When the oldest change behind the pending layout arrived (for the round-trip histogram).
  var pendingSince = 0.0
  var layoutsSent = 0
  var refusalsLogged = 0

  var hasOutgoing: Bool { layoutPending || !control.isEmpty }

  /// The oldest control frame, taken, and whether another frame waits after it; nil when none
  /// is queued.
  mutating func takeControlFrame() -> (frame: [UInt8], moreWaiting: Bool)? {
    guard !control.isEmpty else { return nil }
    let frame = control.removeFirst().bytes
    return (frame, hasOutgoing)
  }

  /// The pending layout, taken and counted as sent: its session, its motion (the session's
  /// Reduce Motion silences it when the frame is written) and when the oldest change behind
  /// it arrived; nil when none is pending.
  mutating func takeLayout() -> (session: SessionKey, animation: Spring?, pendingSince: Double)? {
    guard layoutPending else { return nil }
    let animation = pendingAnimation
    layoutPending = false
    pendingAnimation = nil
    layoutsSent += 1
    return (session, animation, pendingSince)
  }
}

/// A queued welcome or error frame.
struct ControlFrame {
  enum Kind { case welcome, tags, error }
  var kind: Kind
  var bytes: [UInt8]
}

/// What a reload of the tag set changed (``LiveHub/replaceTags(with:now:)``), for the log.
public struct TagSetChange: Equatable, Sendable {
  /// Ids served now and not before, in the new order.
  public var added: [[UInt8]]
  /// Ids served before and not now, in the old order.
  public var removed: [[UInt8]]
  /// Live connections told (each got a `tags` message).
  public var liveSessions: Int
}
