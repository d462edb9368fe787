/// A laid-out cloud: where every capsule is, which melt together, which are selected, and how
/// to move there.
public struct LayoutResponse: Equatable, Sendable {
  /// The ids of the tags, in input order; the first `frames.count` are shown (all but those a
  /// row limit hides behind the "+K" capsule).
  public var ids: [[UInt8]]
  /// The shown tags' capsules, in input order.
  public var frames: [Rect]
  /// The flow's rows: the index of the first tag of each (the rows of the shown tags; the "+K"
  /// capsule's row is ``MoreCapsule/row``).
  public var rowStarts: [Int]
  /// The cloud's size: the widest row's end by the last row's bottom.
  public var size: Size
  /// The merge groups; under a row limit the "+K" capsule is a member too, as index
  /// `frames.count` (the item after the shown tags).
  public var groups: MergeGroups
  public var selection: SelectionSet
  /// The motion to use, with its CSS easing; nil for none (also under Reduce Motion).
  public var animation: Animation?
  /// Whether the request limited the rows (`maxRows > 0`): the response then says how many tags
  /// are hidden and where the "+K" capsule is.
  public var rowLimited = false
  /// The "+K" capsule, when a row limit hides tags.
  public var more: MoreCapsule? = nil

  /// The "+K" capsule that stands for the hidden tags: glass like a tag, after the shown ones.
  public struct MoreCapsule: Equatable, Sendable {
    /// K: how many tags it stands for (the last K of the request's tags).
    public var hidden: Int
    public var frame: Rect
    /// Its row, from 0: the last shown tag's, or the next. (Its merge group is the one of
    /// ``LayoutResponse/groups`` that holds index `frames.count`.)
    public var row: Int

    public init(hidden: Int, frame: Rect, row: Int) {
      self.hidden = hidden
      self.frame = frame
      self.row = row
    }
  }

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
