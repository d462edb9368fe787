// Prints web/src/core/core-constants.js: the numbers the core (TagCloudCore, and TagCloudWire's
// limits) owns that the element's styles and scripts use besides the Wasm module (the module holds only what a layout computes), so that
// each has one home, the core. `make constants` writes the file; Tests/node/core-constants.test.mjs
// requires the committed one to be what this prints.
import TagCloudCore
import TagCloudWire

/// A number as JavaScript writes it: no ".0" on a whole number.
func js(_ value: Double) -> String {
  value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : "\(value)"
}

func tint(_ amounts: GlassTint) -> String {
  "Object.freeze({ unselected: \(js(amounts.unselected)), selected: \(js(amounts.selected)) })"
}

let base = GlassTint.solidBase
print(
  """
  // Generated from Sources/TagCloudCore and TagCloudWire by `make constants` (Sources/core-constants): do not edit.
  // The numbers the core owns that the element's styles and scripts use (element/core-properties.js
  // writes the styles' share as custom properties).

  /** The capsule's paddings around its label at text scale 1, CSS px (CapsuleMetrics). */
  export const CAPSULE_PADDING = Object.freeze({ x: \(js(CapsuleMetrics.baseHorizontalPadding)), y: \(js(CapsuleMetrics.baseVerticalPadding)) });

  /** The touch target: this many px more above and below the capsule, at least this tall (CapsuleSizing). */
  export const TOUCH_TARGET = Object.freeze({ outset: \(js(CapsuleSizing.touchOutset)), minimumHeight: \(js(CapsuleSizing.minimumTouchHeight)) });

  /** The gap between capsules and rows, CSS px, unless the page says otherwise (DemoTags.defaultSpacing). */
  export const DEFAULT_SPACING = \(js(DemoTags.defaultSpacing));

  /** Capsules closer than this melt, unless the page says otherwise (DemoTags.mergeDistance). */
  export const DEFAULT_MERGE_DISTANCE = \(js(DemoTags.mergeDistance));

  /** The most tags a layout takes (WireLimits.maximumTags): the JSON path's limit, the packed path's too. */
  export const MAX_TAGS = \(WireLimits.maximumTags);

  /** The tint's share of a capsule's colour, 0…1, per look of its glass (GlassTint). */
  export const TINT_AMOUNTS = Object.freeze({
    regular: \(tint(.regular)),
    clear: \(tint(.clear)),
    solid: \(tint(.solid)),
  });

  /** The opaque colour under a solid capsule's tint, sRGB 0…255 (GlassTint.solidBase). */
  export const SOLID_BASE_RGB = Object.freeze([\(base.red), \(base.green), \(base.blue)]);
  """)
