/// Everything the core needs to lay out one cloud: the request of `docs/PROTOCOL.md`.
///
///     var request = LayoutRequest(width: 390, spacing: 18, tags: tags)
///     request.selection.insert(0)
///     let response = LayoutEngine.layout(request)
public struct LayoutRequest: Equatable, Sendable {
  /// The container width; `.infinity` when unbounded (`null` on the wire).
  public var width: Double
  /// The gap between capsules and between rows.
  public var spacing: Double
  /// The gap below which neighbouring capsules melt.
  public var mergeDistance: Double
  /// Text size and line height, for tags given by label metrics.
  public var capsuleMetrics: CapsuleMetrics
  public var tags: [TagSpec]
  /// The selected tags, by index into `tags`; its capacity is `tags.count`.
  public var selection: SelectionSet
  /// The spring to move capsules with, or nil for no animation.
  public var animation: Spring?
  /// The user asked for reduced motion: no animation, whatever `animation` says.
  public var reduceMotion: Bool
  /// Which edge rows start from.
  public var direction: LayoutDirection
  /// At most this many rows, the tags beyond folded into a "+K" capsule (``RowLimit``); 0 for
  /// no limit.
  public var maxRows: Int
  /// The "+K" capsule's size for each digit count of K, packed: `w, h` for one digit, then two,
  /// …; at least ``RowLimit/sizesNeeded(forCount:)`` pairs when `maxRows > 0`.
  public var moreSizes: [Double]

  public init(
    width: Double, spacing: Double, mergeDistance: Double = DemoTags.mergeDistance,
    capsuleMetrics: CapsuleMetrics = CapsuleMetrics(), tags: [TagSpec],
    selection: SelectionSet? = nil, animation: Spring? = nil, reduceMotion: Bool = false,
    direction: LayoutDirection = .leftToRight, maxRows: Int = 0, moreSizes: [Double] = []
  ) {
    self.width = width
    self.spacing = spacing
    self.mergeDistance = mergeDistance
    self.capsuleMetrics = capsuleMetrics
    self.tags = tags
    self.selection = selection ?? SelectionSet(capacity: tags.count)
    self.animation = animation
    self.reduceMotion = reduceMotion
    self.direction = direction
    self.maxRows = maxRows
    self.moreSizes = moreSizes
  }
}
