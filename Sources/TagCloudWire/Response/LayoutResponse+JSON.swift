import TagCloudCore

/// The response encoder: a ``LayoutResponse`` as the JSON of docs/PROTOCOL.md.
///
///     let bytes = LayoutEngine.layout(request).json
///     // {"size":[w,h],"items":[{"id":…,"x":…,"y":…,"w":…,"h":…,"selected":…,"touch":[…]}],
///     //  "groups":[[…]],"rows":[…],"animation":null}
///     // under a row limit, then: "hidden":K,"more":{"x":…,"y":…,"w":…,"h":…,"touch":[…],
///     //  "row":…} (null when nothing is hidden)
extension LayoutResponse {
  /// Writes the response's members into an object the writer has open, so that a caller can
  /// add members of its own around them (the server's `"type"` and `"seq"`).
  ///
  /// - Complexity: O(n).
  public func writeMembers(into writer: inout JSONWriter) {
    writer.key("size")
    writeNumbers(size.width, size.height, into: &writer)
    writer.key("items")
    writer.beginArray()
    for index in frames.indices {
      let frame = frames[index]
      writer.beginObject()
      writer.key("id")
      writer.string(ids[index])
      writeFrame(frame, selected: selection.contains(index), into: &writer)
      writer.endObject()
    }
    writer.endArray()
    writer.key("groups")
    writer.beginArray()
    for group in 0..<groups.count {
      writer.beginArray()
      for member in groups.group(group) { writer.number(member) }
      writer.endArray()
    }
    writer.endArray()
    writer.key("rows")
    writer.beginArray()
    for start in rowStarts { writer.number(start) }
    writer.endArray()
    writer.key("animation")
    if let animation {
      writer.beginObject()
      writer.key("duration")
      writer.number(animation.spring.duration)
      writer.key("bounce")
      writer.number(animation.spring.bounce)
      writer.key("settle")
      writer.number(animation.easing.duration)
      writer.key("easing")
      writer.string(animation.easing.cssBytes)
      writer.endObject()
    } else {
      writer.null()
    }
    if rowLimited { writeMore(into: &writer) }
  }

  /// Under a row limit: `"hidden": K` and `"more"`, the "+K" capsule (null when nothing is
  /// hidden): its frame, touch target and row (its merge group is the one of `groups` that
  /// holds the index after the shown items).
  private func writeMore(into writer: inout JSONWriter) {
    writer.key("hidden")
    writer.number(more?.hidden ?? 0)
    writer.key("more")
    guard let more else { return writer.null() }
    writer.beginObject()
    writeFrame(more.frame, selected: nil, into: &writer)
    writer.key("row")
    writer.number(more.row)
    writer.endObject()
  }

  /// A capsule's `x`, `y`, `w`, `h`, `selected` (a tag's; nil for the "+K" capsule, which has
  /// none) and `touch` members: items and the "+K" capsule share it.
  private func writeFrame(_ frame: Rect, selected: Bool?, into writer: inout JSONWriter) {
    writer.key("x")
    writer.number(frame.x)
    writer.key("y")
    writer.number(frame.y)
    writer.key("w")
    writer.number(frame.width)
    writer.key("h")
    writer.number(frame.height)
    if let selected {
      writer.key("selected")
      writer.bool(selected)
    }
    let touch = CapsuleSizing.touchTarget(for: frame)
    writer.key("touch")
    writeNumbers(touch.x, touch.y, touch.width, touch.height, into: &writer)
  }

  /// The whole response as JSON bytes.
  ///
  /// - Complexity: O(n).
  public var json: [UInt8] {
    var writer = JSONWriter()
    writer.beginObject()
    writeMembers(into: &writer)
    writer.endObject()
    return writer.bytes
  }

  /// Writes `[a, b]` or `[a, b, c, d]` (`c` and `d` nil for a pair). No array of numbers is
  /// built: that would allocate twice per item.
  private func writeNumbers(
    _ a: Double, _ b: Double, _ c: Double? = nil, _ d: Double? = nil,
    into writer: inout JSONWriter
  ) {
    writer.beginArray()
    writer.number(a)
    writer.number(b)
    if let c, let d {
      writer.number(c)
      writer.number(d)
    }
    writer.endArray()
  }
}
