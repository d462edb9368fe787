/// One tag of a layout request: its id and what decides its capsule's size.
///
///     TagSpec(id: Array("SwiftUI".utf8), content: .size(Size(width: 96, height: 40)))
///     TagSpec(id: Array("Layout".utf8), content: .label(LabelMetrics(width: 46.5)))
public struct TagSpec: Equatable, Sendable {
  /// The tag's id, UTF-8; unique within a request (the seed uses the title).
  public var id: [UInt8]
  public var content: Content

  public enum Content: Equatable, Sendable {
    /// The capsule's size, given outright.
    case size(Size)
    /// The label's measured text: the capsule is derived by ``CapsuleSizing``.
    case label(LabelMetrics)
  }

  public init(id: [UInt8], content: Content) {
    self.id = id
    self.content = content
  }
}
