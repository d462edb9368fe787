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
    try decode(JSONReader.parse(bytes))
  }

  /// Decodes a request from a parsed JSON value.
  public static func decode(_ root: JSONElement) throws(WireError) -> LayoutRequest {
    guard case .object(let members) = root.value else {
      throw WireError("the request must be a JSON object", at: root.offset)
    }
    var width: Double?
    var spacing: Double?
    var mergeDistance = DemoTags.mergeDistance
    var textScale = 1.0
    var lineHeight = 20.0
    var tags: [TagSpec]?
    var tagsElement = root
    var selectionElement: JSONElement?
    var animation: Spring?
    var reduceMotion = false
    var direction = LayoutDirection.leftToRight
    for member in members {
      let value = member.value
      if WireText.equals(member.key, "width") {
        if case .null = value.value {
          width = .infinity
        } else {
          width = try length(value, "\"width\" must be a number of pixels or null")
        }
      } else if WireText.equals(member.key, "spacing") {
        spacing = try length(value, "\"spacing\" must be a number of pixels")
      } else if WireText.equals(member.key, "mergeDistance") {
        mergeDistance = try length(value, "\"mergeDistance\" must be a number of pixels")
      } else if WireText.equals(member.key, "textScale") {
        textScale = try number(value, "\"textScale\" must be a number")
        guard textScale > 0, textScale <= WireLimits.maximumTextScale else {
          throw WireError("\"textScale\" must be above 0 and at most 64", at: value.offset)
        }
      } else if WireText.equals(member.key, "lineHeight") {
        lineHeight = try length(value, "\"lineHeight\" must be a number of pixels")
      } else if WireText.equals(member.key, "tags") {
        tags = try decodeTags(value)
        tagsElement = value
      } else if WireText.equals(member.key, "selection") {
        selectionElement = value
      } else if WireText.equals(member.key, "animation") {
        animation = try decodeAnimation(value)
      } else if WireText.equals(member.key, "reduceMotion") {
        guard case .bool(let flag) = value.value else {
          throw WireError("\"reduceMotion\" must be true or false", at: value.offset)
        }
        reduceMotion = flag
      } else if WireText.equals(member.key, "direction") {
        guard case .string(let name) = value.value,
          WireText.equals(name, "ltr") || WireText.equals(name, "rtl")
        else {
          throw WireError("\"direction\" must be \"ltr\" or \"rtl\"", at: value.offset)
        }
        direction = WireText.equals(name, "rtl") ? .rightToLeft : .leftToRight
      } else {
        throw WireError("unknown field " + quotedForMessage(member.key), at: member.keyOffset)
      }
    }
    guard let width else { throw WireError("missing field \"width\"", at: root.offset) }
    guard let spacing else { throw WireError("missing field \"spacing\"", at: root.offset) }
    guard let tags else { throw WireError("missing field \"tags\"", at: root.offset) }
    let index = TagIndex(ids: tags.map { $0.id })
    if let repeated = index.firstDuplicate() {
      throw WireError(
        "duplicate id " + quotedForMessage(tags[repeated].id), at: idOffset(tagsElement, repeated))
    }
    var selection = SelectionSet(capacity: tags.count)
    if let selectionElement {
      for position in try decodeSelection(selectionElement, index: index) {
        selection.insert(position)
      }
    }
    return LayoutRequest(
      width: width, spacing: spacing, mergeDistance: mergeDistance,
      capsuleMetrics: CapsuleMetrics(textScale: textScale, lineHeight: lineHeight), tags: tags,
      selection: selection, animation: animation, reduceMotion: reduceMotion,
      direction: direction)
  }

  /// Decodes a `tags` array: each `{"id": …, "size": [w, h]}` or `{"id": …, "label": {…}}`.
  /// Public so that other messages carrying tags (the server's `measure`) read them the same.
  ///
  /// - Complexity: O(n + total words).
  public static func decodeTags(_ element: JSONElement) throws(WireError) -> [TagSpec] {
    guard case .array(let items) = element.value else {
      throw WireError("\"tags\" must be an array", at: element.offset)
    }
    guard items.count <= WireLimits.maximumTags else {
      throw WireError("too many tags (at most 1000000)", at: element.offset)
    }
    var tags: [TagSpec] = []
    tags.reserveCapacity(items.count)
    for (position, item) in items.enumerated() {
      tags.append(try decodeTag(item, position: position))
    }
    return tags
  }

  /// Decodes `selection`: an array of tag ids, each of which must be one of the request's tags.
  /// Returns their indices (a set: repeats are harmless).
  public static func decodeSelection(
    _ element: JSONElement, index: TagIndex
  ) throws(WireError) -> [Int] {
    guard case .array(let items) = element.value else {
      throw WireError("\"selection\" must be an array of tag ids", at: element.offset)
    }
    var positions: [Int] = []
    for item in items {
      guard case .string(let id) = item.value else {
        throw WireError("\"selection\" must hold tag ids (strings)", at: item.offset)
      }
      guard let position = index.index(of: id) else {
        throw WireError("unknown selected id " + quotedForMessage(id), at: item.offset)
      }
      positions.append(position)
    }
    return positions
  }

  /// Decodes `animation`: null, a preset name, or `{"duration": d, "bounce": b}`.
  public static func decodeAnimation(_ element: JSONElement) throws(WireError) -> Spring? {
    switch element.value {
    case .null:
      return nil
    case .string(let name):
      if WireText.equals(name, "snappy") { return .snappy }
      if WireText.equals(name, "smooth") { return .smooth }
      if WireText.equals(name, "bouncy") { return .bouncy }
      if WireText.equals(name, "spacing") { return .smooth(duration: 0.7) }
      throw WireError(
        "unknown animation " + quotedForMessage(name)
          + " (expected \"snappy\", \"smooth\", \"bouncy\", \"spacing\" or an object)",
        at: element.offset)
    case .object(let members):
      var duration: Double?
      var bounce = 0.0
      for member in members {
        if WireText.equals(member.key, "duration") {
          let value = try number(member.value, "\"duration\" must be a number of seconds")
          guard value >= WireLimits.minimumSpringDuration,
            value <= WireLimits.maximumSpringDuration
          else {
            throw WireError(
              "\"duration\" must be from 0.001 to 10 seconds", at: member.value.offset)
          }
          duration = value
        } else if WireText.equals(member.key, "bounce") {
          bounce = try number(member.value, "\"bounce\" must be a number")
          guard bounce > -1, bounce < 1 else {
            throw WireError("\"bounce\" must be above -1 and below 1", at: member.value.offset)
          }
        } else {
          throw WireError("unknown field " + quotedForMessage(member.key), at: member.keyOffset)
        }
      }
      guard let duration else {
        throw WireError("missing field \"duration\"", at: element.offset)
      }
      return Spring(duration: duration, bounce: bounce)
    default:
      throw WireError(
        "\"animation\" must be null, a preset name or {\"duration\", \"bounce\"}",
        at: element.offset)
    }
  }

  private static func decodeTag(_ element: JSONElement, position: Int) throws(WireError) -> TagSpec
  {
    let path = "tags[" + String(position) + "]"
    guard case .object(let members) = element.value else {
      throw WireError(path + " must be an object", at: element.offset)
    }
    var id: [UInt8]?
    var content: TagSpec.Content?
    for member in members {
      let value = member.value
      if WireText.equals(member.key, "id") {
        guard case .string(let text) = value.value else {
          throw WireError(path + ".id must be a string", at: value.offset)
        }
        guard !text.isEmpty else {
          throw WireError(path + ".id must not be empty", at: value.offset)
        }
        id = text
      } else if WireText.equals(member.key, "size") {
        guard content == nil else {
          throw WireError(path + " must have \"size\" or \"label\", not both", at: member.keyOffset)
        }
        guard case .array(let pair) = value.value, pair.count == 2 else {
          throw WireError(path + ".size must be [width, height]", at: value.offset)
        }
        let message = path + ".size must hold two non-negative numbers"
        content = .size(
          Size(width: try length(pair[0], message), height: try length(pair[1], message)))
      } else if WireText.equals(member.key, "label") {
        guard content == nil else {
          throw WireError(path + " must have \"size\" or \"label\", not both", at: member.keyOffset)
        }
        content = .label(try decodeLabel(value, path: path + ".label"))
      } else {
        throw WireError(
          "unknown field " + quotedForMessage(member.key) + " in " + path, at: member.keyOffset)
      }
    }
    guard let id else { throw WireError(path + " is missing \"id\"", at: element.offset) }
    guard let content else {
      throw WireError(path + " needs \"size\" or \"label\"", at: element.offset)
    }
    return TagSpec(id: id, content: content)
  }

  private static func decodeLabel(_ element: JSONElement, path: String) throws(WireError)
    -> LabelMetrics
  {
    guard case .object(let members) = element.value else {
      throw WireError(path + " must be an object", at: element.offset)
    }
    var width: Double?
    var words: [Double] = []
    var space: Double?
    for member in members {
      let value = member.value
      if WireText.equals(member.key, "width") {
        width = try length(value, path + ".width must be a non-negative number")
      } else if WireText.equals(member.key, "words") {
        guard case .array(let items) = value.value else {
          throw WireError(path + ".words must be an array of widths", at: value.offset)
        }
        guard items.count <= WireLimits.maximumWords else {
          throw WireError(path + ".words has too many words (at most 10000)", at: value.offset)
        }
        words = []
        words.reserveCapacity(items.count)
        for item in items {
          words.append(try length(item, path + ".words must hold non-negative numbers"))
        }
      } else if WireText.equals(member.key, "space") {
        space = try length(value, path + ".space must be a non-negative number")
      } else {
        throw WireError(
          "unknown field " + quotedForMessage(member.key) + " in " + path, at: member.keyOffset)
      }
    }
    guard let width else { throw WireError(path + " is missing \"width\"", at: element.offset) }
    return LabelMetrics(width: width, words: words, spaceWidth: space)
  }

  /// The offset of the `id` value of tag `position`, for pointing at a duplicate.
  private static func idOffset(_ tags: JSONElement, _ position: Int) -> Int {
    guard case .array(let items) = tags.value, position < items.count,
      case .object(let members) = items[position].value
    else { return tags.offset }
    for member in members where WireText.equals(member.key, "id") { return member.value.offset }
    return items[position].offset
  }

  private static func number(_ element: JSONElement, _ message: String) throws(WireError) -> Double
  {
    guard case .number(let value) = element.value else {
      throw WireError(message, at: element.offset)
    }
    return value
  }

  /// A length in pixels: a finite number from 0 to ``WireLimits/maximumLength``.
  private static func length(_ element: JSONElement, _ message: String) throws(WireError) -> Double
  {
    let value = try number(element, message)
    guard value >= 0 else {
      throw WireError(message + " (got a negative number)", at: element.offset)
    }
    guard value <= WireLimits.maximumLength else {
      throw WireError(message + " (at most 1000000)", at: element.offset)
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
