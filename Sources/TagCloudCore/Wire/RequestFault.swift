/// Why the request decoder refused a request, as plain values: which rule, which node, which
/// tag. The decoder throws these and words the ``WireError`` once, at its entry points.
///
/// Why not a `WireError` at each refusal: in the Wasm build every `WireError` built in place
/// costs a message array (allocation, literal copy, release) at each of some forty throw
/// sites, and propagating an error that holds an array costs releases along the way; a fault
/// of three integers is stored and returned like any value. The words live in one table
/// (``RequestFault/templates``), expanded by one function (``wireError(in:)``).
struct RequestFault: Error {
  /// The problem (bits 0-5), the detail (bits 6-7) and the tag (bits 8-31), packed so that a
  /// fault is two words to store and to pass along.
  private let code: UInt32
  /// The node at fault: the error's offset is where it starts; its bytes are the quoted
  /// subject of a message (`%` in a template).
  let node: Int

  /// - Parameters:
  ///   - tag: the tag's position, for messages about `tags[N]` (`$` in a template); below
  ///     2^24, as requests hold at most ``WireLimits/maximumTags`` tags.
  ///   - detail: for a length (`RequestReader`'s `length`): 0, or 1 for " (got a negative
  ///     number)", 2 for " (at most 1000000)" after the message.
  init(_ problem: Problem, _ node: Int, tag: Int = 0, detail: UInt32 = 0) {
    assert(tag >= 0 && tag < 1 << 24 && detail < 4, "tag or detail out of range")
    code = UInt32(problem.rawValue) | detail << 6 | UInt32(truncatingIfNeeded: tag) << 8
    self.node = node
  }

  /// The rule that was broken: the line of ``templates`` with the message.
  var problem: UInt32 { code & 63 }
  var detail: UInt32 { code >> 6 & 3 }
  var tag: Int { Int(code >> 8) }

  /// The decoder's rules, in the order of ``templates``' lines.
  enum Problem: UInt8 {
    case requestNotObject, width, spacing, mergeDistance, textScale, textScaleRange, lineHeight
    case reduceMotion, direction, unknownField, missingWidth, missingSpacing, missingTags
    case duplicateID, selectionNotArray, selectionItem, unknownSelection
    case tagsNotArray, tooManyTags
    case unknownAnimation, duration, durationRange, bounce, bounceRange, missingDuration
    case animation
    case tagNotObject, id, emptyID, sizeAndLabel, size, sizeNumbers, unknownTagField, missingID
    case missingContent
    case labelNotObject, labelWidth, words, tooManyWords, wordWidths, space, unknownLabelField
    case missingLabelWidth
    /// The two length details (``detail`` 1 and 2), appended to another line.
    case negative, tooLarge
  }

  /// Every message, one line per ``Problem``: `$` stands for "tags[N]" (N = ``tag``), `&` for
  /// "tags[N].label", `%` for the node's bytes as a JSON string (cut like
  /// ``WireMessage/quoted(_:)``); `@`, `^`, `~` and `#` for the phrases most messages share
  /// (" must be ", "missing field ", "non-negative number", "a number of pixels"), which
  /// keeps the table about 0.4 KB smaller. The words are the contract: `docs/PROTOCOL.md`,
  /// the decoder tests and the node parity test check them.
  static var templates: StaticString {
    """
    the request@a JSON object
    "width"@# or null
    "spacing"@#
    "mergeDistance"@#
    "textScale"@a number
    "textScale"@above 0 and at most 64
    "lineHeight"@#
    "reduceMotion"@true or false
    "direction"@"ltr" or "rtl"
    unknown field %
    ^"width"
    ^"spacing"
    ^"tags"
    duplicate id %
    "selection"@an array of tag ids
    "selection" must hold tag ids (strings)
    unknown selected id %
    "tags"@an array
    too many tags (at most 1000000)
    unknown animation % (expected "snappy", "smooth", "bouncy", "spacing" or an object)
    "duration"@a number of seconds
    "duration"@from 0.001 to 10 seconds
    "bounce"@a number
    "bounce"@above -1 and below 1
    ^"duration"
    "animation"@null, a preset name or {"duration", "bounce"}
    $@an object
    $.id@a string
    $.id must not be empty
    $ must have "size" or "label", not both
    $.size@[width, height]
    $.size must hold two ~s
    unknown field % in $
    $ is missing "id"
    $ needs "size" or "label"
    &@an object
    &.width@a ~
    &.words@an array of widths
    &.words has too many words (at most 10000)
    &.words must hold ~s
    &.space@a ~
    unknown field % in &
    & is missing "width"
     (got a negative number)
     (at most 1000000)
    """
  }

  /// The refusal this fault stands for, worded from ``templates``.
  // Out of line, and the only place that builds a decoder message.
  @inline(never)
  func wireError(in document: JSONDocument) -> WireError {
    var message: [UInt8] = []
    append(line: problem, to: &message, document)
    if detail != 0 {
      append(line: UInt32(Problem.negative.rawValue) - 1 + detail, to: &message, document)
    }
    return WireError(WireMessage(message), at: document.nodes[node].offset)
  }

  /// Expands line `line` of ``templates``.
  private func append(line: UInt32, to message: inout [UInt8], _ document: JSONDocument) {
    let table = RequestFault.templates
    var current: UInt32 = 0
    for byte in UnsafeBufferPointer(start: table.utf8Start, count: table.utf8CodeUnitCount) {
      if byte == UInt8(ascii: "\n") {
        current &+= 1
      } else if current == line {
        switch byte {
        case UInt8(ascii: "$"), UInt8(ascii: "&"):
          message.appendLiteral("tags[")
          DecimalFormatting.appendInteger(UInt64(tag), to: &message)
          message.appendLiteral(byte == UInt8(ascii: "$") ? "]" : "].label")
        case UInt8(ascii: "%"): message.appendQuoted(document.bytes(node))
        case UInt8(ascii: "@"): message.appendLiteral(" must be ")
        case UInt8(ascii: "^"): message.appendLiteral("missing field ")
        case UInt8(ascii: "~"): message.appendLiteral("non-negative number")
        case UInt8(ascii: "#"): message.appendLiteral("a number of pixels")
        default: message.appendByte(byte)
        }
      }
    }
  }
}
