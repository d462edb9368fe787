import CLibWebSockets

#if canImport(Glibc)
  import Glibc
#endif

/// One reusable buffer for the `/live` frames: lws_write needs LWS_PRE writable bytes in front
/// of the payload, and a fresh array for each frame (the frame copied in behind zeroed
/// headroom) cost an allocation, a fill and a free per layout. Frames are written one at a time
/// on the service thread, so one buffer serves them all; it grows to the largest frame sent.
///
///     var buffer = SendBuffer(headroom: Int(tc_lws_pre()))
///     let written = buffer.write(frame, to: wsi)   // lws_write's result
///     buffer.free()                                 // when the server goes away
struct SendBuffer {
  private let headroom: Int
  private var storage: UnsafeMutableRawPointer
  private var capacity: Int

  init(headroom: Int, capacity: Int = 16 * 1024) {
    self.headroom = headroom
    self.capacity = capacity
    storage = UnsafeMutableRawPointer.allocate(byteCount: headroom + capacity, alignment: 16)
  }

  /// Sends `frame` as one WebSocket message (text unless told); returns what lws_write
  /// returns (fewer bytes than the frame's: the connection failed).
  mutating func write(
    _ frame: [UInt8], to wsi: OpaquePointer, as kind: lws_write_protocol = LWS_WRITE_TEXT
  ) -> Int32 {
    if frame.count > capacity {
      storage.deallocate()
      capacity = frame.count
      storage = UnsafeMutableRawPointer.allocate(byteCount: headroom + capacity, alignment: 16)
    }
    let payload = storage + headroom
    frame.withUnsafeBytes { bytes in
      // An empty array may have no storage at all (a nil base address): nothing to copy.
      if let source = bytes.baseAddress { payload.copyMemory(from: source, byteCount: bytes.count) }
    }
    return lws_write(wsi, payload.assumingMemoryBound(to: UInt8.self), frame.count, kind)
  }

  /// Frees the memory; the buffer must not be used after.
  func free() { storage.deallocate() }
}
