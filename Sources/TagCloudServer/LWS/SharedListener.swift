import CLibWebSockets
import TagCloudLive

#if canImport(Glibc)
  import Glibc
#endif

/// A worker's listening socket on the shared port (SO_REUSEPORT, see
/// ``Network/bindShared(_:port:listening:)``), watched by lws as a raw file descriptor: when it
/// is readable, the pending connections are accepted here and handed to lws
/// (`lws_adopt_socket_vhost`), which serves them exactly like the ones its own listener accepts.
///
///     let listener = SharedListener(descriptor: fd)
///     listener.attach(to: vhost)  // lws now polls fd; accept() runs in its callback
final class SharedListener {
  /// The raw-file protocol name the descriptor is adopted under.
  static let protocolName = ServerSetup.ServerProtocol.sharedListener.name
  /// Connections accepted per wake-up, so that a flood of handshakes cannot starve the rest of
  /// the loop (lws wakes us again while more are pending).
  static let acceptsPerWake = 64

  let descriptor: Int32
  private var vhost: OpaquePointer?

  init(descriptor: Int32) {
    self.descriptor = descriptor
  }

  /// Adopts the listening descriptor into `vhost`'s loop; false when lws refuses it (it then
  /// closes the descriptor).
  func attach(to vhost: OpaquePointer) -> Bool {
    self.vhost = vhost
    var file = lws_sock_file_fd_type()
    file.filefd = descriptor
    return lws_adopt_descriptor_vhost(vhost, LWS_ADOPT_RAW_FILE_DESC, file, Self.protocolName, nil)
      != nil
  }

  /// The raw-file callback: accepts what is pending on a readable listener.
  func handle(_ reason: lws_callback_reasons) -> Int32 {
    guard reason == LWS_CALLBACK_RAW_RX_FILE, let vhost else { return 0 }
    for _ in 0..<Self.acceptsPerWake {
      let client = accept(descriptor, nil, nil)
      if client < 0 {
        // EAGAIN: nothing left. Other errors (EMFILE, ECONNABORTED) are per connection: the
        // listener stays, as lws's own does.
        if errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR && errno != ECONNABORTED {
          logLine("error: accept on the shared port failed: \(Network.errorText())")
        }
        break
      }
      _ = fcntl(client, F_SETFD, FD_CLOEXEC)
      // On failure lws closes the socket itself.
      _ = lws_adopt_socket_vhost(vhost, client)
    }
    return 0
  }
}
