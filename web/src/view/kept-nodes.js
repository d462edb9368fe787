// Which nodes a change kept: what a view wrote on a kept node (a tag's button, a capsule's slot)
// carries over to its new index, so that only what changed is written again.
//
//   const kept = keptIndices(oldSlots, newSlots);   // Int32Array: kept[i] = old index of newSlots[i], or -1
// - Complexity: O(before + after).

/** For each node of `after`, its index in `before`, or -1 when it is new. */
export function keptIndices(before, after) {
  const at = new Map(before.map((node, j) => [node, j]));
  return Int32Array.from(after, (node) => at.get(node) ?? -1);
}
