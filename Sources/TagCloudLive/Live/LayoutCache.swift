import TagCloudCore

/// The layout frames a worker has written, kept by the request they answer, so that sessions
/// whose requests are the same (the same served tags measured alike, the same width, spacing,
/// selection and motion: many pages of one site on one kind of device) get a frame without a
/// layout or its JSON.
///
/// A layout frame is `{"type":"layout","seq":N` followed by bytes that depend only on the core
/// request (``ServerMessage/layoutRequest(_:animation:_:)``): the cache keeps those bytes, and
/// a session's frame is its own `seq` put in front of them.
///
/// Two tables. A request less its width and its motion (the tags as measured, the selection,
/// spacing, row limit, direction: what changes seldom) is a ``Content``, compared in full and
/// given a number the first time it is seen; the session keeps that number until one of those
/// members changes (``LiveSession/layoutContent``). A frame is kept by its content's number,
/// its width and its motion: what a resize changes every frame is looked up by three words, no
/// request built, hashed or compared. A number is never given twice, so a session's number
/// always stands for the content it had when the number was given (`LayoutCacheTests` holds
/// the frames byte for byte against a hub without a cache).
///
/// Bounded by bytes (each content counts its tags, each frame its bytes); when the next entry
/// would not fit, every entry is dropped and filling starts again (the numbers given before
/// then are forgotten: their sessions' contents are numbered again). Metrics:
/// `tagcloud_layout_cache_hits_total`, `tagcloud_layouts_computed_total` (the misses),
/// `tagcloud_layout_cache_bytes`.
struct LayoutCache {
  /// A request less its width and motion, as the number the cache gave it.
  struct Content: Equatable {
    fileprivate var number: UInt64
  }

  /// The bytes of every entry together at most; 0 keeps none.
  let byteLimit: Int
  private var contents: [Key: Content] = [:]
  private var frames: [FrameKey: [UInt8]] = [:]
  private var nextNumber: UInt64 = 1
  /// Numbers below this were given before the cache last emptied.
  private var firstNumberKept: UInt64 = 1
  /// The bytes the entries count for (``contentBytes(_:)``, each frame's count).
  private(set) var byteCount = 0

  init(byteLimit: Int) {
    self.byteLimit = byteLimit
  }

  var isEnabled: Bool { byteLimit > 0 }
  /// The frames kept.
  var count: Int { frames.count }

  /// What follows `"seq":N` in the kept frame for a session whose request has `content` (its
  /// number, nil when it has none), `width` and `animation`; nil when there is none
  /// (``frameAfterSequence(for:content:make:)`` looks again with the request).
  ///
  /// - Complexity: O(1).
  func frameAfterSequence(content: Content?, width: Double, animation: Spring?) -> [UInt8]? {
    guard let content, content.number >= firstNumberKept else { return nil }
    return frames[FrameKey(content: content, width: width, animation: animation)]
  }

  /// What follows `"seq":N` in the frame that answers `request`: kept under the number its
  /// content has (another session's request may have given it one), or made by `make` and
  /// kept when it fits. `content` is the session's number for its request less width and
  /// motion, nil when it has none (yet, or since it changed); it is set here. Returns whether
  /// the frame came from the cache.
  ///
  /// - Complexity: O(n) in the request's tags (its hash and comparison when `content` is nil),
  ///   plus `make` on a miss.
  mutating func frameAfterSequence(
    for request: LayoutRequest, content: inout Content?, make: (LayoutRequest) -> [UInt8]
  ) -> (bytes: [UInt8], hit: Bool) {
    if let known = content, known.number < firstNumberKept { content = nil }
    if content == nil { content = contents[Key(request: request)] }
    if let bytes = frameAfterSequence(
      content: content, width: request.width, animation: request.animation)
    {
      return (bytes, true)
    }
    let bytes = make(request)
    var needed = bytes.count + (content == nil ? Self.contentBytes(request) : 0)
    if byteCount + needed > byteLimit, needed <= byteLimit {
      removeAll()
      // Its content went with the rest: numbered again below.
      content = nil
      needed = bytes.count + Self.contentBytes(request)
    }
    guard byteCount + needed <= byteLimit else { return (bytes, false) }
    let kept = content ?? number(request)
    content = kept
    frames[FrameKey(content: kept, width: request.width, animation: request.animation)] = bytes
    byteCount += bytes.count
    return (bytes, false)
  }

  /// Forgets every entry and every number given so far.
  ///
  /// - Complexity: O(e) in the entries.
  private mutating func removeAll() {
    contents.removeAll()
    frames.removeAll()
    firstNumberKept = nextNumber
    byteCount = 0
  }

  /// Gives the request's content (less width and motion) a new number, counted in the bytes.
  private mutating func number(_ request: LayoutRequest) -> Content {
    let content = Content(number: nextNumber)
    nextNumber += 1
    contents[Key(request: request)] = content
    byteCount += Self.contentBytes(request)
    return content
  }

  /// What a content counts for: its tags (the key keeps the request's tags alive after the
  /// session that sent them moved on) and its row limit's sizes.
  private static func contentBytes(_ request: LayoutRequest) -> Int {
    request.tags.count * MemoryLayout<TagSpec>.stride
      + request.tags.reduce(0) { $0 + $1.id.count }
      + request.moreSizes.count * MemoryLayout<Double>.stride
  }

  /// A frame's place: its request's content, width and motion.
  private struct FrameKey: Hashable {
    var content: Content
    var width: Double
    var animation: Spring?

    static func == (lhs: FrameKey, rhs: FrameKey) -> Bool {
      lhs.content == rhs.content && lhs.width == rhs.width && lhs.animation == rhs.animation
    }

    func hash(into hasher: inout Hasher) {
      hasher.combine(content.number)
      hasher.combine(width)
      hasher.combine(animation?.duration)
      hasher.combine(animation?.bounce)
    }
  }

  /// A request less its width and motion, as a dictionary key: equal when the rest of the
  /// requests are (``LayoutRequest``'s `==`, every other member). The hash takes the scalar
  /// members, the selection and one sum of the tags' sizes, not each tag: requests that differ
  /// only in how their tags measured (another font) still spread, and the comparison tells them
  /// apart.
  private struct Key: Hashable {
    var request: LayoutRequest

    init(request: LayoutRequest) {
      var rest = request
      rest.width = 0
      rest.animation = nil
      self.request = rest
    }

    static func == (lhs: Key, rhs: Key) -> Bool { lhs.request == rhs.request }

    func hash(into hasher: inout Hasher) {
      hasher.combine(request.spacing)
      hasher.combine(request.mergeDistance)
      hasher.combine(request.capsuleMetrics.textScale)
      hasher.combine(request.capsuleMetrics.lineHeight)
      hasher.combine(request.tags.count)
      var sizes = 0.0
      var selected = 0
      for (index, tag) in request.tags.enumerated() {
        switch tag.content {
        case .size(let size): sizes += size.width + 2 * size.height
        case .label(let label): sizes += label.width + 2 * label.spaceWidth
        }
        if request.selection.contains(index) { selected = selected &* 31 &+ index &+ 1 }
      }
      hasher.combine(sizes)
      hasher.combine(selected)
      hasher.combine(request.reduceMotion)
      hasher.combine(request.direction == .rightToLeft)
      hasher.combine(request.maxRows)
      hasher.combine(request.moreSizes.count)
    }
  }
}
