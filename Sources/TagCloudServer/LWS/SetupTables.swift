import CLibWebSockets
import TagCloudLive

/// lws's protocol and mount tables, made from a ``ServerSetup``: one C entry appended per
/// protocol or mount of the setup, in its order, then the zeroed terminator lws stops at. The
/// count comes from the setup's lists; nothing is placed at an index kept by hand, so turning
/// one option on can never overwrite another's entry.
///
///     let protocols = SetupTables.protocols(setup, in: &arena) { $0 == .http ? httpCallback : ... }
///
/// - Complexity: O(p + m), the setup's protocols and mounts.
enum SetupTables {
  /// A protocol's callback, as lws calls it.
  typealias Callback =
    @convention(c) (
      OpaquePointer?, lws_callback_reasons, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, Int
    ) -> Int32

  /// The vhost's protocol table (`lws_context_creation_info.protocols`).
  ///
  /// `socketBytes` is the memory lws keeps for each socket of the protocol and hands its
  /// callback as `user` (`per_session_data_size`; 0 for none).
  static func protocols(
    _ setup: ServerSetup, in arena: inout CArena,
    callback: (ServerSetup.ServerProtocol) -> Callback,
    socketBytes: (ServerSetup.ServerProtocol) -> Int = { _ in 0 }
  ) -> UnsafeMutablePointer<lws_protocols> {
    let table = arena.allocate(lws_protocols.self, count: setup.protocols.count + 1)
    for (index, entry) in setup.protocols.enumerated() {
      table[index].name = UnsafePointer(arena.string(entry.name))
      table[index].callback = callback(entry)
      table[index].per_session_data_size = socketBytes(entry)
      table[index].rx_buffer_size = entry.receiveBufferSize
    }
    return table
  }

  /// The vhost's mounts (`lws_context_creation_info.mounts`), linked in the setup's order.
  static func mounts(_ setup: ServerSetup, in arena: inout CArena) -> UnsafeMutablePointer<
    lws_http_mount
  > {
    let table = arena.allocate(lws_http_mount.self, count: setup.mounts.count)
    for (index, mount) in setup.mounts.enumerated() {
      if index > 0 { table[index - 1].mount_next = UnsafePointer(table + index) }
      table[index].mountpoint = UnsafePointer(arena.string(mount.path))
      table[index].mountpoint_len = UInt8(mount.path.utf8.count)
      table[index].origin = UnsafePointer(arena.string(mount.answeredBy.name))
      table[index].origin_protocol = UInt8(LWSMPRO_CALLBACK.rawValue)
    }
    return table
  }
}
