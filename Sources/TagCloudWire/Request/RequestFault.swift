/// Why the request decoder refused a request, as plain values: which rule, which node, which
/// tag. The decoder throws these and words the ``WireError`` once, at its entry points.
///
/// Why not a `WireError` at each refusal: in the Wasm build every `WireError` built in place
/// costs a message array (allocation, literal copy, release) at each of some forty throw
/// sites, and propagating an error that holds an array costs releases along the way; a fault
/// of three integers is stored and returned like any value. The words live in one table
/// (`WireWording`), expanded by one function shared with the JSON layer.
struct RequestFault: Error {
  /// The problem (bits 0-5), the detail (bits 6-7) and the tag (bits 8-31), packed so that a
  /// fault is two words to store and to pass along.
  private let code: UInt32
  /// The node at fault: the error's offset is where it starts; its bytes are the quoted
  /// subject of a message (code 6 in `WireWording`'s table).
  let node: Int

  /// - Parameters:
  ///   - tag: the tag's position, for messages about `tags[N]` (code 2 in `WireWording`'s table); below
  ///     2^24, as requests hold at most ``WireLimits/maximumTags`` tags.
  ///   - detail: for a length (`RequestReader`'s `length`): 0, or 1 for " (got a negative
  ///     number)", 2 for " (at most 1000000)" after the message.
  init(_ problem: Problem, _ node: Int, tag: Int = 0, detail: UInt32 = 0) {
    assert(tag >= 0 && tag < 1 << 24 && detail < 4, "tag or detail out of range")
    code = UInt32(problem.rawValue) | detail << 6 | UInt32(truncatingIfNeeded: tag) << 8
    self.node = node
  }

  /// The rule that was broken: which message.
  var problem: UInt32 { code & 63 }
  var detail: UInt32 { code >> 6 & 3 }
  var tag: Int { Int(code >> 8) }

  /// The decoder's rules, in the order of their messages in `WireWording`'s table (written
  /// out in scripts/wire-messages.txt, where a message is changed); each
  /// case's comment is its message, with `tags[N]` for the tag (N = ``tag``) and `<node>` for
  /// the node's text as a JSON string.
  enum Problem: UInt8 {
    /// the request must be a JSON object
    case requestNotObject
    /// "width" must be a number of pixels or null
    case width
    /// "spacing" must be a number of pixels
    case spacing
    /// "mergeDistance" must be a number of pixels
    case mergeDistance
    /// "textScale" must be a number
    case textScale
    /// "textScale" must be above 0 and at most 64
    case textScaleRange
    /// "lineHeight" must be a number of pixels
    case lineHeight
    /// "reduceMotion" must be true or false
    case reduceMotion
    /// "direction" must be "ltr" or "rtl"
    case direction
    /// unknown field <node>
    case unknownField
    /// missing field "width"
    case missingWidth
    /// missing field "spacing"
    case missingSpacing
    /// missing field "tags"
    case missingTags
    /// duplicate id <node>
    case duplicateID
    /// "selection" must be an array of tag ids
    case selectionNotArray
    /// "selection" must hold tag ids (strings)
    case selectionItem
    /// unknown selected id <node>
    case unknownSelection
    /// "tags" must be an array
    case tagsNotArray
    /// too many tags (at most 1000000)
    case tooManyTags
    /// unknown animation <node> (expected "snappy", "smooth", "bouncy", "spacing" or an object)
    case unknownAnimation
    /// "duration" must be a number of seconds
    case duration
    /// "duration" must be from 0.001 to 10 seconds
    case durationRange
    /// "bounce" must be a number
    case bounce
    /// "bounce" must be above -1 and below 1
    case bounceRange
    /// missing field "duration"
    case missingDuration
    /// "animation" must be null, a preset name or {"duration", "bounce"}
    case animation
    /// tags[N] must be an object
    case tagNotObject
    /// tags[N].id must be a string
    case id
    /// tags[N].id must not be empty
    case emptyID
    /// tags[N] must have "size" or "label", not both
    case sizeAndLabel
    /// tags[N].size must be [width, height]
    case size
    /// tags[N].size must hold two non-negative numbers
    case sizeNumbers
    /// unknown field <node> in tags[N]
    case unknownTagField
    /// tags[N] is missing "id"
    case missingID
    /// tags[N] needs "size" or "label"
    case missingContent
    /// tags[N].label must be an object
    case labelNotObject
    /// tags[N].label.width must be a non-negative number
    case labelWidth
    /// tags[N].label.words must be an array of widths
    case words
    /// tags[N].label.words has too many words (at most 10000)
    case tooManyWords
    /// tags[N].label.words must hold non-negative numbers
    case wordWidths
    /// tags[N].label.space must be a non-negative number
    case space
    /// unknown field <node> in tags[N].label
    case unknownLabelField
    /// tags[N].label is missing "width"
    case missingLabelWidth
    /// " (got a negative number)", after another message (``detail`` 1)
    case negative
    /// " (at most 1000000)", after another message (``detail`` 2)
    case tooLarge
  }

  /// The refusal this fault stands for, worded from `WireWording`'s table (its lines from
  /// `WireWording.requestLines` on, in ``Problem`` order).
  func wireError(in document: JSONDocument) -> WireError {
    WireWording.error(
      WireWording.requestLines &+ Int(problem), Int(detail), tag, node, document,
      at: document.nodes[node].offset)
  }
}
