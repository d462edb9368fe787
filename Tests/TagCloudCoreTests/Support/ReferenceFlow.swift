import TagCloudCore

/// The seed's `GlassTagCloudFlow.arrange`, transcribed line by line as the plain reference that
/// the core's flow is checked against.
enum ReferenceFlow {
  static func arrange(_ sizes: [Size], width: Double, spacing: Double) -> (
    origins: [Point], size: Size
  ) {
    var origins: [Point] = []
    var cursor = Point.zero
    var rowHeight = 0.0
    var usedWidth = 0.0
    for size in sizes {
      if cursor.x > 0, cursor.x + size.width > width {
        cursor = Point(x: 0, y: cursor.y + rowHeight + spacing)
        rowHeight = 0
      }
      origins.append(cursor)
      usedWidth = max(usedWidth, cursor.x + size.width)
      rowHeight = max(rowHeight, size.height)
      cursor.x += size.width + spacing
    }
    return (origins, Size(width: usedWidth, height: cursor.y + rowHeight))
  }
}
