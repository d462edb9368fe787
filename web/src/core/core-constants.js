// Generated from Sources/TagCloudCore and TagCloudWire by `make constants` (Sources/core-constants): do not edit.
// The numbers the core owns that the element's styles and scripts use (element/core-properties.js
// writes the styles' share as custom properties).

/** The capsule's paddings around its label at text scale 1, CSS px (CapsuleMetrics). */
export const CAPSULE_PADDING = Object.freeze({ x: 16, y: 10 });

/** The touch target: this many px more above and below the capsule, at least this tall (CapsuleSizing). */
export const TOUCH_TARGET = Object.freeze({ outset: 3, minimumHeight: 44 });

/** The gap between capsules and rows, CSS px, unless the page says otherwise (DemoTags.defaultSpacing). */
export const DEFAULT_SPACING = 16;

/** Capsules closer than this melt, unless the page says otherwise (DemoTags.mergeDistance). */
export const DEFAULT_MERGE_DISTANCE = 10;

/** The most tags a layout takes (WireLimits.maximumTags): the JSON path's limit, the packed path's too. */
export const MAX_TAGS = 1000000;

/** The tint's share of a capsule's colour, 0…1, per look of its glass (GlassTint). */
export const TINT_AMOUNTS = Object.freeze({
  regular: Object.freeze({ unselected: 0.3, selected: 0.85 }),
  clear: Object.freeze({ unselected: 0.15, selected: 0.55 }),
  solid: Object.freeze({ unselected: 0.55, selected: 1 }),
});

/** The opaque colour under a solid capsule's tint, sRGB 0…255 (GlassTint.solidBase). */
export const SOLID_BASE_RGB = Object.freeze([28, 28, 30]);
