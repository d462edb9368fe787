/// The seed's demo: ten tags with their system tints, `SwiftUI` selected, spacing 18 (3 when
/// tight), merge distance 10.
///
/// Tints are Apple's system colours in their dark-mode values (the demo draws on a dark
/// gradient), as `#rrggbb`.
///
///     DemoTags.all.first?.title  // "SwiftUI"
public enum DemoTags {
  /// A demo tag: its title (also its id, as in the seed) and tint.
  public struct Tag: Sendable {
    public var title: StaticString
    public var tint: StaticString

    /// The id: the title's UTF-8 bytes, as the seed's `id` is its title.
    public var id: [UInt8] { Array(title.utf8Bytes) }
    /// The tint's UTF-8 bytes, `#rrggbb`.
    public var tintBytes: [UInt8] { Array(tint.utf8Bytes) }
  }

  public static let all: [Tag] = [
    Tag(title: "SwiftUI", tint: "#0A84FF"),
    Tag(title: "Animation", tint: "#FF375F"),
    Tag(title: "Layout", tint: "#FF9F0A"),
    Tag(title: "Glass", tint: "#40C8E0"),
    Tag(title: "Gestures", tint: "#BF5AF2"),
    Tag(title: "Symbols", tint: "#30D158"),
    Tag(title: "Charts", tint: "#FF453A"),
    Tag(title: "Navigation", tint: "#5E5CE6"),
    Tag(title: "Metal", tint: "#66D4CF"),
    Tag(title: "Widgets", tint: "#FFD60A"),
  ]

  /// The seed's initial selection.
  public static let initialSelection: [StaticString] = ["SwiftUI"]
  /// The seed's loose spacing.
  public static let spacing = 18.0
  /// The seed's spacing when "Tight spacing" is on.
  public static let tightSpacing = 3.0
  /// `GlassTagCloud`'s default spacing (the element's when the page gives none).
  public static let defaultSpacing = 16.0
  /// `GlassTagCloud`'s default merge distance.
  public static let mergeDistance = 10.0
}

extension StaticString {
  /// The string's UTF-8 bytes.
  var utf8Bytes: UnsafeBufferPointer<UInt8> {
    UnsafeBufferPointer(start: utf8Start, count: utf8CodeUnitCount)
  }
}
