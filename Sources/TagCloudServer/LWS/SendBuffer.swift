import CLibWebSockets
import TagCloudLive

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

  /// Sends `frame`'s parts as one WebSocket message (text unless told), copied straight into
  /// the buffer; returns what lws_write returns (fewer bytes than the frame's: the connection
  /// failed).
  mutating func write(
    _ frame: OutgoingFrame, to wsi: OpaquePointer, as kind: lws_write_protocol = LWS_WRITE_TEXT
  ) -> Int32 {
    let count = frame.count
    if count > capacity {
      storage.deallocate()
      capacity = count
      storage = UnsafeMutableRawPointer.allocate(byteCount: headroom + capacity, alignment: 16)
    }
    let payload = storage + headroom
    frame.copy(to: payload)
    return lws_write(wsi, payload.assumingMemoryBound(to: UInt8.self), count, kind)
  }

  /// Frees the memory; the buffer must not be used after.
  func free() { storage.deallocate() }
}
