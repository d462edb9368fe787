import CLibWebSockets
import TagCloudLive

#if canImport(Glibc)
  import Glibc
#endif

/// C memory that must outlive the lws context (strings, protocol and mount tables), freed
/// together when the server goes away.
struct CArena {
  private var blocks: [UnsafeMutableRawPointer] = []

  /// A zero-filled array of `count` values.
  mutating func allocate<T>(_ type: T.Type, count: Int) -> UnsafeMutablePointer<T> {
    let raw = calloc(count, MemoryLayout<T>.stride)!
    blocks.append(raw)
    return raw.bindMemory(to: T.self, capacity: count)
  }

  mutating func string(_ text: String) -> UnsafeMutablePointer<CChar> {
    let copy = strdup(text)!
    blocks.append(UnsafeMutableRawPointer(copy))
    return copy
  }

  /// A linked list of lws name/value options, nil when empty.
  mutating func options(_ pairs: [(String, String)]) -> UnsafeMutablePointer<
    lws_protocol_vhost_options
  >? {
    guard !pairs.isEmpty else { return nil }
    let list = allocate(lws_protocol_vhost_options.self, count: pairs.count)
    for (index, pair) in pairs.enumerated() {
      list[index].name = UnsafePointer(string(pair.0))
      list[index].value = UnsafePointer(string(pair.1))
      if index + 1 < pairs.count { list[index].next = UnsafePointer(list + index + 1) }
    }
    return list
  }

  mutating func freeAll() {
    for block in blocks { free(block) }
    blocks = []
  }
}
