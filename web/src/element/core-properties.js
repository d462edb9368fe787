// The numbers of the core (core/core-constants.js, generated from Sources/TagCloudCore) and of
// the label measure that the element's styles use, as custom properties of the host, so that
// styles.css reads each with var() and holds no copy:
//   --capsule-padding-x, --capsule-padding-y     the capsule's paddings (rem: they scale with the text, as the core's do)
//   --remove-control-width                       a removable tag's room for its remove control (rem)
//   --touch-outset, --touch-height               the touch target: px more above and below, and its least height
//   --tint-unselected, --tint-selected           the glass's tint amounts (%), clear glass's under variant="clear"
//   --solid-tint-unselected, --solid-tint-selected, --solid-base   Reduce Transparency's and Increase Contrast's
//   --spacing                                    the default spacing (the frame writes the cloud's own on it)
// The element adopts them with its first sheet (glass-tag-cloud.js), so they hold from its
// first frame, before the Wasm core or styles.css arrive. before-defined.css, read before any
// script, keeps literals: Tests/node/core-constants.test.mjs holds them to these.
//
//   import { CORE_PROPERTIES } from "./core-properties.js";
//   sheet.replaceSync(`:host { display: block; } ${CORE_PROPERTIES}`);

import { CAPSULE_PADDING, DEFAULT_SPACING, SOLID_BASE_RGB, TINT_AMOUNTS, TOUCH_TARGET } from "../core/core-constants.js";
import { DEFAULT_ROOT_FONT_SIZE, REMOVE_CONTROL_WIDTH } from "../shared/label-metrics.js";

/** CSS px at text scale 1, in rem: the core's paddings grow with the browser's text size. */
export const rem = (px) => `${px / DEFAULT_ROOT_FONT_SIZE}rem`;
/** A share 0…1 as a percentage, without the float noise of × 100 (0.15 × 100 is 15.000000000000002). */
const percent = (amount) => `${Number((amount * 100).toPrecision(12))}%`;

/** The tint amounts of one look of the glass as the two properties `prefix`-unselected and -selected. */
const tintProperties = (prefix, { unselected, selected }) =>
  `--${prefix}-unselected: ${percent(unselected)}; --${prefix}-selected: ${percent(selected)};`;

export const CORE_PROPERTIES = `
:host {
  --capsule-padding-x: ${rem(CAPSULE_PADDING.x)};
  --capsule-padding-y: ${rem(CAPSULE_PADDING.y)};
  --remove-control-width: ${rem(REMOVE_CONTROL_WIDTH)};
  --touch-outset: ${TOUCH_TARGET.outset}px;
  --touch-height: ${TOUCH_TARGET.minimumHeight}px;
  ${tintProperties("tint", TINT_AMOUNTS.regular)}
  ${tintProperties("solid-tint", TINT_AMOUNTS.solid)}
  --solid-base: rgb(${SOLID_BASE_RGB.join(" ")});
  --spacing: ${DEFAULT_SPACING}px;
}
:host([variant="clear"]) {
  ${tintProperties("tint", TINT_AMOUNTS.clear)}
}
`;
