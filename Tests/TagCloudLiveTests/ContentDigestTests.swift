import Foundation
import TagCloudTestSupport
import Testing

@testable import TagCloudLive

/// libcrypto's SHA-256 as the ETags and CSP hashes use it: the standard vectors (FIPS 180-4
/// examples and the NIST long message), the padding edges, Base64 as CSP hash sources write it,
/// and agreement with coreutils' `sha256sum` on seeded random inputs of every length class.
@Suite struct ContentDigestTests {
  @Test func standardVectors() {
    #expect(
      ContentDigest.sha256Hex([])
        == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    #expect(
      ContentDigest.sha256Hex(Array("abc".utf8))
        == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    #expect(
      ContentDigest.sha256Hex(
        Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))
        == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    #expect(
      ContentDigest.sha256Hex(
        Array(
          "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu"
            .utf8))
        == "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1")
    #expect(
      ContentDigest.sha256Hex([UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000))
        == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
  }

  @Test func paddingAtBlockEdges() {
    // 55, 56 and 64 bytes: the length field fits, does not fit, and a whole block.
    #expect(
      ContentDigest.sha256Hex([UInt8](repeating: 0x61, count: 55))
        == "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318")
    #expect(
      ContentDigest.sha256Hex([UInt8](repeating: 0x61, count: 56))
        == "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a")
    #expect(
      ContentDigest.sha256Hex([UInt8](repeating: 0x61, count: 64))
        == "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb")
  }

  @Test func base64AsCSPHashSourcesUseIt() {
    #expect(
      ContentDigest.sha256Base64(Array("abc".utf8))
        == "ungWv48Bz+pBQUDeXa4iI7ADYaOWF3qctBD/YfIAFa0=")
    #expect(
      ContentDigest.sha256Base64([])
        == "47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=")
    // The Base64 is of the same 32 bytes as the hex.
    for text in ["", "abc", "<script>go()</script>"] {
      let bytes = Array(text.utf8)
      let decoded = Data(base64Encoded: ContentDigest.sha256Base64(bytes)).map { Array($0) }
      #expect(decoded == ContentDigest.sha256(bytes))
    }
  }

  /// Seeded random inputs, 0 to 300 bytes and a few large ones, against `sha256sum`.
  @Test func agreesWithSha256sum() throws {
    var random = SeededGenerator(seed: 23)
    var lengths = Array(0...130) + [191, 192, 255, 256, 257, 1000, 4096, 65_537, 1_000_003]
    lengths += (0..<20).map { _ in Int.random(in: 0..<300, using: &random) }
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("tagcloud-digest-\(getpid())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    var expected: [String: String] = [:]
    var paths: [String] = []
    for (index, length) in lengths.enumerated() {
      let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &random) }
      let path = folder.appendingPathComponent("input-\(index)").path
      try Data(bytes).write(to: URL(fileURLWithPath: path))
      expected[path] = ContentDigest.sha256Hex(bytes)
      paths.append(path)
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/sha256sum")
    process.arguments = paths
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    let lines = text.split(separator: "\n")
    #expect(lines.count == paths.count)
    for line in lines {
      let parts = line.split(separator: " ", maxSplits: 1)
      let path = String(parts[1].drop { $0 == " " || $0 == "*" })
      #expect(expected[path] == String(parts[0]), "sha256sum \(path)")
    }
  }
}
