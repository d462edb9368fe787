import TagCloudCore
import TagCloudWire

/// The frames the server sends, encoded as compact JSON text.
///
///     ServerMessage.error("unknown tag id 'Rust' at byte 27")
///     // {"type":"error","message":"unknown tag id 'Rust' at byte 27"}
enum ServerMessage {
  /// `welcome`: the session token, the served tags and the session's state.
  static func welcome(_ session: LiveSession, resumed: Bool, _ configuration: LiveConfiguration)
    -> [UInt8]
  {
    var writer = JSONWriter()
    writer.beginObject()
    writer.key("type")
    writer.string("welcome")
    writer.key("session")
    writer.string(Array(session.token.utf8))
    writer.key("resumed")
    writer.bool(resumed)
    writeTagSet(session, configuration, into: &writer)
    writer.key("spacing")
    writer.number(session.spacing)
    writer.key("mergeDistance")
    writer.number(configuration.mergeDistance)
    writer.endObject()
    return writer.bytes
  }

  /// `tags`: the served tag set changed (a reload): the new tags, the session's selection of
  /// them (selected tags no longer served are dropped), the merge distance. The page measures
  /// the capsules it does not know yet and sends `measure`.
  static func tags(_ session: LiveSession, _ configuration: LiveConfiguration) -> [UInt8] {
    var writer = JSONWriter()
    writer.beginObject()
    writer.key("type")
    writer.string("tags")
    writeTagSet(session, configuration, into: &writer)
    writer.key("mergeDistance")
    writer.number(configuration.mergeDistance)
    writer.endObject()
    return writer.bytes
  }

  /// The `tags` and `selection` members of `welcome` and `tags`.
  private static func writeTagSet(
    _ session: LiveSession, _ configuration: LiveConfiguration, into writer: inout JSONWriter
  ) {
    writer.key("tags")
    writer.beginArray()
    for tag in configuration.tags {
      writer.beginObject()
      writer.key("id")
      writer.string(tag.id)
      writer.key("title")
      writer.string(tag.title)
      writer.key("tint")
      writer.string(tag.tint)
      writer.endObject()
    }
    writer.endArray()
    writer.key("selection")
    writer.beginArray()
    for index in session.selection.indices { writer.string(configuration.tags[index].id) }
    writer.endArray()
  }

  /// `error`: a refusal; the connection stays open.
  static func error(_ message: String) -> [UInt8] {
    var writer = JSONWriter()
    writer.beginObject()
    writer.key("type")
    writer.string("error")
    writer.key("message")
    writer.string(Array(message.utf8))
    writer.endObject()
    return writer.bytes
  }

  /// `layout`: the core's layout response for the session's state, with `type`, `seq`, `width`
  /// and `spacing` in front, and `maxRows` when a row limit applied. Under Reduce Motion
  /// `animation` is null. What follows the `seq` comes from `cache` when a session made the
  /// same request before (``LayoutCache``); the session keeps the number the cache gave its
  /// request (``LiveSession/layoutContent``). The result says whether the frame was cached.
  static func layout(
    _ session: inout LiveSession, animation: Spring?, _ configuration: LiveConfiguration,
    cache: inout LayoutCache
  ) -> (frame: OutgoingFrame, cached: Bool) {
    if let kept = cache.frameAfterSequence(
      content: session.layoutContent, width: session.width ?? 0,
      animation: motion(session, animation))
    {
      return (OutgoingFrame(head: layoutStart, sequence: session.sequence, tail: kept), true)
    }
    let request = layoutRequest(session, animation: animation, configuration)
    guard cache.isEnabled else {
      return (OutgoingFrame(head: layout(sequence: session.sequence, request)), false)
    }
    let (rest, cached) = cache.frameAfterSequence(
      for: request, content: &session.layoutContent
    ) { request in
      // The frame of `seq` 0, less its start and the 0: what follows `"seq":N` is the same for
      // any N.
      let whole = layout(sequence: 0, request)
      assert(whole.starts(with: layoutStart + [UInt8(ascii: "0")]))
      return Array(whole.dropFirst(layoutStart.count + 1))
    }
    return (OutgoingFrame(head: layoutStart, sequence: session.sequence, tail: rest), cached)
  }

  /// Every layout frame's first bytes, up to its `seq`'s digits.
  static let layoutStart = Array(#"{"type":"layout","seq":"#.utf8)

  /// The layout frame numbered `sequence` that answers `request`.
  static func layout(sequence: Int, _ request: LayoutRequest) -> [UInt8] {
    // Room for the whole frame at once (about 100 bytes a tag): growing from the default took
    // three moves a frame.
    var writer = JSONWriter(capacity: 512 + 128 * request.tags.count)
    writer.beginObject()
    writer.key("type")
    writer.string("layout")
    writer.key("seq")
    writer.number(sequence)
    writer.key("width")
    writer.number(request.width)
    writer.key("spacing")
    writer.number(request.spacing)
    if request.maxRows > 0 {
      writer.key("maxRows")
      writer.number(request.maxRows)
    }
    LayoutEngine.layout(request).writeMembers(into: &writer)
    writer.endObject()
    return writer.bytes
  }

  /// The motion a session's request carries: none under Reduce Motion. The cache's lookup
  /// without the request asks it too.
  private static func motion(_ session: LiveSession, _ animation: Spring?) -> Spring? {
    session.reduceMotion ? nil : animation
  }

  /// The core request a session's state stands for: exactly what `tagcloud layout` would get
  /// for the same width, spacing, tags, selection and motion.
  static func layoutRequest(
    _ session: LiveSession, animation: Spring?, _ configuration: LiveConfiguration
  ) -> LayoutRequest {
    assert(session.canLayOut, "a layout needs measure and viewport")
    let measured = session.measured ?? []
    // The measured tags are the served ones in order, or (after a reload, until the page
    // measures again) a subset: the selection is taken over to their positions.
    var selection = session.selection
    if measured.count != configuration.tags.count {
      let selected = Set(session.selection.indices.map { configuration.tags[$0].id })
      selection = SelectionSet(
        capacity: measured.count,
        indices: measured.indices.filter { selected.contains(measured[$0].id) })
    }
    // The row limit applies once the page has sized its "+K" capsule; the measure that sent
    // the sizes covered every served tag, so they cover the measured ones (never more).
    let limited =
      session.maxRows > 0
      && session.moreSizes.count >= 2 * RowLimit.sizesNeeded(forCount: measured.count)
    return LayoutRequest(
      width: session.width ?? 0, spacing: session.spacing,
      mergeDistance: configuration.mergeDistance, capsuleMetrics: session.capsuleMetrics,
      tags: measured, selection: selection,
      animation: motion(session, animation), reduceMotion: session.reduceMotion,
      direction: session.direction, maxRows: limited ? session.maxRows : 0,
      moreSizes: limited ? session.moreSizes : [])
  }
}
