/// A command line that cannot be carried out, with the message to show the user.
public struct CommandLineError: Error, Equatable, Sendable {
  public var message: String

  public init(_ message: String) {
    self.message = message
  }
}
