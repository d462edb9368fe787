// swift-tools-version:6.0
import PackageDescription

// libFuzzer harnesses. A package of its own (with its own .build), because every target here
// only links with `-sanitize=fuzzer` (the harnesses call libFuzzer's driver): the root package's
// `swift build` and `swift test` never see them. Build and run with `scripts/fuzz.sh`
// (`make fuzz`, and a short smoke run in `make test`).
let package = Package(
  name: "GlassTagCloudFuzz",
  dependencies: [.package(name: "GlassTagCloud", path: "..")],
  targets: [
    .target(name: "FuzzSupport"),
    .executableTarget(
      name: "FuzzJSONReader",
      dependencies: ["FuzzSupport", .product(name: "TagCloudWire", package: "GlassTagCloud")]),
    .executableTarget(
      name: "FuzzLayoutService",
      dependencies: [
        "FuzzSupport",
        .product(name: "TagCloudCore", package: "GlassTagCloud"),
        .product(name: "TagCloudWire", package: "GlassTagCloud"),
      ]),
    .executableTarget(
      name: "FuzzLiveHub",
      dependencies: [
        "FuzzSupport",
        .product(name: "TagCloudCore", package: "GlassTagCloud"),
        .product(name: "TagCloudWire", package: "GlassTagCloud"),
        .product(name: "TagCloudLive", package: "GlassTagCloud"),
      ]),
  ]
)
