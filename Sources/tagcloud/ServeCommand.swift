import TagCloudCLI
import TagCloudLive
import TagCloudServer

#if canImport(Glibc)
  import Glibc
#endif

/// `tagcloud serve`: loads the tags, then hands over to the server until a signal stops it.
enum ServeCommand {
  /// Returns the exit status: 0 after SIGINT/SIGTERM, 1 when it could not start.
  static func run(_ options: ServeOptions) -> Int32 {
    var live = LiveConfiguration.demo
    if let path = options.tagsFile {
      guard let bytes = readFile(path) else {
        writeErrorLine(
          "tagcloud serve: error: cannot read tags file '\(path)': \(String(cString: strerror(errno)))"
        )
        return 1
      }
      do {
        live = try TagFile.decode(bytes)
      } catch {
        writeErrorLine("tagcloud serve: error: bad tags file '\(path)': \(error.description)")
        return 1
      }
    }
    var settings = ServerSettings(
      host: options.host, port: options.port, webDirectory: options.webDirectory,
      allowedOrigins: options.allowedOrigins, live: live)
    settings.echo = options.echo
    let limits = options.limits
    settings.pingAfter = limits.pingAfter
    settings.hangUpAfter = limits.hangUpAfter
    settings.drainGrace = limits.drainGrace
    settings.live.maxSessions = limits.maxSessions
    settings.live.sessionTimeToLive = Double(limits.sessionTTL)
    settings.live.messageRate = Double(limits.messageRate)
    settings.live.messageBurst = 2 * Double(limits.messageRate)
    settings.worker = WorkerRole(environment: processEnvironment())
    if settings.worker == nil {
      // A worker inherits the supervisor's limit; the supervisor (or the only process) fits it.
      OpenFileLimit.fit(maxSessions: limits.maxSessions)
      let count: Int
      switch limits.workers {
      case .auto: count = WorkerProcesses.availableCores()
      case .fixed(let fixed): count = fixed
      }
      if count > 1 {
        return WorkerProcesses.run(settings, count: count, arguments: CommandLine.arguments)
      }
    }
    return LiveServer.run(settings)
  }

  private static func readFile(_ path: String) -> [UInt8]? {
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count > 0 {
        bytes.append(contentsOf: chunk[0..<count])
        // A tags file is small; refuse to slurp a huge file by mistake.
        if bytes.count > 1 << 20 {
          errno = EFBIG
          return nil
        }
      } else if count == 0 {
        return bytes
      } else if errno != EINTR {
        return nil
      }
    }
  }
}
