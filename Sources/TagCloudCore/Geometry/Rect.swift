/// An axis-aligned rectangle: origin at its top left corner plus a size.
///
///     let frame = Rect(x: 10, y: 0, width: 96, height: 40)
///     frame.maxX  // 106
public struct Rect: Equatable, Sendable {
  public var x: Double
  public var y: Double
  public var width: Double
  public var height: Double

  @inlinable
  public init(x: Double, y: Double, width: Double, height: Double) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }

  @inlinable
  public init(origin: Point, size: Size) {
    self.init(x: origin.x, y: origin.y, width: size.width, height: size.height)
  }

  @inlinable public var origin: Point { Point(x: x, y: y) }
  @inlinable public var size: Size { Size(width: width, height: height) }
  @inlinable public var maxX: Double { x + width }
  @inlinable public var maxY: Double { y + height }
  @inlinable public var midX: Double { x + width / 2 }
  @inlinable public var midY: Double { y + height / 2 }

  /// Whether `point` lies inside, edges at the top and left included, bottom and right excluded,
  /// so that two rectangles sharing an edge never both claim a point.
  @inlinable
  public func contains(_ point: Point) -> Bool {
    point.x >= x && point.x < maxX && point.y >= y && point.y < maxY
  }
}
