import TagCloudCore

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
    let document = try JSONDocument.parse(bytes)
    do {
      return try RequestReader(document).request()
    } catch {
      throw error.error(in: document)
    }
  }

  /// Decodes a request from a parsed JSON value.
  public static func decode(_ root: JSONElement) throws(WireError) -> LayoutRequest {
    let document = JSONDocument(root)
    do {
      return try RequestReader(document).request()
    } catch {
      throw error.error(in: document)
    }
  }

  /// Decodes a `tags` array: each `{"id": …, "size": [w, h]}` or `{"id": …, "label": {…}}`.
  /// Public so that other messages carrying tags (the server's `measure`) read them the same.
  ///
  /// - Complexity: O(n + total words).
  public static func decodeTags(_ element: JSONElement) throws(WireError) -> [TagSpec] {
    let document = JSONDocument(element)
    do {
      return try RequestReader(document).tags(0).tags
    } catch {
      throw error.error(in: document)
    }
  }
}

/// The decoding rules, over the nodes of a parsed document (see `JSONDocument`). Refusals are
/// `RequestFault`s, worded by the entry points of `LayoutRequestDecoder`.
///
/// Each object is read by one loop over its members in document order, so that the first
/// fault in the input is the one reported.
struct RequestReader {
  let document: JSONDocument

  init(_ document: JSONDocument) {
    self.document = document
  }

  private func kind(_ node: Int) -> JSONNode.Kind { document.nodes[node].kind }
  /// A container's count of elements or members.
  private func count(_ node: Int) -> Int { document.nodes[node].first }
  /// The node after `node`'s subtree: its next sibling.
  private func next(_ node: Int) -> Int { document.nodes[node].next }
  /// Whether a string or key node spells `name`.
  private func spells(_ node: Int, _ name: StaticString) -> Bool { document.equals(node, name) }

  /// The root object as a request.
  func request() throws(RequestFault) -> LayoutRequest {
    let root = 0
    guard kind(root) == .object else { throw RequestFault(.requestNotObject, root) }
    var width: Double?
    var spacing: Double?
    var request = LayoutRequest(width: 0, spacing: 0, tags: [])
    var textScale = 1.0
    var lineHeight = 20.0
    var tags: (node: Int, tags: [TagSpec], ids: TagIndex)?
    var selectionNode: Int?
    var maxRowsNode: Int?
    var moreSizesNode: Int?
    var key = root + 1
    for _ in 0..<count(root) {
      let value = key + 1
      if spells(key, "width") {
        width = kind(value) == .null ? .infinity : try length(value, .width)
      } else if spells(key, "spacing") {
        spacing = try length(value, .spacing)
      } else if spells(key, "mergeDistance") {
        request.mergeDistance = try length(value, .mergeDistance)
      } else if spells(key, "textScale") {
        textScale = try number(value, .textScale)
        guard WireLimits.acceptsTextScale(textScale) else {
          throw RequestFault(.textScaleRange, value)
        }
      } else if spells(key, "lineHeight") {
        lineHeight = try length(value, .lineHeight)
      } else if spells(key, "tags") {
        let read = try self.tags(value)
        tags = (value, read.tags, read.ids)
      } else if spells(key, "selection") {
        selectionNode = value
      } else if spells(key, "animation") {
        request.animation = try animation(value)
      } else if spells(key, "reduceMotion") {
        guard kind(value) == .bool else { throw RequestFault(.reduceMotion, value) }
        request.reduceMotion = count(value) != 0
      } else if spells(key, "maxRows") {
        request.maxRows = try maxRows(value)
        maxRowsNode = value
      } else if spells(key, "moreSizes") {
        request.moreSizes = try moreSizes(value)
        moreSizesNode = value
      } else if spells(key, "direction") {
        if kind(value) == .string && spells(value, "ltr") {
          request.direction = .leftToRight
        } else if kind(value) == .string && spells(value, "rtl") {
          request.direction = .rightToLeft
        } else {
          throw RequestFault(.direction, value)
        }
      } else {
        throw RequestFault(.unknownField, key)
      }
      key = next(value)
    }
    guard let width else { throw RequestFault(.missingWidth, root) }
    guard let spacing else { throw RequestFault(.missingSpacing, root) }
    guard let tags else { throw RequestFault(.missingTags, root) }
    request.width = width
    request.spacing = spacing
    request.capsuleMetrics = CapsuleMetrics(textScale: textScale, lineHeight: lineHeight)
    request.tags = tags.tags
    if let repeated = tags.ids.firstDuplicate() {
      throw RequestFault(.duplicateID, idNode(ofTag: repeated, in: tags.node))
    }
    request.selection = try selection(selectionNode, ids: tags.ids, count: tags.tags.count)
    // Sizes for every digit count K can have, whatever the width: a request that works at one
    // width works at all.
    if let maxRowsNode, request.maxRows > 0,
      request.moreSizes.count < 2 * RowLimit.sizesNeeded(forCount: tags.tags.count)
    {
      throw RequestFault(.moreSizesMissing, moreSizesNode ?? maxRowsNode, tag: tags.tags.count)
    }
    return request
  }

  /// `maxRows`: a whole number of rows, 0 for no limit.
  private func maxRows(_ node: Int) throws(RequestFault) -> Int {
    let value = try number(node, .maxRows)
    // In range first, so that the conversion cannot trap (NaN fails the comparison too).
    guard value >= 0, value <= Double(WireLimits.maximumTags), Double(Int(value)) == value else {
      throw RequestFault(.maxRows, node)
    }
    return Int(value)
  }

  /// `moreSizes`: the "+K" capsule's `[width, height]` for one digit, two, …, packed
  /// (``LayoutRequest/moreSizes``).
  private func moreSizes(_ node: Int) throws(RequestFault) -> [Double] {
    guard kind(node) == .array else { throw RequestFault(.moreSizes, node) }
    var sizes: [Double] = []
    var item = node + 1
    for position in 0..<count(node) {
      let size = try self.size(item, .moreSize, .moreSizeNumbers, position)
      sizes.append(size.width)
      sizes.append(size.height)
      item = next(item)
    }
    return sizes
  }

  /// A `[width, height]` (a tag's `size`, an entry of `moreSizes`): `shape` when it is not a
  /// pair, `numbers` when a length is bad; `position` names the tag or entry.
  private func size(
    _ node: Int, _ shape: RequestFault.Problem, _ numbers: RequestFault.Problem, _ position: Int
  ) throws(RequestFault) -> Size {
    guard kind(node) == .array, count(node) == 2 else {
      throw RequestFault(shape, node, tag: position)
    }
    let width = try length(node + 1, numbers, tag: position)
    let height = try length(next(node + 1), numbers, tag: position)
    return Size(width: width, height: height)
  }

  /// The `id` value node of tag `position` of the `tags` array `tagsNode` (read before, so it
  /// has one).
  private func idNode(ofTag position: Int, in tagsNode: Int) -> Int {
    var tag = tagsNode + 1
    for _ in 0..<position { tag = next(tag) }
    var key = tag + 1
    while !spells(key, "id") { key = next(key + 1) }
    return key + 1
  }

  /// The `selection` array (the node, or nil when absent), as positions in `tags`.
  private func selection(
    _ node: Int?, ids: TagIndex, count: Int
  ) throws(RequestFault) -> SelectionSet {
    var selection = SelectionSet(capacity: count)
    guard let node else { return selection }
    guard kind(node) == .array else { throw RequestFault(.selectionNotArray, node) }
    var item = node + 1
    for _ in 0..<self.count(node) {
      guard kind(item) == .string else { throw RequestFault(.selectionItem, item) }
      let text = document.nodes[item].first..<document.nodes[item].second
      guard let position = ids.index(of: document.text, in: text) else {
        throw RequestFault(.unknownSelection, item)
      }
      selection.insert(position)
      item = next(item)
    }
    return selection
  }

  /// A `tags` array, and the index of its ids (ranges of the document's text, in tag order).
  func tags(_ node: Int) throws(RequestFault) -> (tags: [TagSpec], ids: TagIndex) {
    guard kind(node) == .array else { throw RequestFault(.tagsNotArray, node) }
    let total = count(node)
    guard total <= WireLimits.maximumTags else { throw RequestFault(.tooManyTags, node) }
    var tags: [TagSpec] = []
    tags.reserveCapacity(total)
    var idBounds: [Int] = []
    idBounds.reserveCapacity(2 * total)
    var item = node + 1
    for position in 0..<total {
      let (tag, idNode) = try self.tag(item, position)
      tags.append(tag)
      idBounds.append(document.nodes[idNode].first)
      idBounds.append(document.nodes[idNode].second)
      item = next(item)
    }
    return (tags, TagIndex(text: document.text, bounds: idBounds))
  }

  /// `animation`: null, a preset name, or `{"duration": d, "bounce": b}`; nil for null.
  private func animation(_ node: Int) throws(RequestFault) -> Spring? {
    switch kind(node) {
    case .null:
      return nil
    case .string:
      if spells(node, "snappy") { return .snappy }
      if spells(node, "smooth") { return .smooth }
      if spells(node, "bouncy") { return .bouncy }
      if spells(node, "spacing") { return .smooth(duration: 0.7) }
      throw RequestFault(.unknownAnimation, node)
    case .object:
      var duration: Double?
      var bounce = 0.0
      var key = node + 1
      for _ in 0..<count(node) {
        let value = key + 1
        if spells(key, "duration") {
          let seconds = try number(value, .duration)
          guard seconds >= WireLimits.minimumSpringDuration,
            seconds <= WireLimits.maximumSpringDuration
          else { throw RequestFault(.durationRange, value) }
          duration = seconds
        } else if spells(key, "bounce") {
          bounce = try number(value, .bounce)
          guard bounce > -1, bounce < 1 else { throw RequestFault(.bounceRange, value) }
        } else {
          throw RequestFault(.unknownField, key)
        }
        key = next(value)
      }
      guard let duration else { throw RequestFault(.missingDuration, node) }
      return Spring(duration: duration, bounce: bounce)
    default:
      throw RequestFault(.animation, node)
    }
  }

  /// Tag `position` of a `tags` array, and its `id` value's node.
  private func tag(_ node: Int, _ position: Int) throws(RequestFault) -> (TagSpec, idNode: Int) {
    guard kind(node) == .object else { throw RequestFault(.tagNotObject, node, tag: position) }
    var idNode: Int?
    var content: TagSpec.Content?
    var key = node + 1
    for _ in 0..<count(node) {
      let value = key + 1
      if spells(key, "id") {
        guard kind(value) == .string else { throw RequestFault(.id, value, tag: position) }
        guard document.nodes[value].second > document.nodes[value].first else {
          throw RequestFault(.emptyID, value, tag: position)
        }
        idNode = value
      } else if spells(key, "size") || spells(key, "label") {
        guard content == nil else { throw RequestFault(.sizeAndLabel, key, tag: position) }
        if spells(key, "size") {
          content = .size(try size(value, .size, .sizeNumbers, position))
        } else {
          content = .label(try label(value, position))
        }
      } else {
        throw RequestFault(.unknownTagField, key, tag: position)
      }
      key = next(value)
    }
    guard let idNode else { throw RequestFault(.missingID, node, tag: position) }
    guard let content else { throw RequestFault(.missingContent, node, tag: position) }
    return (TagSpec(id: document.bytes(idNode), content: content), idNode)
  }

  /// The `label` of tag `position`.
  private func label(_ node: Int, _ position: Int) throws(RequestFault) -> LabelMetrics {
    guard kind(node) == .object else { throw RequestFault(.labelNotObject, node, tag: position) }
    var width: Double?
    var space: Double?
    var words: [Double] = []
    var key = node + 1
    for _ in 0..<count(node) {
      let value = key + 1
      if spells(key, "width") {
        width = try length(value, .labelWidth, tag: position)
      } else if spells(key, "words") {
        guard kind(value) == .array else { throw RequestFault(.words, value, tag: position) }
        guard count(value) <= WireLimits.maximumWords else {
          throw RequestFault(.tooManyWords, value, tag: position)
        }
        words = []
        words.reserveCapacity(count(value))
        var item = value + 1
        for _ in 0..<count(value) {
          words.append(try length(item, .wordWidths, tag: position))
          item = next(item)
        }
      } else if spells(key, "space") {
        space = try length(value, .space, tag: position)
      } else {
        throw RequestFault(.unknownLabelField, key, tag: position)
      }
      key = next(value)
    }
    guard let width else { throw RequestFault(.missingLabelWidth, node, tag: position) }
    return LabelMetrics(width: width, words: words, spaceWidth: space)
  }

  /// A number; `problem` when the node is not one.
  private func number(
    _ node: Int, _ problem: RequestFault.Problem, tag: Int = 0
  ) throws(RequestFault) -> Double {
    guard kind(node) == .number else { throw RequestFault(problem, node, tag: tag) }
    return document.nodes[node].number
  }

  /// A length in pixels: a finite number from 0 to ``WireLimits/maximumLength``.
  private func length(
    _ node: Int, _ problem: RequestFault.Problem, tag: Int = 0
  ) throws(RequestFault) -> Double {
    let value = try number(node, problem, tag: tag)
    // `!(value >= 0)` rather than `value < 0`: a NaN (which only a built `JSONElement` can
    // hold) is refused as negative rather than laid out and then trapping in the writer.
    guard value >= 0 else { throw RequestFault(problem, node, tag: tag, detail: .negative) }
    guard value <= WireLimits.maximumLength else {
      throw RequestFault(problem, node, tag: tag, detail: .tooLarge)
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
