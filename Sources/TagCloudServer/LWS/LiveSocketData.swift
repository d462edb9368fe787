/// A `/live` socket's adapter state (``LiveServer/Connection``), kept in the memory lws keeps
/// for each socket of the protocol (`per_session_data_size`, handed to every callback as
/// `user`): a callback finds it from its own arguments. A table keyed by the socket cost two
/// hashed lookups a frame (about 800 instructions, callgrind).
///
/// lws zeroes the memory when the socket opens and frees it after LWS_CALLBACK_CLOSED. The
/// connection is initialized in it at LWS_CALLBACK_ESTABLISHED and moved out at CLOSED (its
/// message buffer released then); the first byte says whether it holds one, so a socket refused
/// at ESTABLISHED, whose memory stays zeroed, holds none.
///
///     LiveSocketData.store(LiveServer.Connection(id: id), in: user)  // ESTABLISHED
///     LiveSocketData.connection(in: user)?.pointee.closing            // any later callback
///     LiveSocketData.take(from: user)                                 // CLOSED
enum LiveSocketData {
  /// Where the connection starts: after the flag byte, at its alignment.
  private static let connectionOffset = max(MemoryLayout<LiveServer.Connection>.alignment, 1)

  /// The bytes each socket needs (the protocol's `per_session_data_size`).
  static let byteCount = connectionOffset + MemoryLayout<LiveServer.Connection>.size

  /// The connection in `user`, changed in place; nil when it holds none.
  static func connection(in user: UnsafeMutableRawPointer?) -> UnsafeMutablePointer<
    LiveServer.Connection
  >? {
    guard let user, user.load(as: UInt8.self) != 0 else { return nil }
    return (user + connectionOffset).assumingMemoryBound(to: LiveServer.Connection.self)
  }

  /// Keeps `connection` in `user`, which must hold none.
  static func store(_ connection: LiveServer.Connection, in user: UnsafeMutableRawPointer) {
    precondition(user.load(as: UInt8.self) == 0, "a socket's memory holds one connection")
    (user + connectionOffset).bindMemory(to: LiveServer.Connection.self, capacity: 1)
      .initialize(to: connection)
    user.storeBytes(of: 1, as: UInt8.self)
  }

  /// Moves the connection out of `user`, which then holds none; nil when it held none.
  static func take(from user: UnsafeMutableRawPointer?) -> LiveServer.Connection? {
    guard let user, let connection = connection(in: user) else { return nil }
    user.storeBytes(of: 0, as: UInt8.self)
    return connection.move()
  }
}
