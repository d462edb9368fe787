import CLibWebSockets
import CLibWebSocketsShim
import TagCloudLive

#if canImport(Glibc)
  import Glibc
#endif

/// The thin libwebsockets adapter: one context, one service thread (the caller's), HTTP mounts
/// for the web folder, `/healthz`, `/readyz` and `/metrics`, and the `/live` WebSocket. Everything the
/// protocol decides lives in ``LiveHub``; this type only moves bytes and reads the clock.
///
///     let status = LiveServer.run(settings)  // blocks until SIGINT/SIGTERM; 0, or 1 at a failure
public final class LiveServer {
  /// The WebSocket subprotocol; a handshake that does not offer it is refused with 400.
  public static let subprotocol = ServerSetup.ServerProtocol.live.name
  /// The WebSocket path.
  public static let livePath = UpgradePolicy.livePath
  /// Messages longer than this close the connection with 1009 (message too big).
  public static let maxMessageBytes = 64 * 1024
  /// How much of an oversize message is read (and dropped) before the socket is simply cut.
  static let maxDiscardBytes = 1024 * 1024

  /// An open WebSocket: its hub identity and the message being assembled from fragments.
  struct Connection {
    var id: ConnectionID
    var inbound = MessageAssembler(
      maxMessageBytes: LiveServer.maxMessageBytes, maxDiscardBytes: LiveServer.maxDiscardBytes)
    /// Set when the hub asked to close; the close frame goes out at the next writable callback.
    var closing: CloseInstruction?
  }

  let settings: ServerSettings
  var hub: LiveHub<SystemRandomNumberGenerator>
  var upgrades: UpgradePolicy
  /// The open `/live` sockets by their hub connection (each socket's own state is in the
  /// memory lws keeps for it: ``LiveSocketData``).
  var sockets: [ConnectionID: OpaquePointer] = [:]
  var httpBodies: [OpaquePointer: [UInt8]] = [:]
  var context: OpaquePointer?
  /// Set at the first stop signal: `/readyz` answers 503 from then on; the WebSockets close
  /// when the drain grace ends (or at a second signal).
  var drainEnds: Double?
  /// The SIGHUPs handled so far (``Signals/reloads`` moves ahead when one arrives).
  var reloadsSeen = 0
  var stopping = false
  var stopDeadline = 0.0
  var sessionsAtStop: Int?
  var listenPort = 0
  var arena = CArena()
  let pre = Int(tc_lws_pre())
  /// The `/live` frames' buffer, with lws's headroom in front.
  var sendBuffer = SendBuffer(headroom: Int(tc_lws_pre()))
  /// A worker's own listener on the shared port (`--workers`), nil otherwise.
  var sharedListener: SharedListener?
  /// `/echo`, only with `--echo` (conformance testing, see ``EchoEndpoint``).
  let echo: EchoEndpoint?
  /// The tick's timer (``tick()``), allocated at the first schedule.
  var tickTimer: UnsafeMutablePointer<tc_timer>?
  /// The web folder (``StaticFileServer``), from start on.
  private(set) var staticFiles: StaticFileServer?
  /// HTTP answers by route and status, for `/metrics`.
  var httpMetrics = HTTPMetrics()
  /// epoll, or lws's poll loop (``EventLoop``).
  var eventLoop = EventLoop(epoll: nil)

  private init(settings: ServerSettings) {
    self.settings = settings
    self.hub = LiveHub(configuration: settings.live, random: SystemRandomNumberGenerator())
    self.upgrades = UpgradePolicy(
      echo: settings.echo, origins: OriginPolicy(allowing: settings.allowedOrigins))
    self.echo = settings.echo ? EchoEndpoint() : nil
  }

  deinit {
    arena.freeAll()
    sendBuffer.free()
  }

  /// Starts the server and serves until SIGINT or SIGTERM. Returns the exit status: 0 after a
  /// clean stop, 1 when it could not start (the reason is logged).
  public static func run(_ settings: ServerSettings) -> Int32 {
    if let worker = settings.worker {
      LogPrefix.current = "tagcloud serve [worker \(worker.number)]: "
      // Drain (SIGTERM) when the supervisor dies, even by SIGKILL; and if it is gone already
      // (it died between the spawn and this line), do not serve unsupervised.
      _ = tc_set_parent_death_signal(SIGTERM)
      guard getppid() == worker.parent else {
        logLine("error: the supervisor (pid \(worker.parent)) is gone; not starting")
        return 1
      }
    }
    let server = LiveServer(settings: settings)
    switch server.start() {
    case .failure(let failure):
      logLine("error: \(failure.message)")
      return 1
    case .success:
      return server.serve()
    }
  }

  // MARK: - Start

  /// What a server needs before it listens, checked with the system's own words: the web
  /// folder (resolved), the listen address, and (unless `sharedPort`) that the port is free.
  /// The supervisor of `--workers` runs the same checks before it spawns anything.
  static func preflight(_ settings: ServerSettings, sharedPort: Bool) -> Result<
    (webRoot: String, address: Network.Address), ServeFailure
  > {
    var status = stat()
    guard stat(settings.webDirectory, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR else {
      return .failure(
        ServeFailure("web folder '\(settings.webDirectory)' does not exist or is not a folder"))
    }
    guard let resolved = realpath(settings.webDirectory, nil) else {
      return .failure(
        ServeFailure("cannot open web folder '\(settings.webDirectory)': \(Network.errorText())"))
    }
    let webRoot = String(cString: resolved)
    free(resolved)

    let address: Network.Address
    switch Network.resolve(settings.host) {
    case .failure(let failure): return .failure(failure)
    case .success(let value): address = value
    }
    if !sharedPort, settings.port != 0, let failure = Network.probe(address, port: settings.port) {
      return .failure(failure)
    }
    return .success((webRoot, address))
  }

  func start() -> Result<Void, ServeFailure> {
    // A worker shares the port with its siblings and the supervisor's reservation (which
    // probed it already): a plain probe would find it busy.
    let webRoot: String
    let address: Network.Address
    switch Self.preflight(settings, sharedPort: settings.worker != nil) {
    case .failure(let failure): return .failure(failure)
    case .success(let checked): (webRoot, address) = checked
    }
    staticFiles = StaticFileServer(webRoot: webRoot)

    lws_set_log_level(Int32(LLL_ERR), lwsLog)

    var info = lws_context_creation_info()
    info.port = Int32(settings.port)
    if settings.worker != nil {
      switch Network.bindShared(address, port: settings.port, listening: true) {
      case .failure(let failure): return .failure(failure)
      case .success(let (descriptor, _)): sharedListener = SharedListener(descriptor: descriptor)
      }
      info.port = -2  // CONTEXT_PORT_NO_LISTEN_SERVER: a server vhost that adopts sockets
    }
    info.iface = UnsafePointer(arena.string(address.numeric))
    let setup = self.setup
    info.protocols = UnsafePointer(
      SetupTables.protocols(
        setup, in: &arena, callback: Self.callback(for:),
        socketBytes: { $0 == .live ? LiveSocketData.byteCount : 0 }))
    if echo != nil {
      // A handshake without a subprotocol binds to the vhost protocol with a "default" option.
      let pvo = arena.allocate(lws_protocol_vhost_options.self, count: 1)
      pvo.pointee.name = UnsafePointer(arena.string(EchoEndpoint.protocolName))
      pvo.pointee.options = UnsafePointer(arena.options([("default", "1")]))
      info.pvo = UnsafePointer(pvo)
    }
    info.mounts = UnsafePointer(SetupTables.mounts(setup, in: &arena))
    info.headers = UnsafePointer(
      arena.options([
        ("x-content-type-options:", "nosniff"), ("referrer-policy:", "no-referrer"),
      ]))
    info.options = UInt64(LWS_SERVER_OPTION_VALIDATE_UTF8)
    if address.family == AF_INET { info.options |= UInt64(LWS_SERVER_OPTION_DISABLE_IPV6) }
    info.vhost_name = UnsafePointer(arena.string("default"))
    info.retry_and_idle_policy = UnsafePointer(makeRetryPolicy())
    info.user = Unmanaged.passUnretained(self).toOpaque()
    info.timeout_secs = 10
    info.pt_serv_buf_size = 32 * 1024

    eventLoop = EventLoop.make()
    var withLoop = info
    eventLoop.configure(&withLoop, in: &arena)
    var created = lws_create_context(&withLoop)
    if created == nil && eventLoop.epoll != nil {
      // The plugin would not start: lws's own poll loop serves instead.
      eventLoop.destroy()
      created = lws_create_context(&info)
    }
    guard let context = created else {
      return .failure(
        ServeFailure(
          "cannot listen on \(Network.display(address.numeric)):\(settings.port) (libwebsockets could not start)"
        ))
    }
    self.context = context
    if let vhost = lws_get_vhost_by_name(context, "default") {
      listenPort = Int(lws_get_vhost_listen_port(vhost))
      if let sharedListener, !sharedListener.attach(to: vhost) {
        return .failure(ServeFailure("cannot watch the shared port (libwebsockets refused it)"))
      }
    }
    if listenPort <= 0 { listenPort = settings.port }

    let wildcard = ["0.0.0.0", "::", "[::]"].contains(settings.host)
    for origin in OriginPolicy.ownOrigins(
      host: settings.host, port: listenPort,
      extraHosts: wildcard ? Network.ownHostNames() : [address.numeric])
    {
      upgrades.origins.allow(origin)
    }

    Signals.install(context: context)
    scheduleTick()
    let tags = settings.live.tags.count
    if let worker = settings.worker {
      // The supervisor logs the one "listening on" line once every worker is ready.
      logLine(
        "ready on http://\(Network.display(address.numeric)):\(listenPort) (\(eventLoop.name), pid \(getpid()))"
      )
      writeAll(Array("\(getpid())\n".utf8), to: worker.notifyDescriptor)
      close(worker.notifyDescriptor)
    } else {
      logLine(
        "listening on http://\(Network.display(address.numeric)):\(listenPort) (web \(webRoot), \(tags) tags, WebSocket \(Self.livePath) \(Self.subprotocol), \(eventLoop.name), pid \(getpid()))"
      )
    }
    return .success(())
  }

  // MARK: - Service loop

  func serve() -> Int32 {
    guard let context else { return 1 }
    while eventLoop.serviceOnce(context) {
      noticeSignals()
      if stopping && (sockets.isEmpty || monotonicSeconds() >= stopDeadline) { break }
    }
    let open = sockets.count
    let sessions = sessionsAtStop ?? hub.liveSessionCount
    lws_context_destroy(context)
    eventLoop.destroy()
    self.context = nil
    Signals.uninstall()
    logLine(
      "stopped (\(Signals.name(Signals.received))): \(sessions) WebSocket(s) sent 1001 going away, \(open) cut off without a close handshake"
    )
    return 0
  }

  static func from(_ wsi: OpaquePointer?) -> LiveServer? {
    guard let wsi, let context = lws_get_context(wsi), let user = lws_context_user(context) else {
      return nil
    }
    return Unmanaged<LiveServer>.fromOpaque(user).takeUnretainedValue()
  }
}
