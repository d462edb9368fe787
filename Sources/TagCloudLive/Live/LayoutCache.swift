import TagCloudCore

/// The layout frames a worker has written, kept by the request they answer, so that sessions
/// whose requests are the same (the same served tags measured alike, the same width, spacing,
/// selection and motion: many pages of one site on one kind of device) get a frame without a
/// layout or its JSON.
///
/// A layout frame is `{"type":"layout","seq":N` followed by bytes that depend only on the core
/// request (``ServerMessage/layoutRequest(_:animation:_:)``): the cache keeps those bytes, and
/// a session's frame is its own `seq` put in front of them. The request is the key, compared in
/// full, so a frame from the cache is the frame the session's state would have made
/// (`LayoutCacheTests` holds them byte for byte against a hub without a cache).
///
/// Bounded by bytes (each entry counts its frame and its tags); when the next entry would not
/// fit, every entry is dropped and filling starts again. A workload with more distinct requests
/// than fit pays a hash, a comparison and a copy a frame over no cache; one that repeats pays a
/// hash, a comparison and the `seq` instead of a layout. Metrics:
/// `tagcloud_layout_cache_hits_total`, `tagcloud_layouts_computed_total` (the misses),
/// `tagcloud_layout_cache_bytes`.
struct LayoutCache {
  /// The bytes of every entry together at most; 0 keeps none.
  let byteLimit: Int
  private var frames: [Key: [UInt8]] = [:]
  /// The bytes the entries count for: each its frame's and its tags' (``entryBytes``).
  private(set) var byteCount = 0

  init(byteLimit: Int) {
    self.byteLimit = byteLimit
  }

  var isEnabled: Bool { byteLimit > 0 }
  var count: Int { frames.count }

  /// What follows `"seq":N` in the frame that answers `request`: from the cache, or made by
  /// `make` and kept. Returns whether it came from the cache.
  ///
  /// - Complexity: O(n) in the request's tags (the hash and the comparison), plus `make` on a
  ///   miss.
  mutating func frameAfterSequence(for request: LayoutRequest, make: () -> [UInt8]) -> (
    bytes: [UInt8], hit: Bool
  ) {
    let key = Key(request: request)
    if let bytes = frames[key] { return (bytes, true) }
    let bytes = make()
    let size = Self.entryBytes(request, frame: bytes)
    guard size <= byteLimit else { return (bytes, false) }
    if byteCount + size > byteLimit {
      frames.removeAll()
      byteCount = 0
    }
    frames[key] = bytes
    byteCount += size
    return (bytes, false)
  }

  /// What an entry counts for: its frame's bytes and its tags (the key keeps the request's
  /// tags alive after the session that sent them moved on).
  private static func entryBytes(_ request: LayoutRequest, frame: [UInt8]) -> Int {
    frame.count + request.tags.count * MemoryLayout<TagSpec>.stride
      + request.tags.reduce(0) { $0 + $1.id.count }
  }

  /// A request as a dictionary key: equal when the requests are (``LayoutRequest``'s `==`, every
  /// member). The hash takes the scalar members, the selection and one sum of the tags' sizes,
  /// not each tag: a frame's lookup hashes a few words, and requests that differ only in how
  /// their tags measured (another font) still spread (the comparison tells them apart).
  struct Key: Hashable {
    var request: LayoutRequest

    static func == (lhs: Key, rhs: Key) -> Bool { lhs.request == rhs.request }

    func hash(into hasher: inout Hasher) {
      hasher.combine(request.width)
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
      hasher.combine(request.animation?.duration)
      hasher.combine(request.animation?.bounce)
      hasher.combine(request.reduceMotion)
      hasher.combine(request.direction == .rightToLeft)
      hasher.combine(request.maxRows)
      hasher.combine(request.moreSizes.count)
    }
  }
}
