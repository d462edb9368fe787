import TagCloudLive

#if canImport(Glibc)
  import Glibc
#endif

/// Resolving the listen address and probing it, so that a busy port or an unknown host is
/// reported with the system's own words before libwebsockets starts (lws only says "failed").
enum Network {
  struct Address {
    /// The numeric address lws binds (`127.0.0.1`, `::1`).
    var numeric: String
    var family: Int32
  }

  /// Resolves `host` (a name or a numeric address) to the address to listen on.
  static func resolve(_ host: String) -> Result<Address, ServeFailure> {
    var hints = addrinfo()
    hints.ai_flags = AI_PASSIVE
    hints.ai_family = AF_UNSPEC
    hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
    var list: UnsafeMutablePointer<addrinfo>?
    let status = getaddrinfo(host, nil, &hints, &list)
    guard status == 0, let first = list else {
      return .failure(
        ServeFailure("cannot resolve --host '\(host)': \(String(cString: gai_strerror(status)))"))
    }
    defer { freeaddrinfo(list) }
    // Prefer IPv4 for names like localhost that resolve to both: what browsers try first varies,
    // and 127.0.0.1 is what the default origin list and the docs name.
    var chosen = first
    var cursor: UnsafeMutablePointer<addrinfo>? = first
    while let entry = cursor {
      if entry.pointee.ai_family == AF_INET {
        chosen = entry
        break
      }
      cursor = entry.pointee.ai_next
    }
    guard let numeric = numericHost(chosen.pointee.ai_addr, chosen.pointee.ai_addrlen) else {
      return .failure(ServeFailure("cannot resolve --host '\(host)'"))
    }
    return .success(Address(numeric: numeric, family: chosen.pointee.ai_family))
  }

  /// Binds and releases the port once; returns the system's reason when that fails.
  static func probe(_ address: Address, port: Int) -> ServeFailure? {
    let descriptor = socket(address.family, Int32(SOCK_STREAM.rawValue), 0)
    guard descriptor >= 0 else { return ServeFailure("cannot open a socket: \(errorText())") }
    defer { close(descriptor) }
    var yes: Int32 = 1
    setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
    return bindSocket(descriptor, address, port: port)
  }

  /// Binds `descriptor` to the numeric address and port; the system's reason when that fails
  /// (a busy port said in plain words).
  private static func bindSocket(_ descriptor: Int32, _ address: Address, port: Int)
    -> ServeFailure?
  {
    var hints = addrinfo()
    hints.ai_flags = AI_NUMERICHOST | AI_NUMERICSERV | AI_PASSIVE
    hints.ai_family = address.family
    hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
    var list: UnsafeMutablePointer<addrinfo>?
    guard getaddrinfo(address.numeric, String(port), &hints, &list) == 0, let entry = list else {
      return ServeFailure("cannot use address \(address.numeric)")
    }
    defer { freeaddrinfo(list) }
    if bind(descriptor, entry.pointee.ai_addr, entry.pointee.ai_addrlen) != 0 {
      let reason = errno == EADDRINUSE ? "the port is busy (address already in use)" : errorText()
      return ServeFailure("cannot listen on \(display(address.numeric)):\(port): \(reason)")
    }
    return nil
  }

  /// Binds a socket with SO_REUSEPORT to the address and port; returns the descriptor
  /// (close-on-exec) and the bound port.
  /// - Without `listening`, the supervisor of `--workers` holds the port this way for as long as
  ///   it runs (a bound socket that does not listen gets no connections): no other program takes
  ///   the port while a worker restarts, and `--port 0` is resolved once, for every worker.
  /// - With it, a worker's own listening socket (non-blocking): the kernel spreads new
  ///   connections over the workers' sockets. (libwebsockets 4.1.6 as Debian builds it, with
  ///   LWS_MAX_SMP 1, does not set SO_REUSEPORT for LWS_SERVER_OPTION_ALLOW_LISTEN_SHARE, so
  ///   the worker listens itself and hands accepted sockets to lws.)
  static func bindShared(_ address: Address, port: Int, listening: Bool) -> Result<
    (Int32, Int), ServeFailure
  > {
    let descriptor = socket(
      address.family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard descriptor >= 0 else {
      return .failure(ServeFailure("cannot open a socket: \(errorText())"))
    }
    var yes: Int32 = 1
    let size = socklen_t(MemoryLayout<Int32>.size)
    setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, size)
    setsockopt(descriptor, SOL_SOCKET, SO_REUSEPORT, &yes, size)
    if let failure = bindSocket(descriptor, address, port: port) {
      close(descriptor)
      return .failure(failure)
    }
    var storage = sockaddr_storage()
    var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
    let named = withUnsafeMutablePointer(to: &storage) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        getsockname(descriptor, $0, &length)
      }
    }
    guard named == 0 else {
      close(descriptor)
      return .failure(ServeFailure("cannot read the bound port: \(errorText())"))
    }
    if listening {
      guard listen(descriptor, SOMAXCONN) == 0 else {
        close(descriptor)
        return .failure(ServeFailure("cannot listen on port \(port): \(errorText())"))
      }
      _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
    }
    let bound = withUnsafePointer(to: &storage) { pointer -> Int in
      if address.family == AF_INET6 {
        return pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) {
          Int(UInt16(bigEndian: $0.pointee.sin6_port))
        }
      }
      return pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) {
        Int(UInt16(bigEndian: $0.pointee.sin_port))
      }
    }
    return .success((descriptor, bound))
  }

  /// The machine's own addresses and name, which a page may use to reach a server listening on
  /// every interface (`--host 0.0.0.0`).
  static func ownHostNames() -> [String] {
    var names: [String] = []
    var interfaces: UnsafeMutablePointer<ifaddrs>?
    if getifaddrs(&interfaces) == 0 {
      var cursor = interfaces
      while let entry = cursor {
        if let address = entry.pointee.ifa_addr,
          address.pointee.sa_family == AF_INET || address.pointee.sa_family == AF_INET6
        {
          let length =
            address.pointee.sa_family == AF_INET
            ? MemoryLayout<sockaddr_in>.size : MemoryLayout<sockaddr_in6>.size
          if let text = numericHost(address, socklen_t(length)), !text.contains("%") {
            names.append(text)
          }
        }
        cursor = entry.pointee.ifa_next
      }
      freeifaddrs(interfaces)
    }
    var buffer = [CChar](repeating: 0, count: 256)
    if gethostname(&buffer, buffer.count - 1) == 0 {
      let name = buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
      if !name.isEmpty { names.append(name) }
    }
    return names
  }

  /// `::1` as `[::1]`, so that a port can follow.
  static func display(_ numeric: String) -> String {
    numeric.contains(":") ? "[\(numeric)]" : numeric
  }

  private static func numericHost(_ address: UnsafePointer<sockaddr>?, _ length: socklen_t)
    -> String?
  {
    guard let address else { return nil }
    var buffer = [CChar](repeating: 0, count: Int(NI_MAXHOST))
    guard
      getnameinfo(address, length, &buffer, socklen_t(buffer.count), nil, 0, NI_NUMERICHOST) == 0
    else { return nil }
    return buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
  }

  static func errorText() -> String { String(cString: strerror(errno)) }
}

/// Why the server could not start: the one line it logs before exiting non-zero.
public struct ServeFailure: Error, Equatable, Sendable, CustomStringConvertible {
  public var message: String
  public init(_ message: String) { self.message = message }
  public var description: String { message }
}
