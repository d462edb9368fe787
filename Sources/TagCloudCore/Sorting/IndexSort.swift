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
  // Heap building and extraction share one sift-down loop, so that it exists once in the
  // module: first sift down every inner node (from the last), then repeatedly move the root
  // behind the heap and sift down the new root. Over the buffer: every index below is less
  // than `end`, which starts at the count and only decreases (checked by the asserts).
  order.withUnsafeMutableBufferPointer { order in
    var start = order.count / 2
    var end = order.count
    while end > 1 {
      if start > 0 {
        start &-= 1
      } else {
        end &-= 1
        order.swapAt(0, end)
      }
      var root = start
      while true {
        // No overflow: root < end <= count, far below Int.max / 2.
        var child = 2 &* root &+ 1
        if child >= end { break }
        if child &+ 1 < end && precedes(order[child], order[child &+ 1]) { child &+= 1 }
        assert(root < end && child < end)
        if !precedes(order[root], order[child]) { break }
        order.swapAt(root, child)
        root = child
      }
    }
  }
}
