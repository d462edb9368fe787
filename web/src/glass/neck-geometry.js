// The shape of a liquid neck between two melting capsules, from what the core says about the
// pair (core.layoutPacked: `necks`, `neckGaps`, `neckAxes`, `neckSpans`). Which capsules melt,
// how far apart they are and along which axis the neck runs is the core's one melt rule; this
// module only turns that into what a renderer draws: the smoothing radius of the WebGL2 union,
// the box its quad must cover, and the Canvas 2D fallback's hourglass.
//
//   const w = neckWaist(gap, span, radius, 10);                // the waist both backends draw
//   const k = neckRadius(gap, radius, 10);                     // the smooth-min radius giving it
//   const quad = neckQuad(a, b, k, frame.neckAxes, n, gap);    // {left, top, right, bottom}, cloud px
//   traceHourglass(context, frame.neckAxes, n, gap, span, radius, 10);   // a path for fill()
// - Complexity: O(1) each.

/** How far either side of an edge the 8-bit field resolves distances (CSS px). */
export const FIELD_RANGE = 6;
/** A full neck's waist (gap 0), as a fraction of the smaller capsule's height. */
const FULL_WAIST = 0.8;

/**
 * The neck's waist: half its width across the axis on the gap's midline, the one shape both
 * backends draw. `span` (the core's: half the stretch where the capsules' sides run side by side)
 * plus `FULL_WAIST × r` at gap 0, `span` alone (nothing for caps facing each other) at the merge
 * distance, linear in between: the neck grows from nothing as the gap closes (a waist opening as
 * √(mergeDistance − gap) shows 18 % of the height at 95 % of the distance, a visible pop).
 * r is the smaller capsule's radius.
 */
export function neckWaist(gap, span, radius, mergeDistance) {
  const reach = Math.min(1, Math.max(0, 1 - gap / mergeDistance));
  return span + reach * FULL_WAIST * radius;
}

/**
 * The smooth-min radius that gives two capsules `gap` apart the waist of `neckWaist` where their
 * end caps face each other. On the gap's midline both distances are equal, so the quadratic
 * smooth-min lowers the field by k/4; the midline point at lateral offset w is inside when
 * √(R² + w²) − r < k/4, R = r + gap/2. (Flat faces of capsules in adjacent rows join along their
 * whole overlap, the span, at once, docs/WEB.md; beyond it the caps' waist follows.)
 */
export function neckRadius(gap, radius, mergeDistance) {
  const waist = neckWaist(gap, 0, radius, mergeDistance);
  const centre = radius + gap / 2;
  return Math.max(1e-3, 4 * (Math.hypot(centre, waist) - radius));
}

/**
 * The box where the smooth union of capsules `a` and `b` (radius `k`) differs from the plain
 * union by something the shading can show: the neck's quad. The smooth-min lowers the field only
 * where |dA − dB| < k, by (k − |dA − dB|)²/4k at most, and the 8-bit field shows it only under
 * FIELD_RANGE; so wherever it shows, the farther distance is under FIELD_RANGE + k, and the quad
 * lies within the box where both capsules' boxes, widened by that, overlap. Where only their caps
 * face each other (neighbours in a row, capsules of adjacent rows meeting corner to corner) it is
 * tighter, a band around the bisector of the core's axis (neck `n` of `axes`: the closest points
 * of the capsules' centre segments): ±(¾k + 2) along it, and across it as far as
 * √((r + FIELD_RANGE + 5k/4)² − (r + gap − FIELD_RANGE − k/4)²). Both are checked against a dense
 * grid of the shader's own fields (Tests/node/web-modules.test.mjs).
 *
 *   neckQuad({ x: 0, y: 0, w: 80, h: 40 }, { x: 83, y: 0, w: 60, h: 40 }, 17, [60, 20, 103, 20], 0, 3)
 *   // { left: ≈67, top: ≈-27, right: ≈96, bottom: ≈67 } (then clipped to the capsules' box ± 2)
 */
export function neckQuad(a, b, k, axes, n, gap) {
  const reach = FIELD_RANGE + k;
  const box = {
    left: Math.max(a.x, b.x) - reach,
    top: Math.max(a.y, b.y) - reach,
    right: Math.min(a.x + a.w, b.x + b.w) + reach,
    bottom: Math.min(a.y + a.h, b.y + b.h) + reach,
  };
  // Only caps face each other when neither capsule's flat side reaches beside the other: each
  // ends, horizontally, before the other's flat side begins (its cap's centre).
  const ra = Math.min(a.w, a.h) / 2;
  const rb = Math.min(b.w, b.h) / 2;
  const horizontal = a.w >= a.h && b.w >= b.h;
  const capsOnly = horizontal && ((a.x + a.w <= b.x + rb && b.x >= a.x + a.w - ra) || (b.x + b.w <= a.x + ra && a.x >= b.x + b.w - rb));
  if (!capsOnly) return box;
  const px = axes[4 * n];
  const py = axes[4 * n + 1];
  const d = Math.hypot(axes[4 * n + 2] - px, axes[4 * n + 3] - py);
  const open = Math.max(0, gap);
  const ux = d > 0 ? (axes[4 * n + 2] - px) / d : 1;
  const uy = d > 0 ? (axes[4 * n + 3] - py) / d : 0;
  const centreX = px + ux * (ra + open / 2);
  const centreY = py + uy * (ra + open / 2);
  const r = Math.max(ra, rb);
  const shows = FIELD_RANGE + k / 4; // the nearer distance under which the union shows
  const along = 0.75 * k + 2;
  const across = Math.sqrt(Math.max(0, (r + shows + k) ** 2 - (r + open - shows) ** 2)) + 2;
  // The box around the band (along the axis u, across it n = (−uy, ux)), within the box above.
  const halfX = Math.abs(ux) * along + Math.abs(uy) * across;
  const halfY = Math.abs(uy) * along + Math.abs(ux) * across;
  return {
    left: Math.max(box.left, centreX - halfX),
    top: Math.max(box.top, centreY - halfY),
    right: Math.min(box.right, centreX + halfX),
    bottom: Math.min(box.bottom, centreY + halfY),
  };
}

/**
 * Adds the Canvas 2D fallback's neck `n` to `context`'s path: an hourglass along the core's axis,
 * half-width `span + 0.8 r` at both ends (r: the smaller capsule's radius; `span`: half the
 * stretch where the capsules' sides run side by side) and the WebGL2 union's waist between them
 * (`neckWaist`: zero at the merge distance, linear in the gap), the sides leaving the ends
 * parallel to the axis so they slide smoothly out of the capsules.
 * @returns {boolean} false when the pair does not melt (the caller draws nothing)
 */
export function traceHourglass(context, axes, n, gap, span, radius, mergeDistance) {
  const side = hourglassSide(axes, n, gap, span, radius, mergeDistance);
  if (!side) return false;
  side(context, 1, true);
  side(context, -1, false);
  context.closePath();
  return true;
}

/**
 * Adds one side of neck `n`'s hourglass (traceHourglass) to `context`'s path as a path of its
 * own, `sign` 1 or −1 (the side whose outward normal at the waist is sign × (−uy, ux), u the
 * axis), and returns that normal ([x, y], screen y down), or null when the pair does not melt.
 * The Canvas 2D fallback lights each side of a neck by it (rim-light.js).
 */
export function traceHourglassSide(context, axes, n, gap, span, radius, mergeDistance, sign) {
  const side = hourglassSide(axes, n, gap, span, radius, mergeDistance);
  if (!side) return null;
  return side(context, sign, true);
}

/**
 * A function that adds one side of neck `n`'s hourglass to a path (from the first capsule's end
 * to the second's for sign 1, back for −1; `start`: begin a new subpath there) and returns its
 * outward normal at the waist; null when the pair does not melt.
 */
function hourglassSide(axes, n, gap, span, radius, mergeDistance) {
  if (!(gap < mergeDistance) || !(mergeDistance > 0)) return null;
  const px = axes[4 * n];
  const py = axes[4 * n + 1];
  const dx = axes[4 * n + 2] - px;
  const dy = axes[4 * n + 3] - py;
  const d = Math.hypot(dx, dy) || 1;
  const ux = dx / d;
  const uy = dy / d;
  const end = span + FULL_WAIST * radius;
  const waist = neckWaist(gap, span, radius, mergeDistance);
  // A point `t` of the way along the axis, `offset` across it.
  const x = (t, offset) => px + ux * d * t - uy * offset;
  const y = (t, offset) => py + uy * d * t + ux * offset;
  return (context, sign, start) => {
    const e = sign * end;
    const w = sign * waist;
    // Sign 1 runs from t = 0 to 1, sign −1 back, so that the two make one closed outline.
    const t = sign > 0 ? (v) => v : (v) => 1 - v;
    if (start) context.moveTo(x(t(0), e), y(t(0), e));
    else context.lineTo(x(t(0), e), y(t(0), e));
    context.bezierCurveTo(x(t(0.35), e), y(t(0.35), e), x(t(0.3), w), y(t(0.3), w), x(0.5, w), y(0.5, w));
    context.bezierCurveTo(x(t(0.7), w), y(t(0.7), w), x(t(0.65), e), y(t(0.65), e), x(t(1), e), y(t(1), e));
    return [-uy * sign, ux * sign];
  };
}
