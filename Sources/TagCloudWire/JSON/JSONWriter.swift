import TagCloudCore

/// Compact, deterministic JSON output: no spaces, numbers in shortest round-trip form and
/// strings escaped exactly as JavaScript's `JSON.stringify` writes them, so the same values give
/// the same bytes natively, in Wasm and in the browser.
///
///     var writer = JSONWriter()
///     writer.beginObject()
///     writer.key("size")
///     writer.beginArray()
///     writer.number(96.5)
///     writer.number(40)
///     writer.endArray()
///     writer.key("id")
///     writer.string("Swift\nUI")
///     writer.endObject()
///     // writer.bytes: {"size":[96.5,40],"id":"Swift\nUI"}
///
/// Commas and colons are the writer's business. Misuse (a key outside an object, a value
/// without its key, an unbalanced end) is caught by `assert` in debug builds.
///
/// Every call makes room once for the most it can write, then stores its bytes through a
/// pointer into memory the writer owns: no per-byte `Array.append`, which checks uniqueness and
/// capacity each time (a layout frame of ten tags took a fifth of the server's CPU per frame
/// that way, docs/benchmarks/notes.md). Owning its memory, the writer cannot be copied
/// (`~Copyable`): pass it `inout`, read ``bytes`` for the text.
///
/// - Complexity: every call is O(length of what it writes), amortised.
public struct JSONWriter: ~Copyable {
  /// The JSON text written so far, UTF-8.
  public var bytes: [UInt8] { Array(UnsafeBufferPointer(start: base, count: count)) }
  /// The text in the first `count` bytes, room after them up to `capacity`.
  private var base: UnsafeMutablePointer<UInt8>
  private var count = 0
  private var capacity: Int
  /// One entry per open container: whether it is an object. Only the misuse checks read it,
  /// so only debug builds keep it: it changes inside `assert`s, which release builds drop.
  private var openContainers: [Bool] = []
  /// The current container already holds a value, so the next one needs a comma.
  private var needsComma = false
  /// A key was just written; its value comes next.
  private var afterKey = false

  /// A writer with room for `capacity` bytes to start with (it grows as needed).
  public init(capacity: Int = 256) {
    self.capacity = Swift.max(capacity, 16)
    base = UnsafeMutablePointer.allocate(capacity: self.capacity)
  }

  deinit { base.deallocate() }

  // MARK: Containers

  public mutating func beginObject() { open(UInt8(ascii: "{"), isObject: true) }

  public mutating func endObject() {
    assert(popContainer(isObject: true), "endObject() without a matching beginObject()")
    assert(!afterKey, "endObject() right after a key: the key has no value")
    close(UInt8(ascii: "}"))
  }

  public mutating func beginArray() { open(UInt8(ascii: "["), isObject: false) }

  public mutating func endArray() {
    assert(popContainer(isObject: false), "endArray() without a matching beginArray()")
    close(UInt8(ascii: "]"))
  }

  private mutating func open(_ bracket: UInt8, isObject: Bool) {
    var out = room(2, comma: beforeValue())
    out.put(bracket)
    commit(out)
    assert(pushContainer(isObject: isObject))
    needsComma = false
  }

  private mutating func close(_ bracket: UInt8) {
    var out = room(1, comma: false)
    out.put(bracket)
    commit(out)
    needsComma = true
  }

  // MARK: Keys

  /// Writes `"key":` inside an object; the next call writes its value. A literal is written
  /// as it is, without the escape scan (most of a frame's keys are one letter: the scan cost
  /// more than the copy): the code's keys are plain names, which `JSON.stringify` writes
  /// unescaped too.
  public mutating func key(_ key: StaticString) {
    let text = UnsafeBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount)
    assert(!text.contains { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") })
    var out = room(3 + text.count, comma: beforeKey())
    out.put(UInt8(ascii: "\""))
    for byte in text { out.put(byte) }
    out.put(UInt8(ascii: "\""))
    out.put(UInt8(ascii: ":"))
    commit(out)
  }

  /// Writes `"key":` from UTF-8 bytes inside an object; the next call writes its value.
  public mutating func key(_ utf8: [UInt8]) {
    utf8.withUnsafeBufferPointer { writeKey($0) }
  }

  private mutating func writeKey(_ text: UnsafeBufferPointer<UInt8>) {
    var out = room(2 + Self.escapedMaximum(text.count), comma: beforeKey())
    out.escaped(text)
    out.put(UInt8(ascii: ":"))
    commit(out)
  }

  // MARK: Values

  /// A string value from UTF-8 bytes, escaped like `JSON.stringify`.
  public mutating func string(_ utf8: [UInt8]) {
    utf8.withUnsafeBufferPointer { writeString($0) }
  }

  /// A string value from a literal, escaped like `JSON.stringify`.
  public mutating func string(_ text: StaticString) {
    writeString(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
  }

  private mutating func writeString(_ text: UnsafeBufferPointer<UInt8>) {
    var out = room(1 + Self.escapedMaximum(text.count), comma: beforeValue())
    out.escaped(text)
    commit(out)
    needsComma = true
  }

  /// A finite number in shortest round-trip form, as `JSON.stringify` writes it (-0 as 0).
  public mutating func number(_ value: Double) {
    precondition(value.isFinite, "JSON has no NaN or infinity")
    var out = room(1 + DecimalFormatting.maximumLength, comma: beforeValue())
    out.at += DecimalFormatting.write(value, to: out.at)
    commit(out)
    needsComma = true
  }

  public mutating func number(_ value: Int) {
    var out = room(2 + DecimalFormatting.maximumIntegerLength, comma: beforeValue())
    if value < 0 { out.put(UInt8(ascii: "-")) }
    out.at += DecimalFormatting.writeInteger(UInt64(value.magnitude), to: out.at)
    commit(out)
    needsComma = true
  }

  public mutating func bool(_ value: Bool) {
    literal(value ? "true" : "false")
  }

  public mutating func null() {
    literal("null")
  }

  /// An already serialised JSON value (for example a cached fragment), written as is.
  public mutating func raw(_ utf8: [UInt8]) {
    utf8.withUnsafeBufferPointer { text in
      var out = room(1 + text.count, comma: beforeValue())
      out.put(text)
      commit(out)
    }
    needsComma = true
  }

  /// A whole parsed tree, members in their order. Recursion depth is the tree's depth, which
  /// `JSONReader` bounds by `JSONLimits.maxDepth`.
  public mutating func value(_ element: JSONElement) {
    switch element.value {
    case .null: null()
    case .bool(let flag): bool(flag)
    case .number(let number): self.number(number)
    case .string(let text): string(text)
    case .array(let elements):
      beginArray()
      for child in elements { value(child) }
      endArray()
    case .object(let members):
      beginObject()
      for member in members {
        key(member.key)
        value(member.value)
      }
      endObject()
    }
  }

  // MARK: Punctuation and room

  private mutating func literal(_ text: StaticString) {
    var out = room(1 + text.utf8CodeUnitCount, comma: beforeValue())
    out.put(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    commit(out)
    needsComma = true
  }

  /// Room for `maximum` more bytes (and a comma first, if `comma`) at the end of the text: a
  /// cursor there, the comma written. ``commit(_:)`` takes what was written after it.
  private mutating func room(_ maximum: Int, comma: Bool) -> Cursor {
    if capacity - count < maximum + 1 { grow(toFit: maximum + 1) }
    var out = Cursor(at: base + count)
    if comma { out.put(UInt8(ascii: ",")) }
    return out
  }

  /// Moves the text to memory with room for `extra` more bytes (at least twice the room).
  /// Out of line: rare, and every writing call would carry a copy of it.
  @inline(never)
  private mutating func grow(toFit extra: Int) {
    let grown = Swift.max(2 * capacity, count + extra)
    let moved = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
    moved.update(from: base, count: count)
    base.deallocate()
    base = moved
    capacity = grown
  }

  private mutating func commit(_ out: Cursor) {
    count = out.at - base
    assert(count <= capacity, "wrote past the room made for it")
  }

  /// The most `"text"` can take, escaped: six bytes (\u00xx) per byte, and the quotes.
  /// Checked arithmetic: on wasm32 a wrapped size would make too little room; a trap is safe.
  private static func escapedMaximum(_ count: Int) -> Int { 6 * count + 2 }

  /// Debug builds: opens an object or an array; true, for `assert`.
  private mutating func pushContainer(isObject: Bool) -> Bool {
    openContainers.append(isObject)
    return true
  }

  /// Debug builds: closes the innermost container if it is an object (or an array, as asked);
  /// false if it is not.
  private mutating func popContainer(isObject: Bool) -> Bool {
    if openContainers.last != isObject { return false }
    openContainers.removeLast()
    return true
  }

  /// Before a key: whether a comma goes first.
  private mutating func beforeKey() -> Bool {
    assert(openContainers.last == true, "key outside an object")
    assert(!afterKey, "two keys in a row: the first has no value")
    afterKey = true
    return needsComma
  }

  /// Before a value: whether a comma goes first.
  private mutating func beforeValue() -> Bool {
    if afterKey {
      afterKey = false
      return false
    }
    assert(openContainers.last != true, "a value inside an object needs a key first")
    assert(!openContainers.isEmpty || count == 0, "a second value at the top level")
    return needsComma
  }
}

/// Where the writer's next byte goes, inside the room it made.
private struct Cursor {
  var at: UnsafeMutablePointer<UInt8>

  mutating func put(_ byte: UInt8) {
    at.pointee = byte
    at += 1
  }

  mutating func put(_ text: UnsafeBufferPointer<UInt8>) {
    guard let source = text.baseAddress else { return }
    at.update(from: source, count: text.count)
    at += text.count
  }

  /// `"text"` with JSON.stringify's escapes: \" \\ \b \f \n \r \t, other controls as \u00xx.
  /// Byte by byte: the strings are short (keys, ids), and a copy call per run cost more.
  mutating func escaped(_ text: UnsafeBufferPointer<UInt8>) {
    put(UInt8(ascii: "\""))
    for byte in text {
      if byte >= 0x20 && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\") {
        put(byte)
        continue
      }
      put(UInt8(ascii: "\\"))
      // \b \t \n \f \r for 0x08...0x0D but 0x0B; \u00xx for the other controls.
      let letters: StaticString = "btn_fr"
      let hex: StaticString = "0123456789abcdef"
      if byte >= 0x20 {
        put(byte)  // " or \
      } else if byte &- 0x08 < 6 && byte != 0x0B {
        put(letters.utf8Start[Int(byte &- 0x08)])
      } else {
        put(UInt8(ascii: "u"))
        put(UInt8(ascii: "0"))
        put(UInt8(ascii: "0"))
        put(hex.utf8Start[Int(byte >> 4)])
        put(hex.utf8Start[Int(byte & 0xF)])
      }
    }
    put(UInt8(ascii: "\""))
  }
}
