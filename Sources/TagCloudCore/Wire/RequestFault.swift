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

  /// Every message, one line per ``Problem``: `$` stands for "tags[N]" (N = ``tag``), `%` for
  /// the node's bytes as a JSON string (cut like ``WireMessage/quoted(_:)``). The words are
  /// the contract: `docs/PROTOCOL.md`, the decoder tests and the node parity test check them.
  static var templates: StaticString {
    """
    the request must be a JSON object
    "width" must be a number of pixels or null
    "spacing" must be a number of pixels
    "mergeDistance" must be a number of pixels
    "textScale" must be a number
    "textScale" must be above 0 and at most 64
    "lineHeight" must be a number of pixels
    "reduceMotion" must be true or false
    "direction" must be "ltr" or "rtl"
    unknown field %
    missing field "width"
    missing field "spacing"
    missing field "tags"
    duplicate id %
    "selection" must be an array of tag ids
    "selection" must hold tag ids (strings)
    unknown selected id %
    "tags" must be an array
    too many tags (at most 1000000)
    unknown animation % (expected "snappy", "smooth", "bouncy", "spacing" or an object)
    "duration" must be a number of seconds
    "duration" must be from 0.001 to 10 seconds
    "bounce" must be a number
    "bounce" must be above -1 and below 1
    missing field "duration"
    "animation" must be null, a preset name or {"duration", "bounce"}
    $ must be an object
    $.id must be a string
    $.id must not be empty
    $ must have "size" or "label", not both
    $.size must be [width, height]
    $.size must hold two non-negative numbers
    unknown field % in $
    $ is missing "id"
    $ needs "size" or "label"
    $.label must be an object
    $.label.width must be a non-negative number
    $.label.words must be an array of widths
    $.label.words has too many words (at most 10000)
    $.label.words must hold non-negative numbers
    $.label.space must be a non-negative number
    unknown field % in $.label
    $.label is missing "width"
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
        case UInt8(ascii: "$"):
          message.appendLiteral("tags[")
          DecimalFormatting.appendInteger(UInt64(tag), to: &message)
          message.appendByte(UInt8(ascii: "]"))
        case UInt8(ascii: "%"):
          message.appendQuoted(document.bytes(node))
        default:
          message.appendByte(byte)
        }
      }
    }
  }
}
