import FuzzSupport
import TagCloudCore
import TagCloudWire

/// libFuzzer entry point for the whole layout JSON path, `LayoutService.respond(to:)` (what
/// `tagcloud layout` and the Wasm export run): any bytes give either a response that is valid
/// JSON with the documented members, or a `WireError` whose offset lies inside the input.
///
///     .build/debug/FuzzLayoutService corpus/layout-service -max_total_time=60
@_cdecl("FuzzLayoutService_main")
public func entry(_ argc: CInt, _ argv: Arguments) -> CInt {
  runFuzzer(argc, argv, fuzzLayoutService)
}

/// One execution.
public func fuzzLayoutService(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = size == 0 ? [] : Array(UnsafeBufferPointer(start: data, count: size))
  switch LayoutService.respond(to: bytes) {
  case .failure(let error):
    check(
      error.offset >= 0 && error.offset <= bytes.count,
      "error offset \(error.offset) outside the input of \(bytes.count) bytes: \(error)")
  case .success(let response):
    let element: JSONElement
    do {
      element = try JSONReader.parse(response)
    } catch {
      fail("the response is not valid JSON: \(error)")
    }
    guard case .object(let members) = element.value else {
      fail("the response is not an object")
    }
    for key in ["size", "items", "groups", "rows", "animation"] {
      check(members.contains { $0.key == Array(key.utf8) }, "the response lacks \(key)")
    }
  }
  return 0
}
