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
  // Inlined into `LayoutService.respond` (the Wasm export's path): a refusal is then a
  // branch there rather than an error handed back.
  @inline(__always)
  public static func decode(_ bytes: [UInt8]) throws(WireError) -> LayoutRequest {
    try RequestReader(try JSONDocument.parse(bytes)).decodeRequest()
  }

  /// Decodes a request from a parsed JSON value.
  public static func decode(_ root: JSONElement) throws(WireError) -> LayoutRequest {
    try RequestReader(JSONDocument(root)).decodeRequest()
  }

  /// Decodes a `tags` array: each `{"id": …, "size": [w, h]}` or `{"id": …, "label": {…}}`.
  /// Public so that other messages carrying tags (the server's `measure`) read them the same.
  ///
  /// - Complexity: O(n + total words).
  public static func decodeTags(_ element: JSONElement) throws(WireError) -> [TagSpec] {
    let reader = RequestReader(JSONDocument(element))
    var idBounds: [Int] = []
    var label = LabelMetrics(width: 0, spaceWidth: 0)
    do {
      return try reader.tags(0, &idBounds, &label)
    } catch {
      throw error.wireError(in: reader.document)
    }
  }
}

/// The decoding rules, over the nodes of a parsed document (see `JSONDocument`). Refusals are
/// `RequestFault`s, worded once by `decodeRequest`.
///
/// Each object is read by one loop over its members in document order (so that the first
/// fault in the input is the one reported), dispatching on the key's line in a list of field
/// names (`field(_:_:)`) rather than comparing the key with each name in turn. What it builds
/// (the request, the id nodes, a label being read) is passed `inout` from the entry points:
/// a function that owns no array releases nothing when it throws, so each of its throw sites
/// stays a few instructions in the Wasm build. Readers with one caller are inlined into it
/// (`@inline(__always)`): a refusal is then a branch to the caller's exit rather than a fault
/// handed back and copied; `tag` and `length` stay out of line (inlined, they grow the module).
struct RequestReader {
  let document: JSONDocument

  init(_ document: JSONDocument) {
    self.document = document
  }

  // Out of line (about 0.25 KB of Wasm smaller); each is a bounds check and a load.
  @inline(never)
  private func kind(_ node: Int) -> JSONNode.Kind { document.nodes[node].kind }
  @inline(never)
  private func count(_ node: Int) -> Int { document.nodes[node].first }
  @inline(never)
  private func next(_ node: Int) -> Int { document.nodes[node].next }
  /// Where a string node's text ends (`count` is where it starts).
  @inline(never)
  private func end(_ node: Int) -> Int { document.nodes[node].second }

  /// The request, or its refusal worded as a `WireError`.
  // Inlined into its caller, like the readers it calls.
  @inline(__always)
  func decodeRequest() throws(WireError) -> LayoutRequest {
    var request = LayoutRequest(width: -1, spacing: -1, tags: [])
    var idBounds: [Int] = []
    var label = LabelMetrics(width: 0, spaceWidth: 0)
    do {
      try read(&request, &idBounds, &label)
    } catch {
      throw error.wireError(in: document)
    }
    return request
  }

  /// Which line of `names` (field names, one per line) the string or key `node` spells, or -1.
  // Out of line: one loop instead of a comparison per field name at each object kind.
  @inline(never)
  private func field(_ node: Int, _ names: StaticString) -> Int {
    let bytes = UnsafeBufferPointer(start: names.utf8Start, count: names.utf8CodeUnitCount)
    let start = document.nodes[node].first
    let length = document.nodes[node].second &- start
    // One pass over the names: `index` is the position in the current line, `matches`
    // whether the line so far equals the key.
    var line = 0
    var index = 0
    var matches = true
    var position = 0
    while true {
      let atEnd = position == bytes.count
      let byte = atEnd ? UInt8(ascii: "\n") : bytes[position]
      if byte == UInt8(ascii: "\n") {
        if matches && index == length { return line }
        if atEnd { return -1 }
        line &+= 1
        index = 0
        matches = true
      } else {
        matches = matches && index < length && document.text[start &+ index] == byte
        index &+= 1
      }
      position &+= 1
    }
  }

  /// Reads the root object into `request` (which starts with width and spacing -1: absent).
  // Inlined into its one caller: its refusals then need no propagation.
  @inline(__always)
  private func read(
    _ request: inout LayoutRequest, _ idBounds: inout [Int], _ label: inout LabelMetrics
  ) throws(RequestFault) {
    let root = 0
    guard kind(root) == .object else { throw RequestFault(.requestNotObject, root) }
    var textScale = 1.0
    var lineHeight = 20.0
    var tagsNode = -1
    var selectionNode = -1
    var key = root &+ 1
    var remaining = count(root)
    while remaining > 0 {
      remaining &-= 1
      let value = key &+ 1
      switch field(
        key,
        "width\nspacing\nmergeDistance\ntextScale\nlineHeight\ntags\nselection\nanimation\nreduceMotion\ndirection"
      ) {
      case 0:
        request.width = kind(value) == .null ? .infinity : try length(value, .width)
      case 1:
        request.spacing = try length(value, .spacing)
      case 2:
        request.mergeDistance = try length(value, .mergeDistance)
      case 3:
        textScale = try number(value, .textScale)
        guard WireLimits.acceptsTextScale(textScale) else {
          throw RequestFault(.textScaleRange, value)
        }
      case 4:
        lineHeight = try length(value, .lineHeight)
      case 5:
        request.tags = try tags(value, &idBounds, &label)
        tagsNode = value
      case 6:
        selectionNode = value
      case 7:
        try animation(value, &request.animation)
      case 8:
        guard kind(value) == .bool else { throw RequestFault(.reduceMotion, value) }
        request.reduceMotion = count(value) != 0
      case 9:
        let name = kind(value) == .string ? field(value, "ltr\nrtl") : -1
        guard name >= 0 else { throw RequestFault(.direction, value) }
        request.direction = name == 1 ? .rightToLeft : .leftToRight
      default:
        throw RequestFault(.unknownField, key)
      }
      key = next(value)
    }
    guard request.width >= 0 else { throw RequestFault(.missingWidth, root) }
    guard request.spacing >= 0 else { throw RequestFault(.missingSpacing, root) }
    guard tagsNode >= 0 else { throw RequestFault(.missingTags, root) }
    request.capsuleMetrics = CapsuleMetrics(textScale: textScale, lineHeight: lineHeight)
    try select(selectionNode, tagsNode, &request, idBounds)
  }

  /// Checks that ids are unique and reads the `selection` (the array node, or -1 when absent)
  /// into `request.selection`.
  // Inlined into its one caller: its refusals then need no propagation.
  @inline(__always)
  private func select(
    _ selectionNode: Int, _ tagsNode: Int, _ request: inout LayoutRequest, _ idBounds: [Int]
  ) throws(RequestFault) {
    let index = TagIndex(text: document.text, bounds: idBounds)
    if let repeated = index.firstDuplicate() {
      // Refused at the repeated tag's id value: the member after its "id" key.
      var tag = tagsNode &+ 1
      var skipped = 0
      while skipped < repeated {
        tag = next(tag)
        skipped &+= 1
      }
      var key = tag &+ 1
      while field(key, "id") != 0 { key = next(key &+ 1) }
      throw RequestFault(.duplicateID, key &+ 1)
    }
    request.selection = SelectionSet(capacity: request.tags.count)
    if selectionNode < 0 { return }
    guard kind(selectionNode) == .array else {
      throw RequestFault(.selectionNotArray, selectionNode)
    }
    var item = selectionNode &+ 1
    var remaining = count(selectionNode)
    while remaining > 0 {
      remaining &-= 1
      guard kind(item) == .string else { throw RequestFault(.selectionItem, item) }
      guard
        let position = index.index(
          of: document.text, in: document.nodes[item].first..<document.nodes[item].second)
      else {
        throw RequestFault(.unknownSelection, item)
      }
      request.selection.insert(position)
      item = next(item)
    }
  }

  /// A `tags` array; `idBounds` becomes where the tags' ids are in the document's text (two
  /// per tag, as `TagIndex(text:bounds:)` takes them). `label` is scratch space for
  /// reading labels.
  ///
  /// The array is filled in place (`unsafeUninitializedCapacity`): its size is known, and
  /// without `append` the Wasm build needs none of the array growing code for `TagSpec`.
  func tags(
    _ node: Int, _ idBounds: inout [Int], _ label: inout LabelMetrics
  ) throws(RequestFault) -> [TagSpec] {
    guard kind(node) == .array else { throw RequestFault(.tagsNotArray, node) }
    let total = count(node)
    guard total <= WireLimits.maximumTags else { throw RequestFault(.tooManyTags, node) }
    idBounds = [Int](repeating: 0, count: 2 &* total)
    var item = node &+ 1
    return try [TagSpec](unsafeUninitializedCapacity: total) {
      (buffer, initialized) throws(RequestFault) in
      // In range: `initialized` counts up to `total`, the capacity asked for.
      while initialized < total {
        try tag(item, initialized, buffer, &idBounds, &label)
        initialized &+= 1
        item = next(item)
      }
    }
  }

  /// `animation`: null, a preset name, or `{"duration": d, "bounce": b}`, into `spring`
  /// (nil for null).
  // Inlined into its one caller: its refusals then need no propagation.
  @inline(__always)
  private func animation(_ node: Int, _ spring: inout Spring?) throws(RequestFault) {
    switch kind(node) {
    case .null:
      spring = nil
    case .string:
      switch field(node, "snappy\nsmooth\nbouncy\nspacing") {
      case 0: spring = .snappy
      case 1: spring = .smooth
      case 2: spring = .bouncy
      case 3: spring = .smooth(duration: 0.7)
      default: throw RequestFault(.unknownAnimation, node)
      }
    case .object:
      var duration = -1.0
      var bounce = 0.0
      var key = node &+ 1
      var remaining = count(node)
      while remaining > 0 {
        remaining &-= 1
        let value = key &+ 1
        switch field(key, "duration\nbounce") {
        case 0:
          duration = try number(value, .duration)
          guard duration >= WireLimits.minimumSpringDuration,
            duration <= WireLimits.maximumSpringDuration
          else { throw RequestFault(.durationRange, value) }
        case 1:
          bounce = try number(value, .bounce)
          guard bounce > -1, bounce < 1 else { throw RequestFault(.bounceRange, value) }
        default:
          throw RequestFault(.unknownField, key)
        }
        key = next(value)
      }
      guard duration >= 0 else { throw RequestFault(.missingDuration, node) }
      spring = Spring(duration: duration, bounce: bounce)
    default:
      throw RequestFault(.animation, node)
    }
  }

  /// Tag `position` of a `tags` array, initialized in `tags[position]` (built in place, not
  /// returned and copied); its id's bounds go to `idBounds[2 * position ...]`.
  private func tag(
    _ node: Int, _ position: Int, _ tags: UnsafeMutableBufferPointer<TagSpec>,
    _ idBounds: inout [Int], _ label: inout LabelMetrics
  ) throws(RequestFault) {
    guard kind(node) == .object else { throw RequestFault(.tagNotObject, node, tag: position) }
    var idNode = -1
    // 0: neither yet, 1: size, 2: label (read into `label`).
    var content = 0
    var width = 0.0
    var height = 0.0
    var key = node &+ 1
    var remaining = count(node)
    while remaining > 0 {
      remaining &-= 1
      let value = key &+ 1
      let name = field(key, "id\nsize\nlabel")
      switch name {
      case 0:
        guard kind(value) == .string else { throw RequestFault(.id, value, tag: position) }
        guard end(value) > count(value) else {
          throw RequestFault(.emptyID, value, tag: position)
        }
        idNode = value
      case 1, 2:
        guard content == 0 else { throw RequestFault(.sizeAndLabel, key, tag: position) }
        content = name
        if name == 1 {
          guard kind(value) == .array, count(value) == 2 else {
            throw RequestFault(.size, value, tag: position)
          }
          width = try length(value &+ 1, .sizeNumbers, tag: position)
          height = try length(next(value &+ 1), .sizeNumbers, tag: position)
        } else {
          try self.label(value, position, &label)
        }
      default:
        throw RequestFault(.unknownTagField, key, tag: position)
      }
      key = next(value)
    }
    guard idNode >= 0 else { throw RequestFault(.missingID, node, tag: position) }
    guard content != 0 else { throw RequestFault(.missingContent, node, tag: position) }
    // No overflow: positions are below `maximumTags`.
    idBounds[2 &* position] = count(idNode)
    idBounds[2 &* position &+ 1] = end(idNode)
    tags.initializeElement(
      at: position,
      to: TagSpec(
        id: document.bytes(idNode),
        content: content == 1 ? .size(Size(width: width, height: height)) : .label(label)))
  }

  /// The `label` of tag `position`, read into `label`.
  // Inlined into its one caller: its refusals then need no propagation.
  @inline(__always)
  private func label(
    _ node: Int, _ position: Int, _ label: inout LabelMetrics
  ) throws(RequestFault) {
    guard kind(node) == .object else { throw RequestFault(.labelNotObject, node, tag: position) }
    // -1: absent (lengths are never negative).
    var width = -1.0
    var space = -1.0
    label.words = []
    var key = node &+ 1
    var remaining = count(node)
    while remaining > 0 {
      remaining &-= 1
      let value = key &+ 1
      switch field(key, "width\nwords\nspace") {
      case 0:
        width = try length(value, .labelWidth, tag: position)
      case 1:
        guard kind(value) == .array else { throw RequestFault(.words, value, tag: position) }
        guard count(value) <= WireLimits.maximumWords else {
          throw RequestFault(.tooManyWords, value, tag: position)
        }
        let total = count(value)
        var item = value &+ 1
        // Stored by index into an array of the right size: no `append` code here.
        label.words = [Double](repeating: 0, count: total)
        var index = 0
        while index < total {
          label.words[index] = try length(item, .wordWidths, tag: position)
          index &+= 1
          item = next(item)
        }
      case 2:
        space = try length(value, .space, tag: position)
      default:
        throw RequestFault(.unknownLabelField, key, tag: position)
      }
      key = next(value)
    }
    guard width >= 0 else { throw RequestFault(.missingLabelWidth, node, tag: position) }
    label = LabelMetrics(width: width, words: label.words, spaceWidth: space >= 0 ? space : nil)
  }

  private func number(
    _ node: Int, _ problem: RequestFault.Problem, tag: Int = 0
  ) throws(RequestFault) -> Double {
    guard kind(node) == .number else { throw RequestFault(problem, node, tag: tag) }
    return document.nodes[node].number
  }

  /// A length in pixels: a finite number from 0 to ``WireLimits/maximumLength``.
  // Out of line: inlined at each of its dozen calls it costs the Wasm module about 0.4 KB.
  @inline(never)
  private func length(
    _ node: Int, _ problem: RequestFault.Problem, tag: Int = 0
  ) throws(RequestFault) -> Double {
    // One throw for the three refusals: not a number (detail 0), negative (1), too long (2).
    // `!(value >= 0)`, not `value < 0`: a NaN (which only a built `JSONElement` can hold) is
    // refused as negative, as before the size work, rather than laid out and then trapping in
    // the writer.
    var detail: UInt32 = 0
    var value = 0.0
    if kind(node) == .number {
      value = document.nodes[node].number
      detail = !(value >= 0) ? 1 : value > WireLimits.maximumLength ? 2 : 3
    }
    guard detail == 3 else { throw RequestFault(problem, node, tag: tag, detail: detail) }
    return value
  }
}

extension LayoutRequest {
  /// Reads a request from JSON bytes; see ``LayoutRequestDecoder``.
  // Inlined into `LayoutService.respond` (the Wasm export's path): a refusal is then a
  // branch there rather than an error handed back.
  @inline(__always)
  public static func decode(_ bytes: [UInt8]) throws(WireError) -> LayoutRequest {
    try LayoutRequestDecoder.decode(bytes)
  }
}
