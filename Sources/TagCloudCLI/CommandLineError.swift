/// A command line that cannot be carried out, with the message to show the user and the exit
/// status to leave with.
///
/// - 64 (EX_USAGE): the command line is malformed: an unknown option, a missing value, a stray
///   argument.
/// - 1: the command line is well formed but a value is unusable: out of range, not a number, or
///   a bad `TAGCLOUD_*` environment variable (the same status as any other failure to start).
public struct CommandLineError: Error, Equatable, Sendable {
  public var message: String
  public var exitStatus: Int32

  public init(_ message: String, exitStatus: Int32 = 64) {
    self.message = message
    self.exitStatus = exitStatus
  }

  /// A value that is well placed but unusable (exit status 1).
  ///
  ///     CommandLineError.badValue("--max-sessions expects ..., got '0'")
  public static func badValue(_ message: String) -> CommandLineError {
    CommandLineError(message, exitStatus: 1)
  }
}
