extension Array {
  /// `count` copies of `value`: `Array(repeating:count:)` for the arrays a layout allocates on
  /// every call.
  ///
  ///     let roots = [Int](filledWith: 0, count: 4)  // [0, 0, 0, 0]
  ///
  /// Natively, `Array(repeating:count:)` allocates through a standard library function that
  /// cannot be specialised, which looks the storage's type up in the runtime's metadata table
  /// on every call: about 600 instructions an array, a tenth of the server's own work on a
  /// live frame (callgrind, docs/benchmarks/notes.md). Growing an empty array is specialised
  /// and skips that lookup. Embedded Swift (the Wasm module) specialises both, so it keeps
  /// the plain initialiser; transparent (always inlined before any other optimisation), so that
  /// the module compiles to the bytes it did before.
  ///
  /// - Complexity: O(count).
  @_transparent
  init(filledWith value: Element, count: Int) {
    #if hasFeature(Embedded)
      self.init(repeating: value, count: count)
    #else
      self.init()
      reserveCapacity(count)
      append(contentsOf: repeatElement(value, count: count))
    #endif
  }
}
