/// libFuzzer's driver, called from each harness's entry point.
///
/// SwiftPM links an executable with `main` defined as `<Module>_main` (so that tests can link
/// executables), which hides libFuzzer's own `main`; each harness therefore exports
/// `<Module>_main` and hands over to `LLVMFuzzerRunDriver`, libFuzzer's documented way to run
/// from a program that has its own main.
///
///     @_cdecl("FuzzJSONReader_main")
///     public func entry(_ argc: CInt, _ argv: Arguments) -> CInt {
///       runFuzzer(argc, argv, fuzzJSONReader)
///     }
public typealias Arguments = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>

/// One execution: the input bytes and their count; returns 0.
public typealias FuzzTarget = @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt

@_silgen_name("LLVMFuzzerRunDriver")
private func llvmFuzzerRunDriver(
  _ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<Arguments>,
  _ target: FuzzTarget
) -> CInt

/// Runs libFuzzer with the program's arguments (corpus folders, `-max_total_time=N`, ...).
public func runFuzzer(_ argc: CInt, _ argv: Arguments, _ target: FuzzTarget) -> CInt {
  var count = argc
  var arguments = argv
  return llvmFuzzerRunDriver(&count, &arguments, target)
}

#if canImport(Glibc)
  import Glibc
#endif

/// Like `precondition`, but the message survives `-O` (release builds drop precondition
/// messages): it goes to stderr before the abort that libFuzzer records as a crash.
public func check(
  _ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String
) {
  if condition() { return }
  fail(message())
}

/// Reports a broken invariant and aborts.
public func fail(_ message: String) -> Never {
  let line = Array("fuzz invariant broken: \(message)\n".utf8)
  _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
  abort()
}
