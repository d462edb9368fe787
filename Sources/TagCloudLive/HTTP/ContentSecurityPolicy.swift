/// The Content-Security-Policy sent with each page of the web folder: exactly what the pages
/// use, nothing else. Scripts and styles from the page's own origin; `'wasm-unsafe-eval'` for
/// compiling `tagcloud.wasm` (and no `'unsafe-eval'`); `connect-src 'self'`, which covers the
/// page's `fetch`es and its `/live` WebSocket (CSP Level 3 matches `ws:`/`wss:` on the page's own
/// host and port with `'self'`); images from the origin and `data:` (the lens maps the glass
/// renderer makes); and the SHA-256 of each inline `<script>` and `<style>` block
/// of that very page (the examples carry some), computed from the page as served, so an edit
/// never leaves the policy behind. Everything else (objects, frames, workers, media, other
/// hosts, inline event handlers, `eval`) is refused; `base-uri 'none'`, forms post only to the
/// page's origin, and only the page's own origin may frame it.
///
///     ContentSecurityPolicy.forPage(Array("<script>go()</script>".utf8))
///     // "default-src 'none'; script-src 'self' 'wasm-unsafe-eval' 'sha256-…'; style-src 'self'; …"
///
/// - Complexity: O(n) in the page's length.
public enum ContentSecurityPolicy {
  /// The policy of a page without inline scripts or styles.
  public static let base = policy(scriptHashes: [], styleHashes: [])

  /// The policy for a page with these bytes.
  public static func forPage(_ html: [UInt8]) -> String {
    let blocks = inlineBlocks(html)
    return policy(
      scriptHashes: blocks.scripts.map(ContentDigest.sha256Base64),
      styleHashes: blocks.styles.map(ContentDigest.sha256Base64)
    )
  }

  static func policy(scriptHashes: [String], styleHashes: [String]) -> String {
    func sources(_ hashes: [String]) -> String {
      var seen: [String] = []
      for hash in hashes where !seen.contains(hash) { seen.append(hash) }
      return seen.map { " 'sha256-\($0)'" }.joined()
    }
    return [
      "default-src 'none'",
      "script-src 'self' 'wasm-unsafe-eval'" + sources(scriptHashes),
      "style-src 'self'" + sources(styleHashes),
      "connect-src 'self'",
      // data: images only: the glass renderer draws its lens displacement maps into
      // canvases and hands them to SVG <feImage> as PNG data: URLs (branch draw).
      "img-src 'self' data:",
      "font-src 'self'",
      "manifest-src 'self'",
      "base-uri 'none'",
      "form-action 'self'",
      "frame-ancestors 'self'",
    ].joined(separator: "; ")
  }

  /// The contents of inline `<script>` (without `src`) and `<style>` elements, in page order.
  /// Comments are skipped; tag names and attributes are matched case-blind, quoted attribute
  /// values may hold `>`. A page is the project's own HTML, not adversarial input: an unclosed
  /// element simply ends the scan.
  static func inlineBlocks(_ html: [UInt8]) -> (scripts: [[UInt8]], styles: [[UInt8]]) {
    var scripts: [[UInt8]] = []
    var styles: [[UInt8]] = []
    var index = 0
    while let open = html[index...].firstIndex(of: UInt8(ascii: "<")) {
      if starts(html, at: open + 1, with: "!--") {
        guard let end = find(html, "-->", from: open + 4) else { break }
        index = end + 3
        continue
      }
      let name: String
      if tagName(html, at: open + 1, is: "script") {
        name = "script"
      } else if tagName(html, at: open + 1, is: "style") {
        name = "style"
      } else {
        index = open + 1
        continue
      }
      guard let (tagEnd, hasSource) = endOfStartTag(html, from: open + 1 + name.utf8.count),
        let close = find(html, "</" + name, from: tagEnd + 1, caseBlind: true)
      else { break }
      let content = Array(html[(tagEnd + 1)..<close])
      if name == "style" {
        styles.append(content)
      } else if !hasSource {
        scripts.append(content)
      }
      index = close + 2 + name.utf8.count
    }
    return (scripts, styles)
  }

  /// The index of the start tag's `>` and whether it has a `src` attribute.
  private static func endOfStartTag(_ html: [UInt8], from start: Int) -> (Int, Bool)? {
    var index = start
    var hasSource = false
    var quote: UInt8?
    var previous = UInt8(ascii: " ")
    while index < html.count {
      let byte = html[index]
      if let open = quote {
        if byte == open { quote = nil }
      } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
        quote = byte
      } else if byte == UInt8(ascii: ">") {
        return (index, hasSource)
      } else if isSpace(previous), tagName(html, at: index, is: "src", allowing: "=") {
        hasSource = true
      }
      previous = byte
      index += 1
    }
    return nil
  }

  /// Whether `name` starts at `index`, followed by a space, `>`, `/` or one of `allowing`.
  private static func tagName(
    _ html: [UInt8], at index: Int, is name: String, allowing: String = ""
  )
    -> Bool
  {
    guard startsCaseBlind(html, at: index, with: name) else { return false }
    let after = index + name.utf8.count
    guard after < html.count else { return false }
    let next = html[after]
    return isSpace(next) || next == UInt8(ascii: ">") || next == UInt8(ascii: "/")
      || allowing.utf8.contains(next)
  }

  private static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0a || byte == 0x0c || byte == 0x0d
  }

  private static func starts(_ html: [UInt8], at index: Int, with text: String) -> Bool {
    let bytes = Array(text.utf8)
    return index + bytes.count <= html.count && Array(html[index..<(index + bytes.count)]) == bytes
  }

  private static func startsCaseBlind(_ html: [UInt8], at index: Int, with text: String) -> Bool {
    let bytes = Array(text.utf8)
    guard index + bytes.count <= html.count else { return false }
    for (offset, byte) in bytes.enumerated() where lower(html[index + offset]) != byte {
      return false
    }
    return true
  }

  private static func lower(_ byte: UInt8) -> UInt8 {
    byte >= 0x41 && byte <= 0x5a ? byte + 0x20 : byte
  }

  /// The first index at or after `start` where `text` begins (`caseBlind`: ASCII letters of
  /// `html` compared lowercased; `text` is given in lowercase).
  private static func find(
    _ html: [UInt8], _ text: String, from start: Int, caseBlind: Bool = false
  )
    -> Int?
  {
    var index = start
    while index < html.count {
      if caseBlind
        ? startsCaseBlind(html, at: index, with: text) : starts(html, at: index, with: text)
      {
        return index
      }
      index += 1
    }
    return nil
  }
}
