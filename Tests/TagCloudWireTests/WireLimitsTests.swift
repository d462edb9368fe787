import TagCloudCore
import TagCloudWire
import Testing

struct WireLimitsTests {
  @Test(arguments: [
    (1.0, true), (Double.leastNonzeroMagnitude, true), (64.0, true), (0.0, false), (-0.0, false),
    (-1.0, false), (64.0.nextUp, false), (Double.infinity, false), (Double.nan, false),
  ])
  func textScaleIsAboveZeroAndAtMostSixtyFour(scale: Double, accepted: Bool) {
    #expect(WireLimits.acceptsTextScale(scale) == accepted)
  }
}
