import TagCloudCore

/// The JSON path: a request of docs/PROTOCOL.md in, the core's own response bytes out, or the
/// core's error message (`WireError.description`).
///
/// Returns a result block that the caller frees with `tc_free`: a little-endian `u32` byte
/// count, a `u32` status (0: the response JSON; 1: the error message, UTF-8), then the bytes.
/// Returns 0 only when memory is exhausted.
///
///     const block = exports.tc_layout(request, requestLength);
///     const [length, status] = new Uint32Array(exports.memory.buffer, block, 2);
///
/// - Complexity: that of `LayoutService.respond(to:)`, plus one copy of each side.
@_cdecl("tc_layout")
public func wasmLayout(_ request: UnsafePointer<UInt8>?, _ length: Int32)
  -> UnsafeMutableRawPointer?
{
  let bytes = [UInt8](UnsafeBufferPointer(start: request, count: request == nil ? 0 : Int(length)))
  switch LayoutService.respond(to: bytes) {
  case .success(let response):
    return resultBlock(status: 0, response)
  case .failure(let error):
    return resultBlock(status: 1, descriptionBytes(of: error))
  }
}

/// `error.description` as UTF-8, written as bytes: building the `String` itself would link
/// Swift's general string machinery, about 24 KB (docs/JSON.md, "Wasm size").
private func descriptionBytes(of error: WireError) -> [UInt8] {
  // Embedded Swift strings are always native UTF-8, so the contiguous view always exists; the
  // general fallback (`Array(message.utf8)`) would link foreign-string code, about 8 KB.
  let refused: StaticString = "request refused"
  var bytes =
    error.message.utf8.withContiguousStorageIfAvailable { Array($0) }
    ?? Array(UnsafeBufferPointer(start: refused.utf8Start, count: refused.utf8CodeUnitCount))
  let separator: StaticString = " at byte "
  bytes.append(
    contentsOf: UnsafeBufferPointer(
      start: separator.utf8Start, count: separator.utf8CodeUnitCount))
  var digits: [UInt8] = []
  var value = error.offset.magnitude
  repeat {
    digits.append(UInt8(truncatingIfNeeded: value % 10) + 0x30)
    value /= 10
  } while value > 0
  if error.offset < 0 { bytes.append(0x2D) }
  bytes.append(contentsOf: digits.reversed())
  return bytes
}

/// Copies `payload` into a fresh block `[u32 count][u32 status][payload]`.
private func resultBlock(status: UInt32, _ payload: [UInt8]) -> UnsafeMutableRawPointer? {
  guard let block = wasmAllocate(Int32(8 + payload.count)) else { return nil }
  block.storeBytes(of: UInt32(payload.count).littleEndian, as: UInt32.self)
  block.storeBytes(of: status.littleEndian, toByteOffset: 4, as: UInt32.self)
  payload.withUnsafeBytes { (block + 8).copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
  return block
}
