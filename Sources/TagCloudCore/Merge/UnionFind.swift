/// Disjoint sets over `0..<count` whose root is always the smallest member, kept in a buffer of
/// parents that the caller owns (the merge sweep's, read without bounds checks).
///
///     var parents = [Int](repeating: 0, count: 3)
///     parents.withUnsafeMutableBufferPointer { sets in
///       let sets = UnionFind(sets)
///       sets.union(2, 1)
///       sets.find(2)  // 1
///     }
///
/// Every parent is an element of the sets, so every index read is in the buffer: the elements
/// passed in are checked to be, and parents only ever take the value of another element.
///
/// - Complexity: near O(1) amortised per operation (path halving; union by smallest index keeps
///   trees shallow for the chains a flow layout produces).
struct UnionFind {
  private let parent: UnsafeMutableBufferPointer<Int>

  /// Makes each element of `parent`'s range its own set.
  init(_ parent: UnsafeMutableBufferPointer<Int>) {
    self.parent = parent
    for index in parent.indices { parent[index] = index }
  }

  func find(_ element: Int) -> Int {
    var node = element
    while parent[node] != node {
      parent[node] = parent[parent[node]]
      node = parent[node]
    }
    return node
  }

  func union(_ first: Int, _ second: Int) {
    precondition(first >= 0 && first < parent.count && second >= 0 && second < parent.count)
    let a = find(first)
    let b = find(second)
    if a < b { parent[b] = a } else if b < a { parent[a] = b }
  }

  /// Sets every element's parent to its root, in one pass: then the buffer holds the roots.
  ///
  /// A parent is never larger than its child (union hangs the larger root under the smaller;
  /// path halving only moves a node to its grandparent), so in ascending order each element's
  /// parent already points at its root when the element is reached.
  ///
  /// - Complexity: O(n).
  func resolveRoots() {
    for index in parent.indices { parent[index] = parent[parent[index]] }
  }
}
