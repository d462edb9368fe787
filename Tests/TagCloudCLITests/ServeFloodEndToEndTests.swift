import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `tagcloud serve` through a real process and a raw socket: a client that sends far more
/// messages than the rate limit allows is closed with 1008 and receives that close frame,
/// although it sent its whole flood before reading anything (docs/PROTOCOL.md, closing codes).
///
/// The close used to be issued from inside lws's read callback, which dropped the socket with
/// the flood unread: the client saw the connection end without any close frame. Mutation
/// check: with `return closeNow(wsi, verdict)` put back in `LiveServer.receive` (a scratch
/// copy of the worktree), this test fails on "the connection ended without a close frame".
@Suite struct ServeFloodEndToEndTests {
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  @Test func aFloodingClientGetsItsCloseFrameWith1008() throws {
    let web = FileManager.default.temporaryDirectory
      .appendingPathComponent("tagcloud-flood-\(getpid())")
    try FileManager.default.createDirectory(at: web, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: web) }
    try Data("<!doctype html><title>flood</title>".utf8)
      .write(to: web.appendingPathComponent("index.html"))

    let server = Process()
    server.executableURL = LayoutCommandEndToEndTests.executable
    server.arguments = ["serve", "--host", "127.0.0.1", "--port", "0", "--web", web.path]
    let log = Pipe()
    server.standardError = log
    server.standardOutput = FileHandle.nullDevice
    try server.run()
    defer {
      // SIGKILL: the child of the test runner may inherit a blocked SIGTERM (it stayed pending
      // and the server ran on); how the server stops is tested elsewhere.
      kill(server.processIdentifier, SIGKILL)
      server.waitUntilExit()
    }
    let port = try listeningPort(log.fileHandleForReading)

    var client = try RawSocket(port: port)
    defer { client.close() }
    try client.send(
      Array(
        ("GET /live HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nUpgrade: websocket\r\n"
          + "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
          + "Sec-WebSocket-Version: 13\r\nSec-WebSocket-Protocol: tagcloud.v1\r\n\r\n").utf8))
    let head = try client.readHead()
    #expect(head.hasPrefix("HTTP/1.1 101"), "\(head)")
    let welcome = try client.readFrame()
    #expect(welcome.opcode == 1)

    // 5,000 viewport messages at once: the bucket holds 2,000.
    let message = Array(#"{"type":"viewport","width":390}"#.utf8)
    let one: [UInt8] = [0x81, 0x80 | UInt8(message.count), 0, 0, 0, 0] + message  // mask key 0
    let burst = Array([[UInt8]](repeating: one, count: 500).joined())
    var sent = 0
    for _ in 0..<10 {
      guard (try? client.send(burst)) != nil else { break }  // the server may close mid-flood
      sent += 500
    }
    #expect(sent > 2000, "only \(sent) messages were sent: not a flood")

    var frame = try client.readFrame()
    while frame.opcode != 8 { frame = try client.readFrame() }
    #expect(frame.payload.count >= 2)
    let code = frame.payload.count >= 2 ? Int(frame.payload[0]) << 8 | Int(frame.payload[1]) : 0
    #expect(code == 1008)
  }

  /// The port from the server's start line, "listening on http://127.0.0.1:PORT (...".
  func listeningPort(_ log: FileHandle) throws -> Int {
    var text = ""
    let deadline = Date().addingTimeInterval(15)
    while Date() < deadline {
      let chunk = log.availableData
      if chunk.isEmpty { throw Failure(description: "the server exited: \(text)") }
      text += String(decoding: chunk, as: UTF8.self)
      if let range = text.range(of: "listening on http://127.0.0.1:") {
        let digits = text[range.upperBound...].prefix { $0.isNumber }
        if let port = Int(digits), text[range.upperBound...].count > digits.count { return port }
      }
    }
    throw Failure(description: "no start line within 15 s: \(text)")
  }
}

/// A blocking TCP socket to 127.0.0.1 with a 5 s receive timeout: silence is an error, never a
/// pass.
struct RawSocket {
  let descriptor: Int32
  var buffer: [UInt8] = []

  init(port: Int) throws {
    descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard descriptor >= 0 else { throw ServeFloodEndToEndTests.Failure(description: "socket()") }
    var timeout = timeval(tv_sec: 5, tv_usec: 0)
    setsockopt(
      descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let status = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard status == 0 else {
      Glibc.close(descriptor)
      throw ServeFloodEndToEndTests.Failure(description: "connect: errno \(errno)")
    }
  }

  func send(_ bytes: [UInt8]) throws {
    var offset = 0
    while offset < bytes.count {
      let count = bytes[offset...].withUnsafeBytes {
        Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
      }
      guard count > 0 else {
        throw ServeFloodEndToEndTests.Failure(description: "send: errno \(errno)")
      }
      offset += count
    }
  }

  /// Reads until `count` bytes are buffered; the end of the socket or silence throws.
  mutating func fill(_ count: Int) throws {
    var chunk = [UInt8](repeating: 0, count: 65536)
    while buffer.count < count {
      let received = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
      if received == 0 {
        throw ServeFloodEndToEndTests.Failure(
          description: "the connection ended without a close frame")
      }
      if received < 0 {
        throw ServeFloodEndToEndTests.Failure(
          description: errno == EAGAIN
            ? "no answer within 5 s" : "the connection was reset (errno \(errno))")
      }
      buffer += chunk[..<received]
    }
  }

  mutating func readHead() throws -> String {
    while true {
      if let end = buffer.firstRange(of: Array("\r\n\r\n".utf8)) {
        let head = String(decoding: buffer[..<end.lowerBound], as: UTF8.self)
        buffer.removeSubrange(..<end.upperBound)
        return head
      }
      try fill(buffer.count + 1)
    }
  }

  /// The next server frame (servers do not mask).
  mutating func readFrame() throws -> (opcode: UInt8, payload: [UInt8]) {
    try fill(2)
    var length = Int(buffer[1] & 0x7F)
    var header = 2
    if length == 126 {
      try fill(4)
      length = Int(buffer[2]) << 8 | Int(buffer[3])
      header = 4
    } else if length == 127 {
      try fill(10)
      length = buffer[2..<10].reduce(0) { $0 << 8 | Int($1) }
      header = 10
    }
    try fill(header + length)
    let opcode = buffer[0] & 0x0F
    let payload = Array(buffer[header..<(header + length)])
    buffer.removeSubrange(..<(header + length))
    return (opcode, payload)
  }

  func close() { Glibc.close(descriptor) }
}
