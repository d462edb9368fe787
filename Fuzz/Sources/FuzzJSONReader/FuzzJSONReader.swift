import FuzzSupport
import TagCloudWire

/// libFuzzer entry point for `JSONReader.parse`: any bytes must either parse or be refused with
/// a `WireError` whose offset lies inside the input; never crash, trap or hang. What parses must
/// also survive a round trip through `JSONWriter`: the written bytes parse again, and writing
/// that tree gives the same bytes (the writer is deterministic and its output is valid JSON).
///
///     .build/debug/FuzzJSONReader corpus/json-reader -max_total_time=60
@_cdecl("FuzzJSONReader_main")
public func entry(_ argc: CInt, _ argv: Arguments) -> CInt {
  runFuzzer(argc, argv, fuzzJSONReader)
}

/// One execution.
public func fuzzJSONReader(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = size == 0 ? [] : Array(UnsafeBufferPointer(start: data, count: size))
  let element: JSONElement
  do {
    element = try JSONReader.parse(bytes)
  } catch {
    check(
      error.offset >= 0 && error.offset <= bytes.count,
      "error offset \(error.offset) outside the input of \(bytes.count) bytes: \(error)")
    check(!error.message.isEmpty, "an empty error message")
    return 0
  }
  var writer = JSONWriter()
  writer.value(element)
  let written = writer.bytes
  let reparsed: JSONElement
  do {
    reparsed = try JSONReader.parse(written)
  } catch {
    fail("the writer's output does not parse: \(error)")
  }
  var rewriter = JSONWriter()
  rewriter.value(reparsed)
  check(rewriter.bytes == written, "writing is not idempotent")
  check(sameValue(element.value, reparsed.value), "the round trip changed the value")
  return 0
}

/// Structural equality, ignoring offsets (the written form has different whitespace).
private func sameValue(_ a: JSONValue, _ b: JSONValue) -> Bool {
  switch (a, b) {
  case (.null, .null): return true
  case (.bool(let x), .bool(let y)): return x == y
  case (.number(let x), .number(let y)): return x == y
  case (.string(let x), .string(let y)): return x == y
  case (.array(let x), .array(let y)):
    return x.count == y.count && zip(x, y).allSatisfy { sameValue($0.value, $1.value) }
  case (.object(let x), .object(let y)):
    return x.count == y.count
      && zip(x, y).allSatisfy { $0.key == $1.key && sameValue($0.value.value, $1.value.value) }
  default: return false
  }
}
