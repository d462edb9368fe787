// swift-tools-version:6.0
import PackageDescription

// The live hub alone, timed: `tagcloud serve`'s pure part (TagCloudLive: decode a viewport,
// apply it, lay out, write the frame) without sockets or libwebsockets. A package of its own,
// like Fuzz/, so that the root package's build and tests never see it.
//
//   swift build -c release --package-path bench/hub
//   taskset -c 1 bench/hub/.build/release/hubbench 1000 200   # sessions, rounds
let package = Package(
  name: "GlassTagCloudHubBench",
  dependencies: [.package(name: "GlassTagCloud", path: "../..")],
  targets: [
    .executableTarget(
      name: "hubbench",
      dependencies: [.product(name: "TagCloudLive", package: "GlassTagCloud")])
  ])
