/// Reads a layout request from JSON, strictly: every refusal says what is wrong and at which
/// byte (see `docs/PROTOCOL.md`).
///
///     let request = try LayoutRequestDecoder.decode(Array(#"""
///       {"width": 390, "spacing": 18, "tags": [{"id": "SwiftUI", "size": [96, 40]}]}
///       """#.utf8))
///
/// Unknown fields are refused (a misspelt `mergedistance` should not be silently ignored);
/// `width`, `spacing` and `tags` are required; the others default as the seed does.
public enum LayoutRequestDecoder {
  /// Parses and decodes a request.
  ///
  /// - Complexity: O(bytes + n log n) (ids are sorted once to find duplicates).
  public static func decode(_ bytes: [UInt8]) throws(WireError) -> LayoutRequest {
    try RequestReader(try JSONDocument.parse(bytes)).request()
  }

  /// Decodes a request from a parsed JSON value.
  public static func decode(_ root: JSONElement) throws(WireError) -> LayoutRequest {
    try RequestReader(JSONDocument(root)).request()
  }

  /// Decodes a `tags` array: each `{"id": …, "size": [w, h]}` or `{"id": …, "label": {…}}`.
  /// Public so that other messages carrying tags (the server's `measure`) read them the same.
  ///
  /// - Complexity: O(n + total words).
  public static func decodeTags(_ element: JSONElement) throws(WireError) -> [TagSpec] {
    var idOffsets: [Int] = []
    return try RequestReader(JSONDocument(element)).tags(0, idOffsets: &idOffsets)
  }
}

/// The decoding rules, over the nodes of a parsed document (see `JSONDocument`).
struct RequestReader {
  let document: JSONDocument

  init(_ document: JSONDocument) {
    self.document = document
  }

  private func kind(_ node: Int) -> JSONNode.Kind { document.nodes[node].kind }
  private func offset(_ node: Int) -> Int { document.nodes[node].offset }
  private func count(_ node: Int) -> Int { document.nodes[node].first }

  private func unknownField(_ key: Int) -> WireError {
    WireError(WireMessage("unknown field ").quoted(document.bytes(key)), at: offset(key))
  }

  func request() throws(WireError) -> LayoutRequest {
    let root = 0
    guard kind(root) == .object else {
      throw WireError("the request must be a JSON object", at: offset(root))
    }
    var width: Double?
    var spacing: Double?
    var mergeDistance = DemoTags.mergeDistance
    var textScale = 1.0
    var lineHeight = 20.0
    var tags: [TagSpec]?
    var idOffsets: [Int] = []
    var selectionNode: Int?
    var animation: Spring?
    var reduceMotion = false
    var direction = LayoutDirection.leftToRight
    var key = root + 1
    for _ in 0..<count(root) {
      defer { key = document.nodes[key + 1].next }
      let value = key + 1
      if document.equals(key, "width") {
        if kind(value) == .null {
          width = .infinity
        } else {
          width = try length(value, "\"width\" must be a number of pixels or null")
        }
      } else if document.equals(key, "spacing") {
        spacing = try length(value, "\"spacing\" must be a number of pixels")
      } else if document.equals(key, "mergeDistance") {
        mergeDistance = try length(value, "\"mergeDistance\" must be a number of pixels")
      } else if document.equals(key, "textScale") {
        textScale = try number(value, "\"textScale\" must be a number")
        guard textScale > 0, textScale <= WireLimits.maximumTextScale else {
          throw WireError("\"textScale\" must be above 0 and at most 64", at: offset(value))
        }
      } else if document.equals(key, "lineHeight") {
        lineHeight = try length(value, "\"lineHeight\" must be a number of pixels")
      } else if document.equals(key, "tags") {
        tags = try self.tags(value, idOffsets: &idOffsets)
      } else if document.equals(key, "selection") {
        selectionNode = value
      } else if document.equals(key, "animation") {
        animation = try self.animation(value)
      } else if document.equals(key, "reduceMotion") {
        guard kind(value) == .bool else {
          throw WireError("\"reduceMotion\" must be true or false", at: offset(value))
        }
        reduceMotion = count(value) != 0
      } else if document.equals(key, "direction") {
        guard kind(value) == .string,
          document.equals(value, "ltr") || document.equals(value, "rtl")
        else {
          throw WireError("\"direction\" must be \"ltr\" or \"rtl\"", at: offset(value))
        }
        direction = document.equals(value, "rtl") ? .rightToLeft : .leftToRight
      } else {
        throw unknownField(key)
      }
    }
    guard let width else { throw WireError("missing field \"width\"", at: offset(root)) }
    guard let spacing else { throw WireError("missing field \"spacing\"", at: offset(root)) }
    guard let tags else { throw WireError("missing field \"tags\"", at: offset(root)) }
    var ids: [[UInt8]] = []
    ids.reserveCapacity(tags.count)
    for tag in tags { ids.append(tag.id) }
    let index = TagIndex(ids: ids)
    if let repeated = index.firstDuplicate() {
      throw WireError(
        WireMessage("duplicate id ").quoted(tags[repeated].id), at: idOffsets[repeated])
    }
    var selection = SelectionSet(capacity: tags.count)
    if let selectionNode {
      guard kind(selectionNode) == .array else {
        throw WireError("\"selection\" must be an array of tag ids", at: offset(selectionNode))
      }
      var item = selectionNode + 1
      for _ in 0..<count(selectionNode) {
        defer { item = document.nodes[item].next }
        guard kind(item) == .string else {
          throw WireError("\"selection\" must hold tag ids (strings)", at: offset(item))
        }
        let id = document.bytes(item)
        guard let position = index.index(of: id) else {
          throw WireError(WireMessage("unknown selected id ").quoted(id), at: offset(item))
        }
        selection.insert(position)
      }
    }
    return LayoutRequest(
      width: width, spacing: spacing, mergeDistance: mergeDistance,
      capsuleMetrics: CapsuleMetrics(textScale: textScale, lineHeight: lineHeight), tags: tags,
      selection: selection, animation: animation, reduceMotion: reduceMotion,
      direction: direction)
  }

  /// A `tags` array; `idOffsets` receives where each tag's id value starts.
  func tags(_ node: Int, idOffsets: inout [Int]) throws(WireError) -> [TagSpec] {
    guard kind(node) == .array else {
      throw WireError("\"tags\" must be an array", at: offset(node))
    }
    guard count(node) <= WireLimits.maximumTags else {
      throw WireError("too many tags (at most 1000000)", at: offset(node))
    }
    var tags: [TagSpec] = []
    tags.reserveCapacity(count(node))
    idOffsets.reserveCapacity(count(node))
    var item = node + 1
    for position in 0..<count(node) {
      defer { item = document.nodes[item].next }
      tags.append(try tag(item, path: WireMessage("tags[").number(position).text("]"), &idOffsets))
    }
    return tags
  }

  /// `animation`: null, a preset name, or `{"duration": d, "bounce": b}`.
  private func animation(_ node: Int) throws(WireError) -> Spring? {
    switch kind(node) {
    case .null:
      return nil
    case .string:
      if document.equals(node, "snappy") { return .snappy }
      if document.equals(node, "smooth") { return .smooth }
      if document.equals(node, "bouncy") { return .bouncy }
      if document.equals(node, "spacing") { return .smooth(duration: 0.7) }
      throw WireError(
        WireMessage("unknown animation ").quoted(document.bytes(node)).text(
          " (expected \"snappy\", \"smooth\", \"bouncy\", \"spacing\" or an object)"),
        at: offset(node))
    case .object:
      var duration: Double?
      var bounce = 0.0
      var key = node + 1
      for _ in 0..<count(node) {
        defer { key = document.nodes[key + 1].next }
        let value = key + 1
        if document.equals(key, "duration") {
          let seconds = try number(value, "\"duration\" must be a number of seconds")
          guard seconds >= WireLimits.minimumSpringDuration,
            seconds <= WireLimits.maximumSpringDuration
          else {
            throw WireError("\"duration\" must be from 0.001 to 10 seconds", at: offset(value))
          }
          duration = seconds
        } else if document.equals(key, "bounce") {
          bounce = try number(value, "\"bounce\" must be a number")
          guard bounce > -1, bounce < 1 else {
            throw WireError("\"bounce\" must be above -1 and below 1", at: offset(value))
          }
        } else {
          throw unknownField(key)
        }
      }
      guard let duration else {
        throw WireError("missing field \"duration\"", at: offset(node))
      }
      return Spring(duration: duration, bounce: bounce)
    default:
      throw WireError(
        "\"animation\" must be null, a preset name or {\"duration\", \"bounce\"}",
        at: offset(node))
    }
  }

  private func tag(
    _ node: Int, path: WireMessage, _ idOffsets: inout [Int]
  ) throws(WireError) -> TagSpec {
    guard kind(node) == .object else {
      throw WireError(path.text(" must be an object"), at: offset(node))
    }
    var id: [UInt8]?
    var idOffset = offset(node)
    var content: TagSpec.Content?
    var key = node + 1
    for _ in 0..<count(node) {
      defer { key = document.nodes[key + 1].next }
      let value = key + 1
      if document.equals(key, "id") {
        guard kind(value) == .string else {
          throw WireError(path.text(".id must be a string"), at: offset(value))
        }
        let text = document.bytes(value)
        guard !text.isEmpty else {
          throw WireError(path.text(".id must not be empty"), at: offset(value))
        }
        id = text
        idOffset = offset(value)
      } else if document.equals(key, "size") {
        guard content == nil else {
          throw WireError(path.text(" must have \"size\" or \"label\", not both"), at: offset(key))
        }
        guard kind(value) == .array, count(value) == 2 else {
          throw WireError(path.text(".size must be [width, height]"), at: offset(value))
        }
        let message = path.text(".size must hold two non-negative numbers")
        let width = try length(value + 1, message)
        content = .size(
          Size(width: width, height: try length(document.nodes[value + 1].next, message)))
      } else if document.equals(key, "label") {
        guard content == nil else {
          throw WireError(path.text(" must have \"size\" or \"label\", not both"), at: offset(key))
        }
        content = .label(try label(value, path: path.text(".label")))
      } else {
        throw WireError(
          WireMessage("unknown field ").quoted(document.bytes(key)).text(" in ").appending(path),
          at: offset(key))
      }
    }
    guard let id else { throw WireError(path.text(" is missing \"id\""), at: offset(node)) }
    guard let content else {
      throw WireError(path.text(" needs \"size\" or \"label\""), at: offset(node))
    }
    idOffsets.append(idOffset)
    return TagSpec(id: id, content: content)
  }

  private func label(_ node: Int, path: WireMessage) throws(WireError) -> LabelMetrics {
    guard kind(node) == .object else {
      throw WireError(path.text(" must be an object"), at: offset(node))
    }
    var width: Double?
    var words: [Double] = []
    var space: Double?
    var key = node + 1
    for _ in 0..<count(node) {
      defer { key = document.nodes[key + 1].next }
      let value = key + 1
      if document.equals(key, "width") {
        width = try length(value, path.text(".width must be a non-negative number"))
      } else if document.equals(key, "words") {
        guard kind(value) == .array else {
          throw WireError(path.text(".words must be an array of widths"), at: offset(value))
        }
        guard count(value) <= WireLimits.maximumWords else {
          throw WireError(
            path.text(".words has too many words (at most 10000)"), at: offset(value))
        }
        words = []
        words.reserveCapacity(count(value))
        let message = path.text(".words must hold non-negative numbers")
        var item = value + 1
        for _ in 0..<count(value) {
          words.append(try length(item, message))
          item = document.nodes[item].next
        }
      } else if document.equals(key, "space") {
        space = try length(value, path.text(".space must be a non-negative number"))
      } else {
        throw WireError(
          WireMessage("unknown field ").quoted(document.bytes(key)).text(" in ").appending(path),
          at: offset(key))
      }
    }
    guard let width else {
      throw WireError(path.text(" is missing \"width\""), at: offset(node))
    }
    return LabelMetrics(width: width, words: words, spaceWidth: space)
  }

  private func number(_ node: Int, _ message: WireMessage) throws(WireError) -> Double {
    guard kind(node) == .number else { throw WireError(message, at: offset(node)) }
    return document.nodes[node].number
  }

  /// A length in pixels: a finite number from 0 to ``WireLimits/maximumLength``.
  // Out of line: inlined at each of its dozen calls it costs the Wasm module about 0.4 KB.
  @inline(never)
  private func length(_ node: Int, _ message: WireMessage) throws(WireError) -> Double {
    let value = try number(node, message)
    guard value >= 0 else {
      throw WireError(message.text(" (got a negative number)"), at: offset(node))
    }
    guard value <= WireLimits.maximumLength else {
      throw WireError(message.text(" (at most 1000000)"), at: offset(node))
    }
    return value
  }
}

extension LayoutRequest {
  /// Reads a request from JSON bytes; see ``LayoutRequestDecoder``.
  public static func decode(_ bytes: [UInt8]) throws(WireError) -> LayoutRequest {
    try LayoutRequestDecoder.decode(bytes)
  }
}
