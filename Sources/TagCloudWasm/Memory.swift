// The module's allocator exports: JavaScript asks for a buffer, writes into linear memory, and
// hands the buffer back when done. Every block comes from (and returns to) the size-class
// allocator of Sources/CWasmRuntime.

/// Returns `byteCount` bytes of linear memory aligned to 16, or 0 when memory cannot grow.
///
///     const pointer = exports.tc_alloc(64);  // …write, call, read…
///     exports.tc_free(pointer);
@_cdecl("tc_alloc")
public func wasmAllocate(_ byteCount: Int32) -> UnsafeMutableRawPointer? {
  guard byteCount >= 0 else { return nil }
  return UnsafeMutableRawPointer.allocate(byteCount: Int(byteCount), alignment: 16)
}

/// Returns a block from `tc_alloc`, or one handed out by a layout call, to the allocator.
@_cdecl("tc_free")
public func wasmFree(_ pointer: UnsafeMutableRawPointer?) {
  pointer?.deallocate()
}
