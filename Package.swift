// swift-tools-version:6.0
import PackageDescription

// TagCloudCore (the seed's rules and the typed engine) and TagCloudWire (the JSON codec: strict
// reading and writing, exact decimals, the request decoder, the response encoder, the wording of
// every refusal) are pure Swift: no Foundation, no dependency, no I/O. The same sources build
// natively (this manifest) and as Embedded Swift for wasm32-unknown-none-wasm (`make wasm`).
let package = Package(
  name: "GlassTagCloud",
  products: [
    .library(name: "TagCloudCore", targets: ["TagCloudCore"]),
    .library(name: "TagCloudWire", targets: ["TagCloudWire"]),
    .executable(name: "tagcloud", targets: ["tagcloud"]),
    // For the libFuzzer harnesses in Fuzz/ (a separate package, so the default build never
    // links anything built with -sanitize=fuzzer): the server's pure part, no libwebsockets.
    .library(name: "TagCloudLive", targets: ["TagCloudLive"]),
  ],
  targets: [
    // The core uses `rounded()`, `squareRoot()` and friends, which lower to libm calls natively
    // (in Wasm, to instructions or to CWasmRuntime): link libm for executables that do not
    // import Glibc themselves.
    .target(
      name: "TagCloudCore", linkerSettings: [.linkedLibrary("m", .when(platforms: [.linux]))]),
    // JSON in, JSON out, over the core's Swift values; knows the protocol, not the seed's rules.
    .target(name: "TagCloudWire", dependencies: ["TagCloudCore"]),
    // libwebsockets from Debian (libwebsockets-dev), reached through pkg-config.
    .systemLibrary(
      name: "CLibWebSockets", pkgConfig: "libwebsockets",
      providers: [.apt(["libwebsockets-dev"])]),
    // Tiny C helpers for the parts of lws that Swift cannot import (macros, LWS_PRE headroom).
    .target(name: "CLibWebSocketsShim", dependencies: ["CLibWebSockets"]),
    // OpenSSL's libcrypto (libssl-dev, which libwebsockets-dev pulls in; libwebsockets links
    // it too), reached through pkg-config: SHA-256 for ETags and CSP hashes.
    .systemLibrary(
      name: "CLibCrypto", pkgConfig: "libcrypto", providers: [.apt(["libssl-dev"])]),
    // `tagcloud serve`'s pure part: sessions, hub, messages, message reassembly, HTTP policy
    // (static files, CSP, origins, upgrades, health endpoints), the setup tables' contents and
    // the workers' state machine. No sockets, no clock, no libwebsockets: the unit tests and the
    // fuzzers build without its headers. Hashing (libcrypto) lives here because ETags and CSP
    // hashes are policy, decided from bytes; see docs/SERVER.md.
    .target(
      name: "TagCloudLive",
      dependencies: ["TagCloudCore", "TagCloudWire", "TagCloudBuildInfo", "CLibCrypto"]),
    // The thin libwebsockets adapter around it: the lws context and callbacks, sockets,
    // signals, processes.
    .target(
      name: "TagCloudServer",
      dependencies: ["TagCloudLive", "CLibWebSockets", "CLibWebSocketsShim"]),
    // The command line: a pure parse (tested) apart from `main`, printing and `exit`.
    .target(
      name: "TagCloudCLI", dependencies: ["TagCloudCore", "TagCloudWire", "TagCloudBuildInfo"]),
    // The project's version, stamped from web/package.json (the one place it lives) at build
    // time, for `tagcloud --version` and the server's `tagcloud_build_info` gauge.
    .target(name: "TagCloudBuildInfo", plugins: ["PackageVersion"]),
    .plugin(name: "PackageVersion", capability: .buildTool(), dependencies: ["package-version"]),
    .executableTarget(name: "package-version"),
    .executableTarget(
      name: "tagcloud",
      dependencies: [
        "TagCloudCLI", "TagCloudCore", "TagCloudWire", "TagCloudLive", "TagCloudServer",
      ]),
    // The Wasm module's exports (`@_cdecl`) and its C runtime (allocator, memcpy), built for
    // wasm32 by scripts/build-wasm.sh (`make wasm`). Natively they compile too (the C target to
    // nothing), so a core change that breaks the adapter fails `swift build` at once.
    .target(name: "CWasmRuntime"),
    .target(name: "TagCloudWasm", dependencies: ["TagCloudCore", "TagCloudWire", "CWasmRuntime"]),
    // `make bench`: times the core natively (release) beside its peers; see bench/README.md.
    .executableTarget(name: "tagcloud-bench", dependencies: ["TagCloudCore", "TagCloudWire"]),
    // Prints web/src/core/core-constants.js from the core (`make constants`): the numbers the
    // element's styles and scripts take from the core besides the Wasm module.
    .executableTarget(name: "core-constants", dependencies: ["TagCloudCore", "TagCloudWire"]),
    // Seeded randomness shared by the test targets.
    .target(name: "TagCloudTestSupport", path: "Tests/TagCloudTestSupport"),
    .testTarget(name: "TagCloudCoreTests", dependencies: ["TagCloudCore", "TagCloudTestSupport"]),
    .testTarget(
      name: "TagCloudWireTests",
      dependencies: ["TagCloudWire", "TagCloudCore", "TagCloudTestSupport"]),
    .testTarget(
      name: "TagCloudCLITests",
      dependencies: ["TagCloudCLI", "TagCloudCore", "TagCloudWire", "TagCloudBuildInfo"]),
    // The server's pure part, without libwebsockets.
    .testTarget(
      name: "TagCloudLiveTests",
      dependencies: [
        "TagCloudLive", "TagCloudCore", "TagCloudWire", "TagCloudBuildInfo", "TagCloudTestSupport",
      ]),
  ]
)
