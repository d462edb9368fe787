/// Sorts indices with a heapsort: O(n log n) worst case, in place, and one small function in
/// the Wasm build where the standard library's generic sort costs about 3 KB per instance.
/// Not stable: callers that need equal items in input order break ties by index in `precedes`.
///
///     var order = [2, 0, 1]
///     sortIndices(&order) { names[$0] < names[$1] }
///
/// - Complexity: O(n log n) comparisons, no allocation.
@inline(never)
func sortIndices(_ order: inout [Int], by precedes: (Int, Int) -> Bool) {
  func siftDown(_ order: inout [Int], _ start: Int, _ end: Int) {
    var root = start
    while true {
      var child = 2 * root + 1
      if child >= end { return }
      if child + 1 < end && precedes(order[child], order[child + 1]) { child += 1 }
      if !precedes(order[root], order[child]) { return }
      order.swapAt(root, child)
      root = child
    }
  }
  var start = order.count / 2
  while start > 0 {
    start -= 1
    siftDown(&order, start, order.count)
  }
  var end = order.count
  while end > 1 {
    end -= 1
    order.swapAt(0, end)
    siftDown(&order, 0, end)
  }
}
