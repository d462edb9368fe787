import TagCloudCore

/// Why the request decoder refused a request: which rule, at which node, for which tag. The
/// decoder throws these and words the ``WireError`` once, at its entry points, where the
/// document that holds the node's text is at hand.
///
///     throw RequestFault(.spacing, value)  // "\"spacing\" must be a number of pixels"
struct RequestFault: Error {
  /// The decoder's rules; ``RequestFault/error(in:)`` holds each one's message.
  enum Problem: CaseIterable {
    case requestNotObject, width, spacing, mergeDistance, textScale, textScaleRange, lineHeight
    case reduceMotion, direction, unknownField, missingWidth, missingSpacing, missingTags
    case duplicateID, selectionNotArray, selectionItem, unknownSelection
    case tagsNotArray, tooManyTags
    case unknownAnimation, duration, durationRange, bounce, bounceRange, missingDuration, animation
    case tagNotObject, id, emptyID, sizeAndLabel, size, sizeNumbers, unknownTagField, missingID
    case missingContent, labelNotObject, labelWidth, words, tooManyWords, wordWidths, space
    case unknownLabelField, missingLabelWidth
    case maxRows, moreSizes, moreSize, moreSizeNumbers, moreSizesMissing
  }

  /// Why a length was refused, said after the rule's message.
  enum LengthDetail: CaseIterable {
    /// Not a number: the message alone.
    case none
    /// " (got a negative number)"
    case negative
    /// " (at most 1000000)"
    case tooLarge
  }

  let problem: Problem
  /// The node at fault: the error's offset is where it starts; its text is what `unknown
  /// field`, `duplicate id`, `unknown selected id` and `unknown animation` quote.
  let node: Int
  /// The tag's position, for the messages about `tags[N]` (the size's for `moreSizes[N]`, the
  /// tag count for `moreSizesMissing`).
  let tag: Int
  let detail: LengthDetail

  init(_ problem: Problem, _ node: Int, tag: Int = 0, detail: LengthDetail = .none) {
    self.problem = problem
    self.node = node
    self.tag = tag
    self.detail = detail
  }

  /// The refusal in words (the contract of docs/PROTOCOL.md), at the node's offset.
  func error(in document: JSONDocument) -> WireError {
    var message = WireMessage()
    switch problem {
    case .requestNotObject:
      message.append("the request must be a JSON object")
    case .width:
      message.append("\"width\" must be a number of pixels or null")
    case .spacing:
      message.append("\"spacing\" must be a number of pixels")
    case .mergeDistance:
      message.append("\"mergeDistance\" must be a number of pixels")
    case .textScale:
      message.append("\"textScale\" must be a number")
    case .textScaleRange:
      message.append("\"textScale\" must be above 0 and at most 64")
    case .lineHeight:
      message.append("\"lineHeight\" must be a number of pixels")
    case .reduceMotion:
      message.append("\"reduceMotion\" must be true or false")
    case .direction:
      message.append("\"direction\" must be \"ltr\" or \"rtl\"")
    case .unknownField:
      message.append("unknown field ")
      message.append(quoted: document.bytes(node))
    case .missingWidth:
      message.append("missing field \"width\"")
    case .missingSpacing:
      message.append("missing field \"spacing\"")
    case .missingTags:
      message.append("missing field \"tags\"")
    case .duplicateID:
      message.append("duplicate id ")
      message.append(quoted: document.bytes(node))
    case .selectionNotArray:
      message.append("\"selection\" must be an array of tag ids")
    case .selectionItem:
      message.append("\"selection\" must hold tag ids (strings)")
    case .unknownSelection:
      message.append("unknown selected id ")
      message.append(quoted: document.bytes(node))
    case .tagsNotArray:
      message.append("\"tags\" must be an array")
    case .tooManyTags:
      message.append("too many tags (at most 1000000)")
    case .unknownAnimation:
      message.append("unknown animation ")
      message.append(quoted: document.bytes(node))
      message.append(" (expected \"snappy\", \"smooth\", \"bouncy\", \"spacing\" or an object)")
    case .duration:
      message.append("\"duration\" must be a number of seconds")
    case .durationRange:
      message.append("\"duration\" must be from 0.001 to 10 seconds")
    case .bounce:
      message.append("\"bounce\" must be a number")
    case .bounceRange:
      message.append("\"bounce\" must be above -1 and below 1")
    case .missingDuration:
      message.append("missing field \"duration\"")
    case .animation:
      message.append("\"animation\" must be null, a preset name or {\"duration\", \"bounce\"}")
    case .tagNotObject:
      appendTag(to: &message)
      message.append(" must be an object")
    case .id:
      appendTag(to: &message)
      message.append(".id must be a string")
    case .emptyID:
      appendTag(to: &message)
      message.append(".id must not be empty")
    case .sizeAndLabel:
      appendTag(to: &message)
      message.append(" must have \"size\" or \"label\", not both")
    case .size:
      appendTag(to: &message)
      message.append(".size must be [width, height]")
    case .sizeNumbers:
      appendTag(to: &message)
      message.append(".size must hold two non-negative numbers")
    case .unknownTagField:
      message.append("unknown field ")
      message.append(quoted: document.bytes(node))
      message.append(" in ")
      appendTag(to: &message)
    case .missingID:
      appendTag(to: &message)
      message.append(" is missing \"id\"")
    case .missingContent:
      appendTag(to: &message)
      message.append(" needs \"size\" or \"label\"")
    case .labelNotObject:
      appendTag(to: &message)
      message.append(".label must be an object")
    case .labelWidth:
      appendTag(to: &message)
      message.append(".label.width must be a non-negative number")
    case .words:
      appendTag(to: &message)
      message.append(".label.words must be an array of widths")
    case .tooManyWords:
      appendTag(to: &message)
      message.append(".label.words has too many words (at most 10000)")
    case .wordWidths:
      appendTag(to: &message)
      message.append(".label.words must hold non-negative numbers")
    case .space:
      appendTag(to: &message)
      message.append(".label.space must be a non-negative number")
    case .unknownLabelField:
      message.append("unknown field ")
      message.append(quoted: document.bytes(node))
      message.append(" in ")
      appendTag(to: &message)
      message.append(".label")
    case .missingLabelWidth:
      appendTag(to: &message)
      message.append(".label is missing \"width\"")
    case .maxRows:
      message.append("\"maxRows\" must be a whole number from 0 to 1000000")
    case .moreSizes:
      message.append("\"moreSizes\" must be an array of [width, height]")
    case .moreSize, .moreSizeNumbers:
      message.append("moreSizes[")
      message.append(number: tag)
      message.append(
        problem == .moreSize
          ? "] must be [width, height]" : "] must hold two non-negative numbers")
    case .moreSizesMissing:
      message.append("\"moreSizes\" must hold at least ")
      message.append(number: RowLimit.sizesNeeded(forCount: tag))
      message.append(" [width, height], one per digit count of \"+K\" (for ")
      message.append(number: tag)
      message.append(" tags)")
    }
    switch detail {
    case .none: break
    case .negative: message.append(" (got a negative number)")
    case .tooLarge: message.append(" (at most 1000000)")
    }
    return WireError(message, at: document.nodes[node].offset)
  }

  /// `tags[N]`, N the tag's position.
  private func appendTag(to message: inout WireMessage) {
    message.append("tags[")
    message.append(number: tag)
    message.append("]")
  }
}
