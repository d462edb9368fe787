/// Disjoint sets over `0..<count` whose root is always the smallest member.
///
///     var sets = UnionFind(count: 3)
///     sets.union(2, 1)
///     sets.find(2)  // 1
///
/// - Complexity: near O(1) amortised per operation (path halving; union by smallest index keeps
///   trees shallow for the chains a flow layout produces).
struct UnionFind {
  private var parent: [Int]

  init(count: Int) {
    // A loop rather than `Array(0..<count)`, which would add a generic collection copy to the
    // Wasm module.
    parent = [Int](repeating: 0, count: count)
    for index in 0..<count { parent[index] = index }
  }

  mutating func find(_ element: Int) -> Int {
    var node = element
    while parent[node] != node {
      parent[node] = parent[parent[node]]
      node = parent[node]
    }
    return node
  }

  mutating func union(_ first: Int, _ second: Int) {
    let a = find(first)
    let b = find(second)
    if a < b { parent[b] = a } else if b < a { parent[a] = b }
  }

  /// The root of every element, in one pass (the sets are used up).
  ///
  /// A parent is never larger than its child (union hangs the larger root under the smaller;
  /// path halving only moves a node to its grandparent), so in ascending order each element's
  /// parent already points at its root when the element is reached.
  ///
  /// - Complexity: O(n).
  consuming func roots() -> [Int] {
    for index in parent.indices { parent[index] = parent[parent[index]] }
    return parent
  }
}
