import CLibCrypto

/// SHA-256 (FIPS 180-4) from OpenSSL's libcrypto (its EVP interface), for the content-hash
/// ETags of the web folder's files and the hashes of inline scripts and styles in the
/// Content-Security-Policy. It lives in the pure target because ETags and CSP hashes are policy
/// decided from bytes (``StaticFilePolicy/etag(of:)``, ``ContentSecurityPolicy/forPage(_:)``);
/// libcrypto is a plain library, no I/O and no event loop (and the one libwebsockets links).
///
///     ContentDigest.sha256Hex(Array("abc".utf8))
///     // "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
///     ContentDigest.sha256Base64(Array("abc".utf8))
///     // "ungWv48Bz+pBQUDeXa4iI7ADYaOWF3qctBD/YfIAFa0="
///
/// - Complexity: O(n) in the input's length.
public enum ContentDigest {
  /// The 32-byte SHA-256 digest.
  public static func sha256(_ bytes: [UInt8]) -> [UInt8] {
    var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
    var length: UInt32 = 0
    let status = bytes.withUnsafeBytes { input in
      digest.withUnsafeMutableBufferPointer { output in
        EVP_Digest(input.baseAddress, input.count, output.baseAddress, &length, EVP_sha256(), nil)
      }
    }
    // EVP_Digest fails only when the library cannot allocate its context: nothing to serve then.
    precondition(status == 1 && length == 32, "libcrypto's SHA-256 failed")
    return Array(digest[..<32])
  }

  /// The digest as 64 lowercase hex digits.
  public static func sha256Hex(_ bytes: [UInt8]) -> String {
    let digits = Array("0123456789abcdef".utf8)
    var text: [UInt8] = []
    text.reserveCapacity(64)
    for byte in sha256(bytes) {
      text.append(digits[Int(byte >> 4)])
      text.append(digits[Int(byte & 0x0f)])
    }
    return String(decoding: text, as: UTF8.self)
  }

  /// The digest in standard Base64 with padding (RFC 4648 section 4), as CSP hash sources use;
  /// libcrypto's `EVP_EncodeBlock` writes it.
  public static func sha256Base64(_ bytes: [UInt8]) -> String {
    let digest = sha256(bytes)
    var text = [UInt8](repeating: 0, count: 4 * ((digest.count + 2) / 3) + 1)
    let count = text.withUnsafeMutableBufferPointer { output in
      EVP_EncodeBlock(output.baseAddress, digest, Int32(digest.count))
    }
    return String(decoding: text[..<Int(count)], as: UTF8.self)
  }
}
