import CLibWebSockets
import CLibWebSocketsShim
import TagCloudLive

#if canImport(Glibc)
  import Glibc
#endif

/// The lws side of the web folder: reads the request's method, path and headers, asks
/// ``StaticFilePolicy`` what to do, looks at the disk, and sends the answer (a file through
/// `lws_serve_http_file`, which streams it in writable callbacks; a 304, redirect or error
/// directly). Content hashes (ETags) and page policies are remembered per file until its size,
/// modification time or inode changes.
///
///     let files = StaticFileServer(webRoot: "/srv/tagcloud/web")
///     files.respond(wsi)  // from LWS_CALLBACK_HTTP of the "/" mount
final class StaticFileServer {
  /// The protocol name the "/" mount hands its requests to.
  static let protocolName = ServerSetup.ServerProtocol.staticFiles.name

  private struct Digest {
    var device: UInt64
    var inode: UInt64
    var size: Int
    var modified: Int64
    var etag: String
    var contentSecurityPolicy: String?
  }

  private let webRoot: String
  private var digests: [String: Digest] = [:]
  /// Bounds the memory of a folder that keeps gaining files: past this the cache starts over.
  private let maxDigests = 4096
  private let pre = Int(tc_lws_pre())

  init(webRoot: String) {
    self.webRoot = webRoot
  }

  /// Answers one request; the lws return convention (0 keep going, nonzero close). `counted`
  /// hears the status of the answer (for ``HTTPMetrics``).
  func respond(
    _ wsi: OpaquePointer, header: (lws_token_indexes) -> String?, counted: (Int) -> Void
  ) -> Int32 {
    let outcome = answer(wsi, header: header)
    counted(outcome.status)
    return outcome.result
  }

  private func answer(_ wsi: OpaquePointer, header: (lws_token_indexes) -> String?) -> (
    status: Int, result: Int32
  ) {
    let method: String?
    let path: String
    if let get = header(WSI_TOKEN_GET_URI) {
      (method, path) = ("GET", get)
    } else if let head = header(WSI_TOKEN_HEAD_URI) {
      (method, path) = ("HEAD", head)
    } else {
      (method, path) = (nil, "/")
    }
    let lookup: StaticFileLookup
    switch StaticFilePolicy.resolve(method: method, path: path) {
    case .answer(let response): return send(wsi, response, contentType: nil)
    case .file(let value): lookup = value
    }
    let absolute = webRoot + "/" + lookup.relativePath
    var status = stat()
    guard stat(absolute, &status) == 0 else { return send(wsi, .notFound, contentType: nil) }
    if (status.st_mode & S_IFMT) == S_IFDIR {
      return send(wsi, StaticFilePolicy.redirectToFolder(path: path), contentType: nil)
    }
    guard (status.st_mode & S_IFMT) == S_IFREG else {
      return send(wsi, .notFound, contentType: nil)
    }
    guard let contentType = lookup.contentType else {
      return send(wsi, StaticFilePolicy.unsupportedType, contentType: nil)
    }
    guard let file = facts(absolute, status, page: contentType.hasPrefix("text/html")) else {
      return send(wsi, .notFound, contentType: nil)
    }
    var gzipStatus = stat()
    let gzipPath = absolute + ".gz"
    let gzip =
      stat(gzipPath, &gzipStatus) == 0 && (gzipStatus.st_mode & S_IFMT) == S_IFREG
      ? facts(gzipPath, gzipStatus, page: false)?.facts : nil
    let request = StaticRequest(
      acceptEncoding: header(WSI_TOKEN_HTTP_ACCEPT_ENCODING),
      ifNoneMatch: header(WSI_TOKEN_HTTP_IF_NONE_MATCH))
    let response = StaticFilePolicy.respond(
      to: request, file: file.facts, gzip: gzip,
      contentSecurityPolicy: file.contentSecurityPolicy)
    return send(wsi, response, contentType: contentType)
  }

  /// The facts of one file, hashing it only when it changed since the last look.
  private func facts(_ path: String, _ status: stat, page: Bool)
    -> (facts: StaticFileFacts, contentSecurityPolicy: String?)?
  {
    let modified = Int64(status.st_mtim.tv_sec) * 1_000_000_000 + Int64(status.st_mtim.tv_nsec)
    let size = Int(status.st_size)
    if let known = digests[path], known.device == UInt64(status.st_dev),
      known.inode == UInt64(status.st_ino), known.size == size, known.modified == modified
    {
      return (
        StaticFileFacts(path: path, size: size, modified: modified, etag: known.etag),
        known.contentSecurityPolicy
      )
    }
    guard let bytes = readFile(path, expected: size) else { return nil }
    let digest = Digest(
      device: UInt64(status.st_dev), inode: UInt64(status.st_ino), size: bytes.count,
      modified: modified, etag: StaticFilePolicy.etag(of: bytes),
      contentSecurityPolicy: page ? ContentSecurityPolicy.forPage(bytes) : nil)
    if digests.count >= maxDigests { digests.removeAll() }
    digests[path] = digest
    return (
      StaticFileFacts(path: path, size: bytes.count, modified: modified, etag: digest.etag),
      digest.contentSecurityPolicy
    )
  }

  private func readFile(_ path: String, expected: Int) -> [UInt8]? {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(expected)
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 { return nil }
      if count == 0 { return bytes }
      bytes.append(contentsOf: chunk[0..<count])
    }
  }

  // MARK: - Sending

  private func send(_ wsi: OpaquePointer, _ response: StaticResponse, contentType: String?)
    -> (status: Int, result: Int32)
  {
    (response.status, write(wsi, response, contentType: contentType))
  }

  private func write(_ wsi: OpaquePointer, _ response: StaticResponse, contentType: String?)
    -> Int32
  {
    if case .file(let path) = response.body, let contentType {
      // lws adds status, content-type, content-length and the vhost's headers; it skips its own
      // cache-control because ours is among the others (it looks for "cache-control").
      var others = ""
      for header in response.headers { others += "\(header.name): \(header.value)\r\n" }
      let result = lws_serve_http_file(wsi, path, contentType, others, Int32(others.utf8.count))
      if result < 0 { return -1 }
      if result > 0 { return lws_http_transaction_completed(wsi) != 0 ? -1 : 0 }
      return 0
    }
    var body: [UInt8] = []
    if case .text(let text) = response.body { body = Array(text.utf8) }
    var buffer = [UInt8](repeating: 0, count: pre + 4096 + body.count)
    let length = buffer.withUnsafeMutableBufferPointer { raw -> Int? in
      let start = raw.baseAddress! + pre
      let end = raw.baseAddress! + raw.count - body.count - 1
      var cursor: UnsafeMutablePointer<UInt8>? = start
      guard lws_add_http_header_status(wsi, UInt32(response.status), &cursor, end) == 0 else {
        return nil
      }
      var fields = response.headers
      if case .text = response.body {
        fields.append(HTTPHeader("content-type", "text/plain; charset=utf-8"))
        fields.append(HTTPHeader("cache-control", "no-store"))
        fields.append(HTTPHeader("content-length", String(body.count)))
      }
      for field in fields {
        let name = Array((field.name + ":").utf8) + [0]
        let value = Array(field.value.utf8)
        let failed = name.withUnsafeBufferPointer { namePointer in
          lws_add_http_header_by_name(
            wsi, namePointer.baseAddress, value, Int32(value.count), &cursor, end) != 0
        }
        if failed { return nil }
      }
      guard lws_finalize_http_header(wsi, &cursor, end) == 0, let headerEnd = cursor else {
        return nil
      }
      var written = headerEnd - start
      if !isHead(wsi) {
        for byte in body {
          start[written] = byte
          written += 1
        }
      }
      return written
    }
    guard let length else { return -1 }
    let sent = buffer.withUnsafeMutableBufferPointer {
      lws_write(wsi, $0.baseAddress! + pre, length, LWS_WRITE_HTTP_HEADERS)
    }
    if sent < length { return -1 }
    return lws_http_transaction_completed(wsi) != 0 ? -1 : 0
  }

  private func isHead(_ wsi: OpaquePointer) -> Bool {
    lws_hdr_total_length(wsi, WSI_TOKEN_HEAD_URI) > 0
  }
}

/// The "/" mount's protocol: requests go to the server's ``StaticFileServer``; the rest of the
/// HTTP life cycle (writable callbacks of short answers, close) to its HTTP handler.
func staticFileCallback(
  _ wsi: OpaquePointer?, _ reason: lws_callback_reasons, _ user: UnsafeMutableRawPointer?,
  _ input: UnsafeMutableRawPointer?, _ length: Int
) -> Int32 {
  guard let wsi, let server = LiveServer.from(wsi) else {
    return lws_callback_http_dummy(wsi, reason, user, input, length)
  }
  if reason == LWS_CALLBACK_HTTP, let files = server.staticFiles {
    return files.respond(
      wsi, header: { server.header(wsi, $0) },
      counted: { server.httpMetrics.count(.files, status: $0) })
  }
  return server.handleHTTP(wsi, reason, user, input, length)
}
