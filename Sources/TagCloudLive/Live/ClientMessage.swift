import TagCloudCore
import TagCloudWire

/// A message from a client over `/live`, decoded and checked against the served tags.
///
///     let message = try ClientMessage.decode(
///       Array(#"{"type": "viewport", "width": 390}"#.utf8), tags: tags)
///     // .viewport(width: 390, reduceMotion: false, direction: .leftToRight)
///
/// Decoding is strict: unknown types, unknown keys, wrong types, unknown or duplicate tag ids
/// and out-of-range numbers are refused with a ``WireError`` naming the byte at fault.
public enum ClientMessage: Equatable, Sendable {
  /// Resume (or adopt) a session; each part is optional.
  case hello(session: [UInt8]?, selection: [Int]?, spacing: Double?)
  /// The page's measured capsules, in the server's tag order (the message may use any order),
  /// and its "+K" capsule's sizes (`w, h` for a K of one digit, two, …; empty when not sent).
  case measure(tags: [TagSpec], metrics: CapsuleMetrics, moreSizes: [Double] = [])
  /// The page's width, motion and direction, and the rows it shows (`maxRows`, 0: every tag).
  case viewport(width: Double, reduceMotion: Bool, direction: LayoutDirection, maxRows: Int = 0)
  case toggle(index: Int)
  case spacing(Double)

  /// The largest spacing accepted, in CSS pixels.
  public static let maximumSpacing = 1000.0

  /// - Complexity: O(n + t²) for n bytes and t tags (ids are matched by a linear scan; the
  ///   server's tag list is short).
  public static func decode(_ bytes: [UInt8], tags: [LiveTag]) throws(WireError) -> ClientMessage {
    if let viewport = wellFormedViewport(in: bytes) { return viewport }
    return try decodeInFull(bytes, tags: tags)
  }

  /// ``decode(_:tags:)`` of bytes the caller holds: a plain viewport is read in place, any
  /// other message is copied for the full decoder.
  ///
  /// - Complexity: that of ``decode(_:tags:)``.
  public static func decode(_ bytes: UnsafeRawBufferPointer, tags: [LiveTag]) throws(WireError)
    -> ClientMessage
  {
    if let viewport = wellFormedViewport(in: bytes.assumingMemoryBound(to: UInt8.self)) {
      return viewport
    }
    return try decodeInFull(Array(bytes), tags: tags)
  }

  /// Any message, parsed as a document: every type, every refusal.
  private static func decodeInFull(_ bytes: [UInt8], tags: [LiveTag]) throws(WireError)
    -> ClientMessage
  {
    var limits = JSONLimits()
    limits.maxDepth = 16
    return try decode(JSONReader.tree(of: JSONDocument.parse(bytes, limits: limits)), tags: tags)
  }

  /// The message in `root`, read the long way: every type, every refusal.
  static func decode(_ root: JSONElement, tags: [LiveTag]) throws(WireError) -> ClientMessage {
    guard case .object = root.value else {
      throw WireError("a message must be a JSON object with a \"type\"", at: root.offset)
    }
    var probe = try JSONObjectReader(root, what: "a message")
    let type = try probe.string("type")
    if JSONObjectReader.matches(type, "viewport") {
      return try decodeViewport(probe.reading(as: "a viewport message"))
    }
    if JSONObjectReader.matches(type, "toggle") {
      return try decodeToggle(probe.reading(as: "a toggle message"), tags: tags)
    }
    if JSONObjectReader.matches(type, "spacing") {
      return try decodeSpacing(probe.reading(as: "a spacing message"))
    }
    if JSONObjectReader.matches(type, "measure") {
      return try decodeMeasure(probe.reading(as: "a measure message"), tags: tags)
    }
    if JSONObjectReader.matches(type, "hello") {
      return try decodeHello(probe.reading(as: "a hello message"), tags: tags)
    }
    let at = probe.optional("type")?.offset ?? root.offset
    throw WireError(
      "unknown message type \"\(type.text)\" (expected hello, measure, viewport, toggle or spacing)",
      at: at)
  }

  private static func decodeHello(_ message: JSONObjectReader, tags: [LiveTag]) throws(WireError)
    -> ClientMessage
  {
    var object = message
    _ = object.optional("type")
    var session: [UInt8]?
    if let element = object.optional("session"), element.value != .null {
      let token = try JSONObjectReader.string(element, "session")
      // A malformed token is simply unknown: the client's copy is adopted.
      session = token
    }
    var selection: [Int]?
    if let element = object.optional("selection") {
      var indices: [Int] = []
      for item in try JSONObjectReader.array(element, "selection") {
        let id = try JSONObjectReader.string(item, "selection")
        // Ids the server no longer serves (its tags changed across a restart) are dropped.
        if let index = tags.firstIndex(where: { $0.id == id }), !indices.contains(index) {
          indices.append(index)
        }
      }
      selection = indices
    }
    var spacing: Double?
    if let element = object.optional("spacing") {
      spacing = try spacingValue(element, "spacing")
    }
    try object.finish()
    return .hello(session: session, selection: selection, spacing: spacing)
  }

  private static func decodeMeasure(_ message: JSONObjectReader, tags: [LiveTag]) throws(WireError)
    -> ClientMessage
  {
    var object = message
    _ = object.optional("type")
    let list = try object.required("tags")
    let specs = try LayoutRequestDecoder.decodeTags(list)
    var metrics = CapsuleMetrics()
    if let element = object.optional("textScale") {
      metrics.textScale = try JSONObjectReader.number(element, "textScale")
      guard WireLimits.acceptsTextScale(metrics.textScale) else {
        throw WireError(
          "\"textScale\" must be above 0 and at most \(Int(WireLimits.maximumTextScale))",
          at: element.offset)
      }
    }
    if let element = object.optional("lineHeight") {
      metrics.lineHeight = try JSONObjectReader.number(element, "lineHeight")
      guard metrics.lineHeight > 0, metrics.lineHeight <= WireLimits.maximumLength else {
        throw WireError("\"lineHeight\" must be above 0", at: element.offset)
      }
    }
    var moreSizes: [Double] = []
    if let element = object.optional("moreSizes") {
      moreSizes = try decodeMoreSizes(element, tagCount: tags.count)
    }
    try object.finish()
    var ordered = [TagSpec?](repeating: nil, count: tags.count)
    for (spec, item) in zip(specs, items(of: list)) {
      guard let index = tags.firstIndex(where: { $0.id == spec.id }) else {
        throw WireError("unknown tag id \"\(spec.id.text)\"", at: item.offset)
      }
      guard ordered[index] == nil else {
        throw WireError("tag \"\(spec.id.text)\" is measured twice", at: item.offset)
      }
      ordered[index] = spec
    }
    if let missing = ordered.firstIndex(where: { $0 == nil }) {
      throw WireError(
        "measure must cover every tag; \"\(tags[missing].title.text)\" is missing", at: list.offset)
    }
    return .measure(tags: ordered.compactMap { $0 }, metrics: metrics, moreSizes: moreSizes)
  }

  /// `moreSizes`: the "+K" capsule's `[w, h]` for a K of one digit, two, …, as in a layout
  /// request; at least one per digit count K can have with the served tags, so that the limit
  /// holds at every width. Packed `w, h, w, h, …`.
  private static func decodeMoreSizes(_ element: JSONElement, tagCount: Int) throws(WireError)
    -> [Double]
  {
    let entries = try JSONObjectReader.array(element, "moreSizes")
    var sizes: [Double] = []
    for (position, entry) in entries.enumerated() {
      guard case .array(let pair) = entry.value, pair.count == 2 else {
        throw WireError("moreSizes[\(position)] must be [width, height]", at: entry.offset)
      }
      for length in pair {
        guard case .number(let value) = length.value, value >= 0,
          value <= WireLimits.maximumLength
        else {
          throw WireError(
            "moreSizes[\(position)] must hold two numbers from 0 to \(Int(WireLimits.maximumLength))",
            at: length.offset)
        }
        sizes.append(value)
      }
    }
    let needed = RowLimit.sizesNeeded(forCount: tagCount)
    guard entries.count >= needed else {
      throw WireError(
        "moreSizes must hold a size for each digit count of the \(tagCount) tags (\(needed)), "
          + "got \(entries.count)", at: element.offset)
    }
    return sizes
  }

  private static func decodeViewport(_ message: JSONObjectReader) throws(WireError) -> ClientMessage
  {
    var object = message
    _ = object.optional("type")
    let element = try object.required("width")
    let width = try JSONObjectReader.number(element, "width")
    guard width >= 0, width <= WireLimits.maximumLength else {
      throw WireError(
        "\"width\" must be from 0 to \(Int(WireLimits.maximumLength))", at: element.offset)
    }
    var reduceMotion = false
    if let flag = object.optional("reduceMotion") {
      reduceMotion = try JSONObjectReader.bool(flag, "reduceMotion")
    }
    var direction = LayoutDirection.leftToRight
    if let element = object.optional("direction") {
      let name = try JSONObjectReader.string(element, "direction")
      let isRightToLeft = name.elementsEqual("rtl".utf8)
      guard isRightToLeft || name.elementsEqual("ltr".utf8) else {
        throw WireError(#""direction" must be "ltr" or "rtl""#, at: element.offset)
      }
      direction = isRightToLeft ? .rightToLeft : .leftToRight
    }
    var maxRows = 0
    if let element = object.optional("maxRows") {
      let value = try JSONObjectReader.number(element, "maxRows")
      // In range first, so that the conversion cannot trap.
      guard value >= 0, value <= Double(WireLimits.maximumTags), value.rounded() == value else {
        throw WireError(
          "\"maxRows\" must be a whole number from 0 to \(WireLimits.maximumTags)",
          at: element.offset)
      }
      maxRows = Int(value)
    }
    try object.finish()
    return .viewport(
      width: width, reduceMotion: reduceMotion, direction: direction, maxRows: maxRows)
  }

  private static func decodeToggle(_ message: JSONObjectReader, tags: [LiveTag]) throws(WireError)
    -> ClientMessage
  {
    var object = message
    _ = object.optional("type")
    let element = try object.required("id")
    let id = try JSONObjectReader.string(element, "id")
    try object.finish()
    guard let index = tags.firstIndex(where: { $0.id == id }) else {
      throw WireError("unknown tag id \"\(id.text)\"", at: element.offset)
    }
    return .toggle(index: index)
  }

  private static func decodeSpacing(_ message: JSONObjectReader) throws(WireError) -> ClientMessage
  {
    var object = message
    _ = object.optional("type")
    let value = try spacingValue(try object.required("value"), "value")
    try object.finish()
    return .spacing(value)
  }

  private static func items(of list: JSONElement) -> [JSONElement] {
    if case .array(let items) = list.value { return items }
    return []
  }

  private static func spacingValue(_ element: JSONElement, _ key: String) throws(WireError)
    -> Double
  {
    let value = try JSONObjectReader.number(element, key)
    guard value >= 0, value <= maximumSpacing else {
      throw WireError("\"\(key)\" must be from 0 to \(Int(maximumSpacing))", at: element.offset)
    }
    return value
  }
}
