// The build-time tool behind the PackageVersion plugin: reads the `version` of an npm
// package.json and writes it as a Swift constant. Runs on the build machine only, so Foundation
// is fine here (the shipped modules never see it).
//
//     package-version web/package.json PackageVersion.swift
import Foundation

@main
enum PackageVersionTool {
  static func main() {

    let arguments = CommandLine.arguments
    guard arguments.count == 3 else {
      FileHandle.standardError.write(
        Data("usage: package-version PACKAGE_JSON OUTPUT_SWIFT\n".utf8))
      exit(64)
    }

    func fail(_ message: String) -> Never {
      FileHandle.standardError.write(Data("package-version: \(arguments[1]): \(message)\n".utf8))
      exit(65)
    }

    guard let data = FileManager.default.contents(atPath: arguments[1]) else {
      fail("cannot be read")
    }
    guard let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else {
      fail("is not a JSON object")
    }
    guard let version = object["version"] as? String else { fail("has no \"version\" string") }
    // Semantic Versioning 2.0.0: MAJOR.MINOR.PATCH (digits, no leading zero), then an optional
    // -prerelease and +build of [0-9A-Za-z.-].
    func isSemanticVersion(_ text: String) -> Bool {
      let main = text.split(separator: "+", maxSplits: 1, omittingEmptySubsequences: false)[0]
        .split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)[0]
      let numbers = main.split(separator: ".", omittingEmptySubsequences: false)
      guard numbers.count == 3 else { return false }
      for number in numbers {
        guard !number.isEmpty, number.allSatisfy(\.isASCII), number.allSatisfy(\.isNumber) else {
          return false
        }
        if number.count > 1 && number.first == "0" { return false }
      }
      return text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "-+.".contains($0)) }
    }
    guard isSemanticVersion(version) else {
      fail("version \"\(version)\" is not a semantic version (MAJOR.MINOR.PATCH)")
    }

    let source = """
      // Generated at build time from web/package.json by the PackageVersion plugin. Do not edit.
      extension BuildInfo {
        /// The project's version, as in `web/package.json`.
        public static let version = "\(version)"
      }

      """
    do {
      try Data(source.utf8).write(to: URL(fileURLWithPath: arguments[2]), options: .atomic)
    } catch {
      FileHandle.standardError.write(
        Data("package-version: cannot write \(arguments[2]): \(error)\n".utf8))
      exit(73)
    }

  }
}
