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
/// - Complexity: every call is O(length of what it writes), amortised.
public struct JSONWriter {
  /// The JSON text written so far, UTF-8.
  public private(set) var bytes: [UInt8] = []
  /// One entry per open container: whether it is an object. Only the misuse checks read it,
  /// so only debug builds keep it: it changes inside `assert`s, which release builds drop.
  private var openContainers: [Bool] = []
  /// The current container already holds a value, so the next one needs a comma.
  private var needsComma = false
  /// A key was just written; its value comes next.
  private var afterKey = false

  public init() {}

  // MARK: Containers

  public mutating func beginObject() {
    beforeValue()
    bytes.append(UInt8(ascii: "{"))
    assert(pushContainer(isObject: true))
    needsComma = false
  }

  public mutating func endObject() {
    assert(popContainer(isObject: true), "endObject() without a matching beginObject()")
    assert(!afterKey, "endObject() right after a key: the key has no value")
    bytes.append(UInt8(ascii: "}"))
    needsComma = true
  }

  public mutating func beginArray() {
    beforeValue()
    bytes.append(UInt8(ascii: "["))
    assert(pushContainer(isObject: false))
    needsComma = false
  }

  public mutating func endArray() {
    assert(popContainer(isObject: false), "endArray() without a matching beginArray()")
    bytes.append(UInt8(ascii: "]"))
    needsComma = true
  }

  // MARK: Keys

  /// Writes `"key":` inside an object; the next call writes its value.
  public mutating func key(_ key: StaticString) {
    beforeKey()
    appendEscaped(UnsafeBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount))
    bytes.append(UInt8(ascii: ":"))
  }

  /// Writes `"key":` from UTF-8 bytes inside an object; the next call writes its value.
  public mutating func key(_ utf8: [UInt8]) {
    beforeKey()
    utf8.withUnsafeBufferPointer { appendEscaped($0) }
    bytes.append(UInt8(ascii: ":"))
  }

  // MARK: Values

  /// A string value from UTF-8 bytes, escaped like `JSON.stringify`.
  public mutating func string(_ utf8: [UInt8]) {
    beforeValue()
    utf8.withUnsafeBufferPointer { appendEscaped($0) }
    needsComma = true
  }

  /// A string value from a literal, escaped like `JSON.stringify`.
  public mutating func string(_ text: StaticString) {
    beforeValue()
    appendEscaped(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    needsComma = true
  }

  /// A finite number in shortest round-trip form, as `JSON.stringify` writes it (-0 as 0).
  public mutating func number(_ value: Double) {
    precondition(value.isFinite, "JSON has no NaN or infinity")
    beforeValue()
    DecimalFormatting.append(value, to: &bytes)
    needsComma = true
  }

  public mutating func number(_ value: Int) {
    beforeValue()
    if value < 0 { bytes.append(UInt8(ascii: "-")) }
    DecimalFormatting.appendInteger(UInt64(value.magnitude), to: &bytes)
    needsComma = true
  }

  public mutating func bool(_ value: Bool) {
    beforeValue()
    if value {
      bytes.appendLiteral("true")
    } else {
      bytes.appendLiteral("false")
    }
    needsComma = true
  }

  public mutating func null() {
    beforeValue()
    bytes.appendLiteral("null")
    needsComma = true
  }

  /// An already serialised JSON value (for example a cached fragment), written as is.
  public mutating func raw(_ utf8: [UInt8]) {
    beforeValue()
    bytes.append(contentsOf: utf8)
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

  // MARK: Punctuation and escaping

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

  private mutating func beforeKey() {
    assert(openContainers.last == true, "key outside an object")
    assert(!afterKey, "two keys in a row: the first has no value")
    if needsComma { bytes.append(UInt8(ascii: ",")) }
    afterKey = true
  }

  private mutating func beforeValue() {
    if afterKey {
      afterKey = false
      return
    }
    assert(openContainers.last != true, "a value inside an object needs a key first")
    assert(!openContainers.isEmpty || bytes.isEmpty, "a second value at the top level")
    if needsComma { bytes.append(UInt8(ascii: ",")) }
  }

  /// `"text"` with JSON.stringify's escapes: \" \\ \b \f \n \r \t, other controls as \u00xx.
  private mutating func appendEscaped(_ text: UnsafeBufferPointer<UInt8>) {
    bytes.append(UInt8(ascii: "\""))
    var runStart = 0
    for index in 0..<text.count {
      let byte = text[index]
      if byte >= 0x20 && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\") { continue }
      bytes.append(contentsOf: text[runStart..<index])
      runStart = index + 1
      bytes.append(UInt8(ascii: "\\"))
      // \b \t \n \f \r for 0x08...0x0D but 0x0B; \u00xx for the other controls.
      let letters: StaticString = "btn_fr"
      let hex: StaticString = "0123456789abcdef"
      if byte >= 0x20 {
        bytes.append(byte)  // " or \
      } else if byte &- 0x08 < 6 && byte != 0x0B {
        bytes.append(letters.utf8Start[Int(byte &- 0x08)])
      } else {
        bytes.appendLiteral("u00")
        bytes.append(hex.utf8Start[Int(byte >> 4)])
        bytes.append(hex.utf8Start[Int(byte & 0xF)])
      }
    }
    bytes.append(contentsOf: text[runStart..<text.count])
    bytes.append(UInt8(ascii: "\""))
  }
}
