import TagCloudCore

/// The seed's ten demo tags with realistic capsule sizes: label widths of a 15 px semibold
/// system font, plus the seed's paddings (2 × 16 wide, 20 + 2 × 10 tall).
enum DemoFixture {
  static let labelWidths: [Double] = [56, 75, 50, 40, 66, 61, 48, 82, 40, 58]
  static let titles = [
    "SwiftUI", "Animation", "Layout", "Glass", "Gestures", "Symbols", "Charts", "Navigation",
    "Metal", "Widgets",
  ]
  static var sizes: [Size] { labelWidths.map { Size(width: $0 + 32, height: 40) } }
}
