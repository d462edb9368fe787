import CLibWebSockets
import CLibWebSocketsShim

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
  public static let livePath = "/live"
  /// Messages longer than this close the connection with 1009 (message too big).
  public static let maxMessageBytes = 64 * 1024
  /// How much of an oversize message is read (and dropped) before the socket is simply cut.
  static let maxDiscardBytes = 1024 * 1024

  /// An open WebSocket: its hub identity and the message being assembled from fragments.
  private struct Connection {
    var id: ConnectionID
    var inbound: [UInt8] = []
    var inboundIsBinary = false
    /// Set when the hub asked to close; the close frame goes out at the next writable callback.
    var closing: CloseInstruction?
    /// The message being read is over the limit: its bytes are counted and dropped.
    var oversize = false
    var discarded = 0
  }

  private let settings: ServerSettings
  private var hub: LiveHub<SystemRandomNumberGenerator>
  private var originPolicy: OriginPolicy
  private var connections: [OpaquePointer: Connection] = [:]
  private var sockets: [ConnectionID: OpaquePointer] = [:]
  private var httpBodies: [OpaquePointer: [UInt8]] = [:]
  private var context: OpaquePointer?
  /// Set at the first stop signal: `/readyz` answers 503 from then on; the WebSockets close
  /// when the drain grace ends (or at a second signal).
  private var drainEnds: Double?
  private var stopping = false
  private var stopDeadline = 0.0
  private var sessionsAtStop: Int?
  private var listenPort = 0
  private var arena = CArena()
  private let pre = Int(tc_lws_pre())
  /// A worker's own listener on the shared port (`--workers`), nil otherwise.
  fileprivate var sharedListener: SharedListener?
  /// `/echo`, only with `--echo` (conformance testing, see ``EchoEndpoint``).
  fileprivate let echo: EchoEndpoint?
  /// The web folder (``StaticFileServer``), from start on.
  private(set) var staticFiles: StaticFileServer?
  /// HTTP answers by route and status, for `/metrics`.
  var httpMetrics = HTTPMetrics()

  private init(settings: ServerSettings) {
    self.settings = settings
    self.hub = LiveHub(configuration: settings.live, random: SystemRandomNumberGenerator())
    self.originPolicy = OriginPolicy(allowing: settings.allowedOrigins)
    self.echo = settings.echo ? EchoEndpoint() : nil
  }

  deinit { arena.freeAll() }

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

  private func start() -> Result<Void, ServeFailure> {
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
      SetupTables.protocols(setup, in: &arena, callback: Self.callback(for:)))
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

    guard let context = lws_create_context(&info) else {
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
      originPolicy.allow(origin)
    }

    Signals.install(context: context)
    scheduleTick()
    let tags = settings.live.tags.count
    if let worker = settings.worker {
      // The supervisor logs the one "listening on" line once every worker is ready.
      logLine("ready on http://\(Network.display(address.numeric)):\(listenPort) (pid \(getpid()))")
      writeAll(Array("\(getpid())\n".utf8), to: worker.notifyDescriptor)
      close(worker.notifyDescriptor)
    } else {
      logLine(
        "listening on http://\(Network.display(address.numeric)):\(listenPort) (web \(webRoot), \(tags) tags, WebSocket \(Self.livePath) \(Self.subprotocol), pid \(getpid()))"
      )
    }
    return .success(())
  }

  /// The protocols and mounts this process serves, as the settings turn them on.
  private var setup: ServerSetup {
    ServerSetup(echo: echo != nil, sharedListener: sharedListener != nil)
  }

  private static func callback(for entry: ServerSetup.ServerProtocol) -> SetupTables.Callback {
    switch entry {
    case .http: return httpCallback
    case .live: return liveCallback
    case .staticFiles: return staticFileCallback
    case .echo: return echoCallback
    case .sharedListener: return acceptCallback
    }
  }

  private func makeRetryPolicy() -> UnsafeMutablePointer<lws_retry_bo_t> {
    let policy = arena.allocate(lws_retry_bo_t.self, count: 1)
    policy.pointee.secs_since_valid_ping = UInt16(settings.pingAfter)
    policy.pointee.secs_since_valid_hangup = UInt16(settings.hangUpAfter)
    return policy
  }

  // MARK: - Service loop

  private func serve() -> Int32 {
    guard let context else { return 1 }
    while lws_service(context, 0) >= 0 {
      noticeSignals()
      if stopping && (connections.isEmpty || monotonicSeconds() >= stopDeadline) { break }
    }
    let open = connections.count
    let sessions = sessionsAtStop ?? hub.liveSessionCount
    lws_context_destroy(context)
    self.context = nil
    Signals.uninstall()
    logLine(
      "stopped (\(Signals.name(Signals.received))): \(sessions) WebSocket(s) sent 1001 going away, \(open) cut off without a close handshake"
    )
    return 0
  }

  /// The first stop signal starts the drain (`/readyz` 503, connections still served); the
  /// grace's end, or a second signal, closes them.
  private func noticeSignals() {
    let count = Signals.count
    guard count > 0, !stopping else { return }
    if drainEnds == nil {
      drainEnds = monotonicSeconds() + settings.drainGrace
      if settings.drainGrace > 0 {
        logLine(
          "draining (\(Signals.name(Signals.received))): /readyz answers 503; WebSockets close with 1001 in \(settings.drainGrace) s (a second signal closes them now)"
        )
        scheduleTick(after: 0.05)
      }
    }
    if count >= 2 || settings.drainGrace <= 0 { beginStop() }
  }

  /// Closes every WebSocket with 1001 (going away): the close frames go out from the writable
  /// callbacks; the loop ends when all are closed or after 0.6 s, well inside a second.
  private func beginStop() {
    stopping = true
    sessionsAtStop = connections.count
    stopDeadline = monotonicSeconds() + 0.6
    for socket in connections.keys { lws_callback_on_writable(socket) }
    scheduleTick(after: 0.05)
  }

  private var tickTimer: UnsafeMutablePointer<tc_timer>?

  /// Expires abandoned sessions once a second (and wakes the loop while stopping).
  private func scheduleTick(after seconds: Double = 1) {
    guard let context else { return }
    let timer = tickTimer ?? arena.allocate(tc_timer.self, count: 1)
    tickTimer = timer
    timer.pointee.owner = Unmanaged.passUnretained(self).toOpaque()
    tc_timer_schedule(context, timer, tickCallback, Int64(seconds * 1_000_000))
  }

  fileprivate func tick() {
    let now = monotonicSeconds()
    hub.expire(now: now)
    if let drainEnds, !stopping, now >= drainEnds { beginStop() }
    scheduleTick(after: drainEnds != nil ? 0.05 : 1)
  }

  // MARK: - HTTP

  func handleHTTP(
    _ wsi: OpaquePointer, _ reason: lws_callback_reasons, _ user: UnsafeMutableRawPointer?,
    _ input: UnsafeMutableRawPointer?, _ length: Int
  ) -> Int32 {
    switch reason {
    case LWS_CALLBACK_HTTP_CONFIRM_UPGRADE:
      return confirmUpgrade(wsi)
    case LWS_CALLBACK_HTTP:
      // Only GET reaches /healthz, /readyz and /metrics; the mounts see other methods with no GET URI.
      guard let path = header(wsi, WSI_TOKEN_GET_URI) else {
        httpMetrics.count(.health, status: 405)
        return startHTTPResponse(
          wsi, status: 405, type: "text/plain; charset=utf-8", body: Array("use GET\n".utf8))
      }
      let (status, type, body) = dynamicResponse(path: path)
      httpMetrics.count(.health, status: status)
      return startHTTPResponse(wsi, status: status, type: type, body: body)
    case LWS_CALLBACK_HTTP_WRITEABLE:
      guard var body = httpBodies.removeValue(forKey: wsi) else { break }
      var buffer = [UInt8](repeating: 0, count: pre) + body
      body = []
      let count = buffer.count - pre
      let written = buffer.withUnsafeMutableBufferPointer {
        lws_write(wsi, $0.baseAddress! + pre, count, LWS_WRITE_HTTP_FINAL)
      }
      if written < count { return -1 }
      return lws_http_transaction_completed(wsi) != 0 ? -1 : 0
    case LWS_CALLBACK_CLOSED_HTTP:
      httpBodies.removeValue(forKey: wsi)
    case LWS_CALLBACK_EVENT_WAIT_CANCELLED:
      noticeSignals()
      return 0
    default:
      break
    }
    return lws_callback_http_dummy(wsi, reason, user, input, length)
  }

  private func dynamicResponse(path: String) -> (Int, String, [UInt8]) {
    switch path {
    case "/healthz":
      return (200, "text/plain; charset=utf-8", Array("ok\n".utf8))
    case "/readyz":
      // 503 from the first stop signal on: a proxy stops sending new clients here while the
      // open WebSockets are still served (the drain grace), before they close with 1001.
      return drainEnds == nil
        ? (200, "text/plain; charset=utf-8", Array("ready\n".utf8))
        : (503, "text/plain; charset=utf-8", Array("draining\n".utf8))
    case "/metrics":
      var text =
        BuildInfoMetric.prometheusText + httpMetrics.prometheusText
        + hub.metrics.prometheusText(
          liveSessions: hub.liveSessionCount, detachedSessions: hub.detachedSessionCount)
      if let worker = settings.worker { text = Self.labelled(text, worker: worker) }
      return (200, "text/plain; version=0.0.4; charset=utf-8", Array(text.utf8))
    default:
      return (404, "text/plain; charset=utf-8", Array("not found\n".utf8))
    }
  }

  /// With `--workers`: every series labelled `worker="N"`, and `tagcloud_worker_info` with the
  /// worker's pid (so that a scrape through the shared port says which process answered).
  private static func labelled(_ text: String, worker: WorkerRole) -> String {
    let info =
      "# HELP tagcloud_worker_info The worker that answered this scrape (--workers), with its pid.\n"
      + "# TYPE tagcloud_worker_info gauge\ntagcloud_worker_info{pid=\"\(getpid())\"} 1\n"
    return MetricsLabel.add(name: "worker", value: String(worker.number), to: text + info)
  }

  private func startHTTPResponse(_ wsi: OpaquePointer, status: Int, type: String, body: [UInt8])
    -> Int32
  {
    var buffer = [UInt8](repeating: 0, count: pre + 1024)
    let failed = buffer.withUnsafeMutableBufferPointer { raw -> Bool in
      let start = raw.baseAddress! + pre
      let end = raw.baseAddress! + raw.count - 1
      var cursor: UnsafeMutablePointer<UInt8>? = start
      if lws_add_http_common_headers(
        wsi, UInt32(status), type, lws_filepos_t(body.count), &cursor, end) != 0
      {
        return true
      }
      let noStore = Array("no-store".utf8)
      if lws_add_http_header_by_token(
        wsi, WSI_TOKEN_HTTP_CACHE_CONTROL, noStore, Int32(noStore.count), &cursor, end) != 0
      {
        return true
      }
      // With --workers: which worker answered (also a label in /metrics).
      if let worker = settings.worker {
        let number = Array(String(worker.number).utf8)
        if lws_add_http_header_by_name(
          wsi, "x-tagcloud-worker:", number, Int32(number.count), &cursor, end) != 0
        {
          return true
        }
      }
      return lws_finalize_write_http_header(wsi, start, &cursor, end) != 0
    }
    if failed { return 1 }
    httpBodies[wsi] = body
    lws_callback_on_writable(wsi)
    return 0
  }

  /// The handshake checks, before any WebSocket exists: path, subprotocol, Origin.
  private func confirmUpgrade(_ wsi: OpaquePointer) -> Int32 {
    let path = header(wsi, WSI_TOKEN_GET_URI) ?? ""
    if echo != nil, let refusal = echoUpgradeRefusal(wsi, path: path) {
      return refusal == 0
        ? 0 : refuse(wsi, status: 400, "The echo endpoint is /echo, without a subprotocol.")
    }
    if path != Self.livePath {
      logLine("error: WebSocket upgrade refused: path '\(path)' is not \(Self.livePath) (404)")
      return refuse(wsi, status: 404, "The WebSocket is at /live.")
    }
    let offered = (header(wsi, WSI_TOKEN_PROTOCOL) ?? "").split(separator: ",").map {
      $0.trimmingSpaces()
    }
    if !offered.contains(Self.subprotocol) {
      logLine("error: WebSocket upgrade refused: subprotocol \(Self.subprotocol) not offered (400)")
      return refuse(wsi, status: 400, "Offer the subprotocol tagcloud.v1.")
    }
    let origin = header(wsi, WSI_TOKEN_ORIGIN)
    if !originPolicy.allows(origin) {
      logLine("error: WebSocket upgrade refused: origin '\(origin ?? "")' is not allowed (403)")
      return refuse(wsi, status: 403, "This origin may not open the live WebSocket.")
    }
    if stopping { return refuse(wsi, status: 503, "The server is stopping.") }
    return 0
  }

  /// With `--echo`: 0 lets an upgrade to /echo through (any origin, no subprotocol: it is a
  /// test endpoint), 1 refuses a handshake that would reach the wrong protocol, nil leaves the
  /// decision to the /live checks.
  private func echoUpgradeRefusal(_ wsi: OpaquePointer, path: String) -> Int32? {
    let offered = header(wsi, WSI_TOKEN_PROTOCOL) ?? ""
    if path == EchoEndpoint.path {
      return offered.contains(Self.subprotocol) ? 1 : 0
    }
    return offered.contains(EchoEndpoint.protocolName) ? 1 : nil
  }

  /// Answers a refused upgrade with a complete HTTP/1.1 response. (lws_return_http_status
  /// would say "HTTP/1.0" this early in the handshake, which strict clients reject as invalid.)
  private func refuse(_ wsi: OpaquePointer, status: Int, _ message: String) -> Int32 {
    let phrases = [
      400: "Bad Request", 403: "Forbidden", 404: "Not Found", 503: "Service Unavailable",
    ]
    httpMetrics.count(.upgrade, status: status)
    let body = message + "\n"
    let head =
      "HTTP/1.1 \(status) \(phrases[status] ?? "Error")\r\n"
      + "content-type: text/plain; charset=utf-8\r\n"
      + "content-length: \(body.utf8.count)\r\n"
      + "x-content-type-options: nosniff\r\n"
      + "connection: close\r\n\r\n"
    let response = Array((head + body).utf8)
    var buffer = [UInt8](repeating: 0, count: pre) + response
    _ = buffer.withUnsafeMutableBufferPointer {
      lws_write(wsi, $0.baseAddress! + pre, response.count, LWS_WRITE_HTTP_HEADERS)
    }
    return 1
  }

  /// A request header, nil when absent. One too long to read comes back empty, so that an
  /// oversized Origin can never pass as a missing one.
  func header(_ wsi: OpaquePointer, _ token: lws_token_indexes) -> String? {
    var buffer = [CChar](repeating: 0, count: 2048)
    let length = tc_lws_header(wsi, token, &buffer, Int32(buffer.count))
    if length == -2 { return "" }
    guard length >= 0 else { return nil }
    return buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
  }

  // MARK: - WebSocket

  fileprivate func handleLive(
    _ wsi: OpaquePointer, _ reason: lws_callback_reasons, _ input: UnsafeMutableRawPointer?,
    _ length: Int
  ) -> Int32 {
    switch reason {
    case LWS_CALLBACK_FILTER_PROTOCOL_CONNECTION:
      // Defence in depth: the Origin was checked at HTTP_CONFIRM_UPGRADE already.
      return originPolicy.allows(header(wsi, WSI_TOKEN_ORIGIN)) ? 0 : -1
    case LWS_CALLBACK_ESTABLISHED:
      switch hub.open(now: monotonicSeconds()) {
      case .success(let id):
        connections[wsi] = Connection(id: id)
        sockets[id] = wsi
        if stopping { lws_callback_on_writable(wsi) }
      case .failure(let refusal):
        logLine("error: WebSocket refused: \(refusal.reason)")
        return closeNow(wsi, refusal)
      }
      wake()
    case LWS_CALLBACK_RECEIVE:
      return receive(wsi, input, length)
    case LWS_CALLBACK_SERVER_WRITEABLE:
      return writable(wsi)
    case LWS_CALLBACK_CLOSED:
      if let connection = connections.removeValue(forKey: wsi) {
        sockets.removeValue(forKey: connection.id)
        hub.close(connection.id, now: monotonicSeconds())
      }
    default:
      break
    }
    return 0
  }

  private func receive(_ wsi: OpaquePointer, _ input: UnsafeMutableRawPointer?, _ length: Int)
    -> Int32
  {
    guard var connection = connections[wsi] else { return -1 }
    // After our close frame lws keeps reading until the peer acknowledges it; the rest of an
    // oversize message is discarded here rather than answered with a second, abrupt close.
    if connection.closing != nil { return 0 }
    if lws_is_first_fragment(wsi) != 0 && connection.inbound.isEmpty {
      connection.inboundIsBinary = lws_frame_is_binary(wsi) != 0
    }
    let remaining = Int(lws_remaining_packet_payload(wsi))
    let final = lws_is_final_fragment(wsi) != 0 && remaining == 0
    if connection.oversize || connection.inbound.count + length + remaining > Self.maxMessageBytes {
      // Read the rest of the message and throw it away, then close with 1009: closing while
      // the peer is still sending would reset the socket and lose the close frame. A peer that
      // keeps sending far past the limit is cut off at once.
      if !connection.oversize { hub.recordOversize(from: connection.id) }
      connection.oversize = true
      connection.inbound = []
      connection.discarded += length
      connections[wsi] = connection
      guard final || connection.discarded > Self.maxDiscardBytes else { return 0 }
      logLine(
        "error: closing connection \(connection.id) with 1009: message over \(Self.maxMessageBytes) bytes"
      )
      let instruction = CloseInstruction(
        code: 1009, reason: "message over \(Self.maxMessageBytes) bytes")
      connections[wsi]?.closing = instruction
      return closeNow(wsi, instruction)
    }
    if let input, length > 0 {
      connection.inbound.append(
        contentsOf: UnsafeRawBufferPointer(start: input, count: length))
    }
    guard final else {
      connections[wsi] = connection
      return 0
    }
    let message = connection.inbound
    let binary = connection.inboundIsBinary
    connection.inbound = []
    connection.inbound.reserveCapacity(0)
    connection.inboundIsBinary = false
    connections[wsi] = connection
    let now = monotonicSeconds()
    let verdict =
      binary
      ? hub.receiveBinary(from: connection.id, now: now)
      : hub.receive(message, from: connection.id, now: now)
    for line in hub.takeLog() { logLine("error: \(line)") }
    if let verdict {
      // Closing from inside the read would drop the socket with the peer's flood still unread
      // (the close frame was lost: the client saw EOF, not 1008). The close frame goes out
      // from the writable callback instead; until then the rest of the input is discarded
      // (`closing` above), and lws keeps reading until the peer acknowledges the close.
      connections[wsi]?.closing = verdict
      lws_callback_on_writable(wsi)
      return 0
    }
    wake()
    return 0
  }

  private func writable(_ wsi: OpaquePointer) -> Int32 {
    guard let connection = connections[wsi] else { return -1 }
    if stopping {
      return closeNow(wsi, CloseInstruction(code: 1001, reason: "server stopping"))
    }
    if let closing = connection.closing { return closeNow(wsi, closing) }
    if lws_send_pipe_choked(wsi) != 0 {
      lws_callback_on_writable(wsi)
      return 0
    }
    guard let frame = hub.takeFrame(for: connection.id, now: monotonicSeconds()) else { return 0 }
    var buffer = [UInt8](repeating: 0, count: pre + frame.count)
    buffer.replaceSubrange(pre..., with: frame)
    let written = buffer.withUnsafeMutableBufferPointer {
      lws_write(wsi, $0.baseAddress! + pre, frame.count, LWS_WRITE_TEXT)
    }
    if written < frame.count { return -1 }
    if hub.hasOutgoing(connection.id) { lws_callback_on_writable(wsi) }
    return 0
  }

  /// Asks for writable callbacks on every connection the hub has something new for.
  private func wake() {
    for id in hub.takeWakeups() {
      if let socket = sockets[id] { lws_callback_on_writable(socket) }
    }
  }

  private func closeNow(_ wsi: OpaquePointer, _ instruction: CloseInstruction) -> Int32 {
    var reason = Array(instruction.reason.utf8.prefix(120))
    reason.withUnsafeMutableBufferPointer {
      lws_close_reason(wsi, lws_close_status(UInt32(instruction.code)), $0.baseAddress, $0.count)
    }
    return -1
  }

  static func from(_ wsi: OpaquePointer?) -> LiveServer? {
    guard let wsi, let context = lws_get_context(wsi), let user = lws_context_user(context) else {
      return nil
    }
    return Unmanaged<LiveServer>.fromOpaque(user).takeUnretainedValue()
  }
}

// MARK: - C callbacks (no captures: they find the server through the context's user pointer)

private func httpCallback(
  _ wsi: OpaquePointer?, _ reason: lws_callback_reasons, _ user: UnsafeMutableRawPointer?,
  _ input: UnsafeMutableRawPointer?, _ length: Int
) -> Int32 {
  guard let wsi, let server = LiveServer.from(wsi) else {
    return lws_callback_http_dummy(wsi, reason, user, input, length)
  }
  return server.handleHTTP(wsi, reason, user, input, length)
}

private func liveCallback(
  _ wsi: OpaquePointer?, _ reason: lws_callback_reasons, _ user: UnsafeMutableRawPointer?,
  _ input: UnsafeMutableRawPointer?, _ length: Int
) -> Int32 {
  guard let wsi, let server = LiveServer.from(wsi) else { return 0 }
  return server.handleLive(wsi, reason, input, length)
}

private func echoCallback(
  _ wsi: OpaquePointer?, _ reason: lws_callback_reasons, _ user: UnsafeMutableRawPointer?,
  _ input: UnsafeMutableRawPointer?, _ length: Int
) -> Int32 {
  guard let wsi, let server = LiveServer.from(wsi), let echo = server.echo else {
    return lws_callback_http_dummy(wsi, reason, user, input, length)
  }
  switch reason {
  case LWS_CALLBACK_ESTABLISHED, LWS_CALLBACK_RECEIVE, LWS_CALLBACK_SERVER_WRITEABLE,
    LWS_CALLBACK_CLOSED:
    return echo.handle(wsi, reason, input, length)
  default:
    // As the vhost's default protocol, echo also receives the HTTP callbacks of every
    // connection (the upgrade checks among them): they belong to the HTTP handler.
    return server.handleHTTP(wsi, reason, user, input, length)
  }
}

private func acceptCallback(
  _ wsi: OpaquePointer?, _ reason: lws_callback_reasons, _ user: UnsafeMutableRawPointer?,
  _ input: UnsafeMutableRawPointer?, _ length: Int
) -> Int32 {
  guard let server = LiveServer.from(wsi), let listener = server.sharedListener else { return 0 }
  return listener.handle(reason)
}

private func lwsLog(_ level: Int32, _ line: UnsafePointer<CChar>?) {
  guard let line else { return }
  var text = String(cString: line)
  while text.last == "\n" || text.last == "\r" { text.removeLast() }
  logLine("error: lws: \(text)")
}

private func tickCallback(_ sul: UnsafeMutablePointer<lws_sorted_usec_list_t>?) {
  guard let sul else { return }
  let timer = UnsafeMutableRawPointer(sul).assumingMemoryBound(to: tc_timer.self)
  guard let owner = timer.pointee.owner else { return }
  Unmanaged<LiveServer>.fromOpaque(owner).takeUnretainedValue().tick()
}

extension Substring {
  fileprivate func trimmingSpaces() -> String {
    String(
      self.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
  }
}
