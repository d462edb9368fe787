import TagCloudCore

/// The protocol layer of `tagcloud serve`: the table of sessions and connections, the handling
/// of every client message, and what to send next. It never touches a socket or a clock: the
/// adapter passes time in (seconds, monotonic) and moves the frames it returns.
///
///     var hub = LiveHub(configuration: .demo, random: SystemRandomNumberGenerator())
///     let id = try hub.open(now: 0).get()
///     hub.takeFrame(for: id, now: 0)  // the welcome
///     _ = hub.receive(Array(#"{"type":"toggle","id":"Glass"}"#.utf8), from: id, now: 0.1)
///
/// Latest wins: each connection holds at most one pending layout; a change that arrives
/// before it was sent replaces it (counted as coalesced), and the layout is computed only when
/// the socket can take it, from the newest state.
public struct LiveHub<Random: RandomNumberGenerator> {
  public private(set) var configuration: LiveConfiguration
  public private(set) var metrics = LiveMetrics()
  private var random: Random
  /// Sessions by a key of their own: a frame looks its session up, and the key finds it in an
  /// array where the 32-character token would be hashed.
  private var sessions = SlotTable<SessionKey, LiveSession>()
  /// The key of each session's token: for resume, and to keep tokens unique.
  private var tokens: [String: SessionKey] = [:]
  private var connections = SlotTable<ConnectionID, LiveConnection>()
  /// A connection's place in `connections`, valid until it is removed: a message or a frame
  /// looks its connection up once and changes it there.
  private typealias ConnectionSlot = Int
  private var wakeups: [ConnectionID] = []
  private var log: [String] = []
  /// Layout frames by the request they answer, shared by the hub's sessions.
  private var layoutCache: LayoutCache
  /// The sessions' measured tags, one array per distinct measurement. At most as many as the
  /// sessions the hub keeps: the worst case holds as much again as the sessions themselves.
  private var measurements: SharedMeasurements

  public init(configuration: LiveConfiguration, random: Random) {
    self.configuration = configuration
    self.random = random
    layoutCache = LayoutCache(byteLimit: configuration.layoutCacheBytes)
    measurements = SharedMeasurements(limit: configuration.maxSessions)
  }

  public var liveSessionCount: Int { connections.count }
  public var detachedSessionCount: Int { sessions.count - connections.count }

  // MARK: - Connections

  /// A new WebSocket: creates a fresh session and queues its welcome. Past the session cap it
  /// evicts the oldest detached session, or refuses with 1013 when every session is live.
  ///
  /// - Complexity: O(1), or O(s) in the number of sessions when the cap is reached.
  public mutating func open(now: Double) -> Result<ConnectionID, CloseInstruction> {
    defer { assert(connections.count <= sessions.count, "every connection has a session") }
    if sessions.count >= configuration.maxSessions {
      guard
        let oldest = sessions.keys(where: { $0.connection == nil })
          .min(by: { sessions[$0]!.detachedAt < sessions[$1]!.detachedAt })
      else {
        metrics.connectionsRefused += 1
        return .failure(
          CloseInstruction(code: 1013, reason: "server full: \(configuration.maxSessions) sessions")
        )
      }
      removeSession(oldest)
      metrics.sessionsExpired += 1
    }
    let id = connections.nextKey
    let token = newToken()
    var session = LiveSession(
      token: token,
      selection: SelectionSet(
        capacity: configuration.tags.count, indices: configuration.initialSelection),
      spacing: configuration.spacing)
    session.connection = id
    let key = sessions.insert(session)
    tokens[token] = key
    let inserted = connections.insert(
      LiveConnection(
        session: key,
        limiter: RateLimiter(
          rate: configuration.messageRate, burst: configuration.messageBurst, now: now)))
    assert(inserted == id, "the connection's id is the one its session holds")
    metrics.connectionsOpened += 1
    enqueueControl(
      ControlFrame(
        kind: .welcome, bytes: ServerMessage.welcome(session, resumed: false, configuration)),
      for: id)
    return .success(id)
  }

  /// The WebSocket closed: its session is kept (detached) for resume until it expires, unless
  /// no message ever changed it.
  public mutating func close(_ id: ConnectionID, now: Double) {
    guard let connection = connections.remove(id) else { return }
    guard var session = sessions[connection.session] else { return }
    if !session.touched {
      removeSession(connection.session)
      return
    }
    session.connection = nil
    session.detachedAt = now
    sessions[connection.session] = session
  }

  /// Drops detached sessions older than the time to live.
  ///
  /// - Complexity: O(s) in the number of sessions; O(1) when none is detached.
  public mutating func expire(now: Double) {
    // The adapter asks every tick: with every session live there is nothing to look at.
    if detachedSessionCount == 0 { return }
    let expired = sessions.keys(where: {
      $0.connection == nil && now - $0.detachedAt >= configuration.sessionTimeToLive
    })
    for key in expired { removeSession(key) }
    metrics.sessionsExpired += expired.count
  }

  // MARK: - The tag set

  /// Serves a new tag set (a reload of `--tags FILE`): every session, live or detached, keeps
  /// the selected tags that are still served and drops the rest; what its page measured is kept
  /// for the tags still served, so a layout follows at once (of the measured tags; the page
  /// measures the new ones when it hears of them, and its next layout has every tag). Every live
  /// connection gets a `tags` message (before its next layout), then a layout; a detached
  /// session that resumes gets the new set in its welcome. New sessions start with the new
  /// set's initial selection. The limits (sessions, rates) stay as they are.
  ///
  /// - Complexity: O(s · t) for s sessions and t tags.
  public mutating func replaceTags(with replacement: LiveConfiguration, now: Double)
    -> TagSetChange
  {
    let old = configuration
    var next = configuration
    next.tags = replacement.tags
    next.initialSelection = replacement.initialSelection
    var newIndex: [[UInt8]: Int] = [:]
    for (index, tag) in next.tags.enumerated() { newIndex[tag.id] = index }
    let oldIds = Set(old.tags.map(\.id))
    let change = TagSetChange(
      added: next.tags.map(\.id).filter { !oldIds.contains($0) },
      removed: old.tags.map(\.id).filter { newIndex[$0] == nil },
      liveSessions: connections.count)
    configuration = next
    for key in sessions.keys {
      guard var session = sessions[key] else { continue }
      let kept = session.selection.indices.compactMap { newIndex[old.tags[$0].id] }
      session.selection = SelectionSet(capacity: next.tags.count, indices: kept)
      if let measured = session.measured {
        // In the new order, the tags the page measured and that are still served.
        session.measured = measurements.shared(
          measured.filter { newIndex[$0.id] != nil }.sorted { newIndex[$0.id]! < newIndex[$1.id]! })
      }
      sessions[key] = session
    }
    for id in connections.keys {
      guard let connection = connections[id], let session = sessions[connection.session] else {
        continue
      }
      enqueueControl(
        ControlFrame(kind: .tags, bytes: ServerMessage.tags(session, configuration)), for: id)
      scheduleLayout(for: id, animation: .snappy, now: now)
    }
    return change
  }

  // MARK: - Messages in

  /// A text message. Returns a close instruction when the client is abusive (flooding); any
  /// other refusal queues an error message and keeps the connection open.
  ///
  /// - Complexity: O(n + t²) for n bytes and t served tags (see ``ClientMessage/decode(_:tags:)``);
  ///   layouts are not computed here but in ``takeFrame(for:now:)``.
  public mutating func receive(_ bytes: [UInt8], from id: ConnectionID, now: Double)
    -> CloseInstruction?
  {
    bytes.withUnsafeBytes { receive($0, from: id, now: now) }
  }

  /// ``receive(_:from:now:)`` of bytes the adapter holds (its socket library's buffer, valid
  /// for the call): a plain viewport is read where it lies, with no array made for it.
  public mutating func receive(_ bytes: UnsafeRawBufferPointer, from id: ConnectionID, now: Double)
    -> CloseInstruction?
  {
    guard let slot = connections.index(forKey: id) else { return nil }
    metrics.messagesIn += 1
    if let flood = admit(slot, now: now) { return flood }
    do {
      let message = try ClientMessage.decode(bytes, tags: configuration.tags)
      apply(message, from: slot, now: now)
    } catch {
      refuse(error.description, for: id)
    }
    return nil
  }

  /// A binary message: refused with an error message, the connection stays open.
  public mutating func receiveBinary(from id: ConnectionID, now: Double) -> CloseInstruction? {
    guard let slot = connections.index(forKey: id) else { return nil }
    metrics.messagesIn += 1
    if let flood = admit(slot, now: now) { return flood }
    refuse("binary frames are not accepted: send JSON text frames (tagcloud.v1)", for: id)
    return nil
  }

  /// The adapter closed a connection for a message over the size limit (1009).
  public mutating func recordOversize(from id: ConnectionID) {
    metrics.clientsDropped += 1
  }

  private mutating func admit(_ slot: ConnectionSlot, now: Double) -> CloseInstruction? {
    if connections[index: slot].limiter.admit(now: now) { return nil }
    metrics.clientsDropped += 1
    log.append(
      "closing connection \(connections.key(at: slot)) with 1008: flooding (over \(Int(configuration.messageRate)) messages a second)"
    )
    return CloseInstruction(code: 1008, reason: "too many messages")
  }

  /// Changes the session in place: a copy taken out and stored back would retain and release
  /// every array it holds, and look it up twice (a tenth of the hub's instructions a frame,
  /// callgrind, docs/benchmarks/notes.md).
  private mutating func apply(_ message: ClientMessage, from slot: ConnectionSlot, now: Double) {
    guard let sessionSlot = sessions.index(forKey: connections[index: slot].session) else {
      return
    }
    switch message {
    case .hello(let requested, let selection, let spacing):
      hello(
        requested: requested, selection: selection, spacing: spacing,
        from: connections.key(at: slot), now: now)
    case .measure(let measured, let capsuleMetrics, let moreSizes):
      let tags = measurements.shared(measured)
      let canLayOut = Self.change(&sessions[index: sessionSlot]) { session in
        session.measured = tags
        session.capsuleMetrics = capsuleMetrics
        session.moreSizes = moreSizes
      }
      scheduleLayout(at: slot, canLayOut: canLayOut, animation: nil, now: now)
    case .viewport(let width, let reduceMotion, let direction, let maxRows):
      var unchanged = false
      let canLayOut = Self.change(&sessions[index: sessionSlot]) { session in
        unchanged =
          session.width == width && session.reduceMotion == reduceMotion
          && session.direction == direction && session.maxRows == maxRows
        session.width = width
        session.maxRows = maxRows
        session.reduceMotion = reduceMotion
        session.direction = direction
      }
      // A page resized only vertically repeats its width: nothing new to lay out.
      scheduleLayout(
        at: slot, canLayOut: canLayOut, animation: nil, now: now, unlessUnchanged: unchanged)
    case .toggle(let index):
      let canLayOut = Self.change(&sessions[index: sessionSlot]) { session in
        _ = session.selection.toggle(index)
      }
      scheduleLayout(at: slot, canLayOut: canLayOut, animation: .snappy, now: now)
    case .spacing(let value):
      var unchanged = false
      let canLayOut = Self.change(&sessions[index: sessionSlot]) { session in
        unchanged = session.spacing == value
        session.spacing = value
      }
      scheduleLayout(
        at: slot, canLayOut: canLayOut, animation: .smooth(duration: 0.7), now: now,
        unlessUnchanged: unchanged)
    }
  }

  /// A client message's change to its session, which is then touched (worth keeping); returns
  /// whether the session can now be laid out.
  private static func change(_ session: inout LiveSession, _ body: (inout LiveSession) -> Void)
    -> Bool
  {
    body(&session)
    session.touched = true
    return session.canLayOut
  }

  /// Resume: a detached session the client names becomes this connection's session (the fresh
  /// one is dropped). A token that is unknown, expired or in use by another open connection is
  /// not shared: the current session adopts the client's copy instead. Either way the client's
  /// selection and spacing, when it sends them, win (the page is what the user sees), and a new
  /// welcome states the result.
  private mutating func hello(
    requested: [UInt8]?, selection: [Int]?, spacing: Double?, from id: ConnectionID, now: Double
  ) {
    guard var connection = connections[id] else { return }
    var resumed = false
    if let requested, SessionToken.isWellFormed(requested) {
      let key = tokens[String(decoding: requested, as: UTF8.self)]
      if key == connection.session {
        resumed = true
      } else if let key, var old = sessions[key], old.connection == nil {
        removeSession(connection.session)
        old.connection = id
        sessions[key] = old
        connection.session = key
        connections[id] = connection
        resumed = true
        metrics.sessionsResumed += 1
      }
    }
    if !resumed && requested != nil { metrics.sessionsAdopted += 1 }
    guard var session = sessions[connection.session] else { return }
    if let selection {
      session.selection = SelectionSet(capacity: configuration.tags.count, indices: selection)
    }
    if let spacing { session.spacing = spacing }
    session.touched = true
    sessions[connection.session] = session
    enqueueControl(
      ControlFrame(
        kind: .welcome, bytes: ServerMessage.welcome(session, resumed: resumed, configuration)),
      for: id)
    scheduleLayout(for: id, animation: nil, now: now)
  }

  /// Schedules a layout, except for a change that left the session as it was while the
  /// connection already has (or is about to get) its layout: a repeat needs no new frame.
  private mutating func scheduleLayout(
    at slot: ConnectionSlot, canLayOut: Bool, animation: Spring?, now: Double,
    unlessUnchanged unchanged: Bool
  ) {
    if unchanged, connections[index: slot].layoutPending || connections[index: slot].layoutsSent > 0
    {
      return
    }
    scheduleLayout(at: slot, canLayOut: canLayOut, animation: animation, now: now)
  }

  private mutating func scheduleLayout(for id: ConnectionID, animation: Spring?, now: Double) {
    guard let slot = connections.index(forKey: id),
      let session = sessions[connections[index: slot].session]
    else { return }
    scheduleLayout(at: slot, canLayOut: session.canLayOut, animation: animation, now: now)
  }

  /// Marks a layout due on the connection in `slot` (whose session `canLayOut`, else nothing).
  private mutating func scheduleLayout(
    at slot: ConnectionSlot, canLayOut: Bool, animation: Spring?, now: Double
  ) {
    guard canLayOut else { return }
    let coalesced = Self.schedule(&connections[index: slot], animation: animation, now: now)
    if coalesced { metrics.framesCoalesced += 1 }
    wake(connections.key(at: slot))
  }

  /// Returns whether a layout was pending already (the new change joins it: coalesced).
  private static func schedule(_ connection: inout LiveConnection, animation: Spring?, now: Double)
    -> Bool
  {
    let coalesced = connection.layoutPending
    if !coalesced {
      connection.layoutPending = true
      connection.pendingSince = now
    }
    if let animation { connection.pendingAnimation = animation }
    return coalesced
  }

  private mutating func refuse(_ message: String, for id: ConnectionID) {
    metrics.errors += 1
    guard var connection = connections[id] else { return }
    if connection.refusalsLogged < configuration.maxLoggedRefusals {
      connection.refusalsLogged += 1
      let quiet =
        connection.refusalsLogged == configuration.maxLoggedRefusals
        ? " (further refusals on this connection are only counted)" : ""
      log.append("refused a message on connection \(id): \(message)\(quiet)")
    }
    connections[id] = connection
    let pendingErrors = connection.control.filter { $0.kind == .error }.count
    guard pendingErrors < configuration.maxPendingErrors else { return }
    enqueueControl(ControlFrame(kind: .error, bytes: ServerMessage.error(message)), for: id)
  }

  // MARK: - Frames out

  /// Whether the connection has a frame to send.
  public func hasOutgoing(_ id: ConnectionID) -> Bool {
    connections[id]?.hasOutgoing ?? false
  }

  /// The next frame for the connection (welcome and errors first, in order, then the one
  /// pending layout, computed now from the newest state), or nil when there is none.
  ///
  /// - Complexity: that of the core's `LayoutEngine.layout` when a layout is due, else O(1).
  public mutating func takeFrame(for id: ConnectionID, now: Double) -> [UInt8]? {
    takeFrameTellingWhetherMoreWait(for: id, now: now)?.frame.bytes
  }

  /// ``takeFrame(for:now:)``, and whether another frame waits after it: what the adapter asks
  /// after every write, in the same mutating call. A non-mutating call on the hub, a stored
  /// property of the adapter's class, would copy the whole hub first (its tables retained and
  /// released: about 700 instructions a frame, callgrind).
  ///
  /// - Complexity: that of ``takeFrame(for:now:)``.
  public mutating func takeFrameTellingWhetherMoreWait(for id: ConnectionID, now: Double) -> (
    frame: OutgoingFrame, moreWaiting: Bool
  )? {
    guard let slot = connections.index(forKey: id) else { return nil }
    // Each step takes from the connection in place: reading its members one by one copied the
    // whole connection each time, its queue retained and released (about 600 instructions a
    // frame, callgrind).
    if let (frame, moreWaiting) = connections[index: slot].takeControlFrame() {
      metrics.framesOut += 1
      return (OutgoingFrame(head: frame), moreWaiting)
    }
    guard let (key, animation, pendingSince) = connections[index: slot].takeLayout(),
      let sessionSlot = sessions.index(forKey: key)
    else { return nil }
    let (frame, cached) = Self.nextLayout(
      &sessions[index: sessionSlot], animation: animation, configuration, cache: &layoutCache)
    if cached { metrics.layoutCacheHits += 1 } else { metrics.layoutsComputed += 1 }
    metrics.layoutCacheBytes = layoutCache.byteCount
    metrics.framesOut += 1
    metrics.observeRoundTrip(seconds: now - pendingSince)
    // Control frames go first, so none waits after a layout; and one layout is pending at most.
    return (frame, false)
  }

  /// The session's next layout frame, numbered in place (a copy of the session for the
  /// layout would retain and release every array it holds).
  private static func nextLayout(
    _ session: inout LiveSession, animation: Spring?, _ configuration: LiveConfiguration,
    cache: inout LayoutCache
  ) -> (frame: OutgoingFrame, cached: Bool) {
    session.sequence += 1
    return ServerMessage.layout(&session, animation: animation, configuration, cache: &cache)
  }

  /// Hands `body` each connection that got something to send since the last call (the adapter
  /// asks their sockets for a writable callback), once, in order. No array is built: the
  /// adapter calls this after every message.
  public mutating func forEachWakeup(_ body: (ConnectionID) -> Void) {
    for id in wakeups { body(id) }
    wakeups.removeAll(keepingCapacity: true)
  }

  /// Lines for the server log (refusals, drops) since the last call.
  public mutating func takeLog() -> [String] {
    // The adapter asks after every message, and there is almost never anything: no swap then.
    if log.isEmpty { return [] }
    defer { log = [] }
    return log
  }

  // MARK: - Helpers

  /// Queues a control frame; an unsent welcome or tags message is replaced by a newer one of
  /// its kind (its state is stale).
  private mutating func enqueueControl(_ frame: ControlFrame, for id: ConnectionID) {
    guard var connection = connections[id] else { return }
    if frame.kind != .error,
      let stale = connection.control.firstIndex(where: { $0.kind == frame.kind })
    {
      connection.control.remove(at: stale)
      metrics.framesCoalesced += 1
    }
    connection.control.append(frame)
    connections[id] = connection
    wake(id)
  }

  private mutating func wake(_ id: ConnectionID) {
    if !wakeups.contains(id) { wakeups.append(id) }
  }

  private mutating func newToken() -> String {
    while true {
      let token = SessionToken.make(using: &random)
      if tokens[token] == nil { return token }
    }
  }

  /// Drops a session and its token.
  private mutating func removeSession(_ key: SessionKey) {
    guard let session = sessions.remove(key) else { return }
    tokens.removeValue(forKey: session.token)
  }

  /// The state of a session, for tests and diagnostics: its selection (ids), spacing and width.
  public func sessionState(of id: ConnectionID) -> (
    token: String, selection: [[UInt8]], spacing: Double, width: Double?
  )? {
    guard let connection = connections[id], let session = sessions[connection.session] else {
      return nil
    }
    return (
      session.token, session.selection.indices.map { configuration.tags[$0].id },
      session.spacing, session.width
    )
  }
}
