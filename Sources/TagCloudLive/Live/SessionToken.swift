/// A session token: 128 random bits as 32 lowercase hex digits, unguessable so that one client
/// cannot take over another's session.
///
///     var random = SystemRandomNumberGenerator()
///     SessionToken.make(using: &random)  // "9f86d081884c7d659a2feaa0c55ad015"
public enum SessionToken {
  public static let length = 32

  public static func make(using random: inout some RandomNumberGenerator) -> String {
    let digits = Array("0123456789abcdef".utf8)
    var bytes: [UInt8] = []
    bytes.reserveCapacity(length)
    for _ in 0..<2 {
      var word = random.next()
      for _ in 0..<16 {
        bytes.append(digits[Int(word & 0xF)])
        word >>= 4
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Whether `text` has the shape of a token (any client-supplied text is checked first).
  public static func isWellFormed(_ text: [UInt8]) -> Bool {
    text.count == length
      && text.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x66) }
  }
}
