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
      switch TagFileLoader.load(path) {
      case .success(let loaded): live = loaded
      case .failure(let failure):
        writeErrorLine("tagcloud serve: error: \(failure.message)")
        return 1
      }
    }
    var settings = ServerSettings(
      host: options.host, port: options.port, webDirectory: options.webDirectory,
      allowedOrigins: options.allowedOrigins, live: live)
    settings.echo = options.echo
    settings.tagsFile = options.tagsFile
    let limits = options.limits
    settings.pingAfter = limits.pingAfter
    settings.hangUpAfter = limits.hangUpAfter
    settings.drainGrace = limits.drainGrace
    settings.live.maxSessions = limits.maxSessions
    settings.live.sessionTimeToLive = Double(limits.sessionTTL)
    settings.live.messageRate = Double(limits.messageRate)
    settings.live.messageBurst = 2 * Double(limits.messageRate)
    settings.live.layoutCacheBytes = limits.layoutCacheMiB << 20
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
}
