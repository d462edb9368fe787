/// How `tagcloud serve` answers a request for a file of the web folder, decided without touching
/// the disk: the adapter (``StaticFileServer``) asks ``resolve(method:path:)`` what to look up,
/// reads the file's facts (size, modification time, content hash, a `.gz` sibling), and asks
/// ``respond(to:file:gzip:contentSecurityPolicy:)`` what to send.
///
/// Decisions (docs/SERVER.md, "Static files"):
/// - **Caching: `Cache-Control: no-cache` with a strong ETag made from the content's SHA-256.**
///   The browser keeps every file and revalidates it on use (`If-None-Match` gets a bodiless
///   304). Long-lived hashed names would save that round trip, but the page is plain ES modules
///   importing each other by fixed names, with no bundler to rewrite them; `no-cache` can never
///   serve a stale module, and a content hash (not mtime and inode, as lws and nginx use) gives
///   the same ETag on every instance behind a load balancer.
/// - **Compression: precompressed `.gz` siblings** (built by `make`, scripts/compress-web.sh), sent
///   with `Content-Encoding: gzip` when the request's `Accept-Encoding` allows gzip, only when the
///   sibling is not older than the file (an edit while serving is never masked by a stale
///   variant) and smaller. Each variant has its own ETag (the hash of its own bytes); a file with
///   a sibling is sent with `Vary: Accept-Encoding` whichever variant is chosen.
/// - Only GET and HEAD (405 otherwise); types outside ``MimeTypes`` are refused (415); a path
///   segment that is empty, starts with a dot (`.`, `..`, `.git`) or holds a backslash or a
///   control character is not found (404), whatever the disk holds.
///
///     StaticFilePolicy.resolve(method: "GET", path: "/examples/")
///     // .file(StaticFileLookup(relativePath: "examples/index.html", contentType: "text/html; …"))
public enum StaticFilePolicy {
  /// Every file response's caching rule: keep, but revalidate before each use.
  public static let cacheControl = "no-cache"
  /// Longest request path considered (longer ones are not found).
  public static let maxPathBytes = 1024

  /// Step one: what a request path names.
  public static func resolve(method: String?, path: String) -> StaticResolution {
    guard let method, method == "GET" || method == "HEAD" else {
      return .answer(
        StaticResponse(
          status: 405, headers: [HTTPHeader("allow", "GET, HEAD")], body: .text("use GET\n")))
    }
    guard path.hasPrefix("/"), path.utf8.count <= maxPathBytes else { return .answer(.notFound) }
    var relative = String(path.dropFirst())
    if relative.isEmpty || relative.hasSuffix("/") { relative += "index.html" }
    let segments = relative.split(separator: "/", omittingEmptySubsequences: false)
    for segment in segments {
      if segment.isEmpty || segment.hasPrefix(".") { return .answer(.notFound) }
      if segment.utf8.contains(where: { $0 < 0x20 || $0 == 0x7f || $0 == UInt8(ascii: "\\") }) {
        return .answer(.notFound)
      }
    }
    return .file(StaticFileLookup(relativePath: relative, contentType: contentType(of: relative)))
  }

  /// A file whose type ``MimeTypes`` does not know: refused rather than sent with a guess.
  public static let unsupportedType = StaticResponse(
    status: 415, headers: [], body: .text("files of this type are not served\n"))

  /// A request path that names a folder: the same path with a slash, where its index.html is.
  public static func redirectToFolder(path: String) -> StaticResponse {
    StaticResponse(
      status: 301, headers: [HTTPHeader("location", path + "/")], body: .text("moved\n"))
  }

  /// Step two: the answer for a file that exists, given its facts and its `.gz` sibling's.
  /// `contentSecurityPolicy` is sent with the response when given (pages; see
  /// ``ContentSecurityPolicy``).
  public static func respond(
    to request: StaticRequest, file: StaticFileFacts, gzip: StaticFileFacts?,
    contentSecurityPolicy: String? = nil
  ) -> StaticResponse {
    let usableGzip = gzip.flatMap { variant in
      variant.modified >= file.modified && variant.size < file.size ? variant : nil
    }
    let chosen = usableGzip != nil && acceptsGzip(request.acceptEncoding) ? usableGzip! : file
    var headers = [HTTPHeader("etag", chosen.etag), HTTPHeader("cache-control", cacheControl)]
    if gzip != nil { headers.append(HTTPHeader("vary", "Accept-Encoding")) }
    if let contentSecurityPolicy {
      headers.append(HTTPHeader("content-security-policy", contentSecurityPolicy))
    }
    if ifNoneMatch(request.ifNoneMatch, matches: chosen.etag) {
      return StaticResponse(status: 304, headers: headers, body: .none)
    }
    if chosen == usableGzip { headers.append(HTTPHeader("content-encoding", "gzip")) }
    return StaticResponse(status: 200, headers: headers, body: .file(chosen.path))
  }

  /// Whether an `Accept-Encoding` header allows gzip (RFC 9110 section 12.5.3): `gzip` or
  /// `x-gzip` with a non-zero q, or `*` when gzip is not named. Absent: no.
  ///
  ///     StaticFilePolicy.acceptsGzip("br, gzip;q=0.5")  // true
  ///     StaticFilePolicy.acceptsGzip("*, gzip;q=0")     // false
  public static func acceptsGzip(_ header: String?) -> Bool {
    guard let header else { return false }
    var named: Bool?
    var wildcard = false
    for item in header.lowercased().split(separator: ",") {
      let parts = item.split(separator: ";").map { $0.trimmingWhitespace() }
      guard let coding = parts.first else { continue }
      var quality = 1.0
      for parameter in parts.dropFirst() where parameter.hasPrefix("q=") {
        quality = Double(parameter.dropFirst(2)) ?? 0
      }
      if coding == "gzip" || coding == "x-gzip" {
        named = (named ?? false) || quality > 0
      } else if coding == "*" {
        wildcard = quality > 0
      }
    }
    return named ?? wildcard
  }

  /// Whether an `If-None-Match` header names this ETag, by the weak comparison RFC 9110 section
  /// 13.1.2 prescribes (a `W/` prefix is ignored); `*` matches any existing file.
  public static func ifNoneMatch(_ header: String?, matches etag: String) -> Bool {
    guard let header else { return false }
    let opaque = etag.hasPrefix("W/") ? String(etag.dropFirst(2)) : etag
    for candidate in header.split(separator: ",") {
      var tag = candidate.trimmingWhitespace()
      if tag == "*" { return true }
      if tag.hasPrefix("W/") { tag = String(tag.dropFirst(2)) }
      if tag == opaque { return true }
    }
    return false
  }

  /// The strong ETag of a file's bytes: the first 128 bits of their SHA-256, quoted.
  public static func etag(of bytes: [UInt8]) -> String {
    "\"" + String(ContentDigest.sha256Hex(bytes).prefix(32)) + "\""
  }

  /// The content type of a file name, from ``MimeTypes`` (nil: not served).
  public static func contentType(of name: String) -> String? {
    let lowered = name.lowercased()
    return MimeTypes.extra.first { lowered.hasSuffix($0.suffix) }?.type
  }
}

/// What a request path resolves to before the disk is asked.
public enum StaticResolution: Equatable, Sendable {
  /// Look this file up (relative to the web folder).
  case file(StaticFileLookup)
  /// Answer at once (405, 404).
  case answer(StaticResponse)
}

public struct StaticFileLookup: Equatable, Sendable {
  /// The path inside the web folder, without a leading slash (`index.html` for `/`).
  public var relativePath: String
  /// Nil for a type outside ``MimeTypes``: a folder by that name is redirected, a file refused.
  public var contentType: String?
}

/// The request headers the policy reads.
public struct StaticRequest: Equatable, Sendable {
  public var acceptEncoding: String?
  public var ifNoneMatch: String?
  public init(acceptEncoding: String? = nil, ifNoneMatch: String? = nil) {
    self.acceptEncoding = acceptEncoding
    self.ifNoneMatch = ifNoneMatch
  }
}

/// One variant of a file on disk, as the adapter found it.
public struct StaticFileFacts: Equatable, Sendable {
  /// Absolute path, for the adapter to send.
  public var path: String
  public var size: Int
  /// Modification time in nanoseconds since the epoch.
  public var modified: Int64
  /// Quoted strong ETag (``StaticFilePolicy/etag(of:)``).
  public var etag: String
  public init(path: String, size: Int, modified: Int64, etag: String) {
    self.path = path
    self.size = size
    self.modified = modified
    self.etag = etag
  }
}

public struct HTTPHeader: Equatable, Sendable {
  /// Lowercase field name.
  public var name: String
  public var value: String
  public init(_ name: String, _ value: String) {
    self.name = name
    self.value = value
  }
}

/// A decided answer: status, extra headers (beyond `content-type` and `content-length`, which
/// the adapter adds), and what to send as the body.
public struct StaticResponse: Equatable, Sendable {
  public enum Body: Equatable, Sendable {
    case none
    /// A short `text/plain` message (errors, redirects).
    case text(String)
    /// The bytes of this file (the chosen variant).
    case file(String)
  }
  public var status: Int
  public var headers: [HTTPHeader]
  public var body: Body

  public static let notFound = StaticResponse(status: 404, headers: [], body: .text("not found\n"))

  /// The value of a header, nil when absent.
  public func header(_ name: String) -> String? {
    headers.first { $0.name == name }?.value
  }
}

extension Substring {
  fileprivate func trimmingWhitespace() -> String {
    String(
      self.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
  }
}
