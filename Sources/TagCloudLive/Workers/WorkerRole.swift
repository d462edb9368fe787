/// What makes a `tagcloud serve` process a worker of a supervisor: its number, the descriptor
/// on which it reports that it listens, and its parent's pid. The supervisor passes them in
/// the environment of the processes it spawns (internal variables, not for operators; the way
/// node's cluster module marks its workers), together with the same arguments plus `--port`.
///
///     WorkerRole(environment: ["TAGCLOUD_WORKER": "2", "TAGCLOUD_WORKER_NOTIFY_FD": "3",
///                              "TAGCLOUD_WORKER_PARENT": "4242"])
///     // WorkerRole(number: 2, notifyDescriptor: 3, parent: 4242)
public struct WorkerRole: Equatable, Sendable {
  public static let numberVariable = "TAGCLOUD_WORKER"
  public static let notifyVariable = "TAGCLOUD_WORKER_NOTIFY_FD"
  public static let parentVariable = "TAGCLOUD_WORKER_PARENT"

  /// 1...N: the worker's label in logs and `/metrics`.
  public var number: Int
  /// Where the worker writes its pid and a newline once it listens.
  public var notifyDescriptor: Int32
  /// The supervisor's pid: a worker whose parent is gone stops.
  public var parent: Int32

  public init(number: Int, notifyDescriptor: Int32, parent: Int32) {
    self.number = number
    self.notifyDescriptor = notifyDescriptor
    self.parent = parent
  }

  /// Nil when the process is not a worker (no `TAGCLOUD_WORKER`, or values that are not
  /// positive numbers: a stray variable never turns a server into a worker half-way).
  public init?(environment: [String: String]) {
    guard let number = environment[Self.numberVariable].flatMap({ Int($0) }), number >= 1,
      let descriptor = environment[Self.notifyVariable].flatMap({ Int32($0) }), descriptor >= 0,
      let parent = environment[Self.parentVariable].flatMap({ Int32($0) }), parent > 0
    else { return nil }
    self.init(number: number, notifyDescriptor: descriptor, parent: parent)
  }

  /// The variables the supervisor sets for this worker.
  public var environment: [String: String] {
    [
      Self.numberVariable: String(number), Self.notifyVariable: String(notifyDescriptor),
      Self.parentVariable: String(parent),
    ]
  }
}
