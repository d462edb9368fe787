// INTERIM: stand-ins for the core's TagSpec decoding and LayoutEngine
// until they land on main; deleted then.
import TagCloudCore

enum TagSpecDecoding {
  static func decode(_ element: JSONElement) throws(WireError) -> TagSpec {
    var object = try JSONObjectReader(element, what: "a tag")
    let id = try object.string("id")
    if let size = object.optional("size") {
      let items = try JSONObjectReader.array(size, "size")
      guard items.count == 2 else { throw WireError("'size' must be [width, height]", at: size.offset) }
      let w = try JSONObjectReader.number(items[0], "size")
      let h = try JSONObjectReader.number(items[1], "size")
      try object.finish()
      return TagSpec(id: id, content: .size(Size(width: w, height: h)))
    }
    var label = try JSONObjectReader(try object.required("label"), what: "a label")
    let width = try label.number("width")
    _ = label.optional("words")
    _ = label.optional("spaceWidth")
    try label.finish()
    try object.finish()
    return TagSpec(id: id, content: .label(LabelMetrics(width: width)))
  }
}

/// Interim layout: capsule sizes (label: width + 32 x 40) through the real flow rule.
enum InterimLayout {
  static func write(_ request: LayoutRequest, into writer: inout JSONWriter) {
    let sizes = request.tags.map { tag -> Size in
      switch tag.content {
      case .size(let size): return size
      case .label(let label): return Size(width: label.width + 32, height: 40)
      }
    }
    let arrangement = FlowLayout.arrange(sizes, width: request.width, spacing: request.spacing)
    writer.key("size")
    writer.beginArray(); writer.number(arrangement.size.width); writer.number(arrangement.size.height); writer.endArray()
    writer.key("items")
    writer.beginArray()
    for (index, tag) in request.tags.enumerated() {
      writer.beginObject()
      writer.key("id"); writer.string(tag.id)
      writer.key("x"); writer.number(arrangement.origins[index].x)
      writer.key("y"); writer.number(arrangement.origins[index].y)
      writer.key("w"); writer.number(sizes[index].width)
      writer.key("h"); writer.number(sizes[index].height)
      writer.key("selected"); writer.bool(request.selection.contains(index))
      writer.endObject()
    }
    writer.endArray()
    writer.key("groups"); writer.beginArray(); writer.endArray()
    writer.key("rows"); writer.beginArray()
    for start in arrangement.rowStarts { writer.number(Double(start)) }
    writer.endArray()
    writer.key("animation")
    if let spring = request.animation, !request.reduceMotion {
      writer.beginObject(); writer.key("duration"); writer.number(spring.duration); writer.key("bounce"); writer.number(spring.bounce); writer.endObject()
    } else {
      writer.null()
    }
  }
}
