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

  /// The decoder's rules, in the order of their messages in `WireWording`'s table.
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

  /// The refusal this fault stands for, worded from `WireWording`'s table (its lines from
  /// `WireWording.requestLines` on, in ``Problem`` order).
  func wireError(in document: JSONDocument) -> WireError {
    WireWording.error(
      WireWording.requestLines &+ Int(problem), Int(detail), tag, node, document,
      at: document.nodes[node].offset)
  }
}
