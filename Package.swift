// swift-tools-version:6.0
import PackageDescription

// TagCloudCore is pure Swift: no Foundation, no dependency, no I/O. The same sources build
// natively (this manifest) and as Embedded Swift for wasm32-unknown-none-wasm (`make wasm`).
let package = Package(
  name: "GlassTagCloud",
  products: [
    .library(name: "TagCloudCore", targets: ["TagCloudCore"]),
    .executable(name: "tagcloud", targets: ["tagcloud"]),
  ],
  targets: [
    .target(name: "TagCloudCore"),
    // The command line: a pure parse (tested) apart from `main`, printing and `exit`.
    .target(name: "TagCloudCLI", dependencies: ["TagCloudCore"]),
    .executableTarget(name: "tagcloud", dependencies: ["TagCloudCLI", "TagCloudCore"]),
    .testTarget(name: "TagCloudCoreTests", dependencies: ["TagCloudCore"]),
    .testTarget(name: "TagCloudCLITests", dependencies: ["TagCloudCLI", "TagCloudCore"]),
  ]
)
