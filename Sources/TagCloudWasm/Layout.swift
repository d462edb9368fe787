import TagCloudCore
import TagCloudWire

/// The JSON path: a request of docs/PROTOCOL.md in, the core's own response bytes out, or the
/// core's error message (`WireError.descriptionBytes`).
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
    return resultBlock(status: 1, error.descriptionBytes)
  }
}

/// Copies `payload` into a fresh block `[u32 count][u32 status][payload]`.
private func resultBlock(status: UInt32, _ payload: [UInt8]) -> UnsafeMutableRawPointer? {
  guard let block = wasmAllocate(Int32(8 + payload.count)) else { return nil }
  block.storeBytes(of: UInt32(payload.count).littleEndian, as: UInt32.self)
  block.storeBytes(of: status.littleEndian, toByteOffset: 4, as: UInt32.self)
  payload.withUnsafeBytes { (block + 8).copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
  return block
}
