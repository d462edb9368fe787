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
    parent = Array(0..<count)
  }

  var count: Int { parent.count }

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
}
