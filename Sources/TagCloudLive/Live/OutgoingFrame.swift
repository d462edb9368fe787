/// A frame the hub hands the adapter: bytes, or for a layout its `seq` between the bytes that
/// every layout frame starts with and the bytes the layout cache keeps (``LayoutCache``). The
/// adapter copies the parts into its send buffer: a frame of its own, allocated and copied
/// once more, cost about 1,600 instructions a layout (callgrind).
///
///     let frame = OutgoingFrame(head: ServerMessage.layoutStart, sequence: 12, tail: rest)
///     frame.bytes  // {"type":"layout","seq":12 and then rest
public struct OutgoingFrame {
  /// The bytes before the sequence's digits (the whole frame when there is no sequence).
  let head: [UInt8]
  /// Written in decimal after `head`; nil for a frame without one.
  let sequence: Int?
  /// The bytes after the digits.
  let tail: [UInt8]

  /// - Precondition: `sequence` is nil or not negative.
  public init(head: [UInt8], sequence: Int? = nil, tail: [UInt8] = []) {
    precondition((sequence ?? 0) >= 0, "a frame's sequence is not negative")
    self.head = head
    self.sequence = sequence
    self.tail = tail
  }

  /// The frame's length in bytes.
  ///
  /// - Complexity: O(1).
  public var count: Int {
    head.count + (sequence.map(Self.digitCount) ?? 0) + tail.count
  }

  /// The frame as one array (for tests and logs; the adapter uses ``copy(to:)``).
  ///
  /// - Complexity: O(n) in the frame's bytes.
  public var bytes: [UInt8] {
    [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
      // An empty frame may get no storage at all (a nil base address): nothing to copy.
      if let base = buffer.baseAddress { copy(to: UnsafeMutableRawPointer(base)) }
      initialized = buffer.baseAddress == nil ? 0 : count
    }
  }

  /// Writes the frame's ``count`` bytes at `destination`.
  ///
  /// - Complexity: O(n) in the frame's bytes.
  public func copy(to destination: UnsafeMutableRawPointer) {
    var at = destination
    head.withUnsafeBytes { bytes in
      // An empty array may have no storage at all (a nil base address): nothing to copy.
      if let source = bytes.baseAddress { at.copyMemory(from: source, byteCount: bytes.count) }
    }
    at += head.count
    if let sequence {
      var remaining = sequence
      let count = Self.digitCount(sequence)
      for place in stride(from: count - 1, through: 0, by: -1) {
        at.storeBytes(
          of: UInt8(ascii: "0") + UInt8(remaining % 10), toByteOffset: place, as: UInt8.self)
        remaining /= 10
      }
      at += count
    }
    tail.withUnsafeBytes { bytes in
      if let source = bytes.baseAddress { at.copyMemory(from: source, byteCount: bytes.count) }
    }
  }

  /// The decimal digits of a number that is not negative.
  private static func digitCount(_ value: Int) -> Int {
    var count = 1
    var remaining = value
    while remaining >= 10 {
      remaining /= 10
      count += 1
    }
    return count
  }
}
