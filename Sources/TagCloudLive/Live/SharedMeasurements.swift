import TagCloudCore

/// One array for each distinct measurement of the served tags that the hub's sessions hold:
/// pages of one site on one kind of device measure the tags alike, so their sessions share one
/// array instead of holding a copy each. Two sessions holding the same array compare equal at
/// once (`Array`'s `==` meets one buffer), which is what the layout cache's key comparison does
/// for every frame (``LayoutCache``); and a thousand sessions of a thousand-tag cloud hold one
/// array of a thousand tags, not a thousand.
///
/// Bounded by its count of arrays: when a new one would pass the limit, every array is let go
/// (the sessions keep theirs; later measurements are shared again from then on).
struct SharedMeasurements {
  /// Distinct measurements kept at most.
  let limit: Int
  private var arrays: Set<Key> = []

  init(limit: Int) {
    self.limit = limit
  }

  var count: Int { arrays.count }

  /// The array equal to `tags` that another session holds, or `tags`, kept for the next ones.
  ///
  /// - Complexity: O(n) in the tags' ids and sizes.
  mutating func shared(_ tags: [TagSpec]) -> [TagSpec] {
    guard limit > 0 else { return tags }
    let key = Key(tags: tags)
    if let kept = arrays.firstIndex(of: key) { return arrays[kept].tags }
    if arrays.count >= limit { arrays.removeAll() }
    arrays.insert(key)
    return tags
  }

  /// Measured tags as a set member: equal when the arrays are, hashed from every id and size.
  struct Key: Hashable {
    var tags: [TagSpec]

    static func == (lhs: Key, rhs: Key) -> Bool { lhs.tags == rhs.tags }

    func hash(into hasher: inout Hasher) {
      hasher.combine(tags.count)
      for tag in tags {
        hasher.combine(tag.id)
        switch tag.content {
        case .size(let size):
          hasher.combine(0)
          hasher.combine(size.width)
          hasher.combine(size.height)
        case .label(let label):
          hasher.combine(1)
          hasher.combine(label.width)
          hasher.combine(label.spaceWidth)
          hasher.combine(label.words)
        }
      }
    }
  }
}
