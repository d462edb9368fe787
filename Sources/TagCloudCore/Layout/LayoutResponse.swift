/// A laid-out cloud: where every capsule is, which melt together, which are selected, and how
/// to move there.
public struct LayoutResponse: Equatable, Sendable {
  /// The ids of the tags, in input order.
  public var ids: [[UInt8]]
  /// The visible capsules, in input order.
  public var frames: [Rect]
  /// The flow's rows: the index of the first tag of each.
  public var rowStarts: [Int]
  /// The cloud's size: the widest row's end by the last row's bottom.
  public var size: Size
  public var groups: MergeGroups
  public var selection: SelectionSet
  /// The motion to use, with its CSS easing; nil for none (also under Reduce Motion).
  public var animation: Animation?

  /// A spring together with what a browser needs to play it.
  public struct Animation: Equatable, Sendable {
    public var spring: Spring
    public var easing: LinearEasing

    public init(spring: Spring) {
      self.spring = spring
      easing = LinearEasing(spring: spring)
    }
  }

  /// The touch target of tag `index` (see ``CapsuleSizing/touchTarget(for:)``).
  public func touchTarget(_ index: Int) -> Rect { CapsuleSizing.touchTarget(for: frames[index]) }
}
