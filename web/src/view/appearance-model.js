// Adaptive appearance, the arithmetic (no DOM): from the colour that lies behind a capsule, its
// tint and whether it is selected, the label's ink, the glass's tone and how far the glass or the
// tint must move for the label to read (WCAG 2 contrast, with a margin for antialiased glyphs).
// tag-appearance.js applies the decisions; docs/ELEMENT.md ("Adaptive appearance") says why.
//
//   const next = decide({ backdrop, tint, amount, restAmount, selected, variant, solid }, previous);
//   // next: { light, inkDark, frost, dim, shade }
//   drawn(backdropRgb, { tint, amount, frost, dim, saturation })   // the glass's colour, sRGB 0…1
//
// The glass as the styles draw it under the label (styles.css, "Adaptive appearance"): the page
// blurred and saturated (`saturation`), over it a frost (white at `frost`) or a dimming layer
// (black at `dim`), over both the tint at `amount`, and a faint white light along the top, which
// costs white ink a little. (The frost or dimming is the legibility layer, which leaves the rim
// band clear; its arithmetic is this one under the glyphs.)
// - Contrast is judged as the pixels show it: a glyph's median pixel is not all ink (antialiasing:
//   measured 80 to 95 % ink for these labels), so the ink is mixed with the glass at COVERAGE
//   before WCAG's ratio is taken, and the ratio must reach TARGET.
// - Tone: over light content a lighter frost (and, in CSS, a darker rim and a soft shadow), over
//   dark content the seed's look, a little deeper where white would not quite read (a dimming of
//   MAX_DARK_DIM at most). It flips with hysteresis (a dead band of contrast): a capsule dragged
//   across a light/dark boundary flips once; the first decision keeps the seed's look wherever
//   white reads.
// - Ink: an unselected capsule's follows its tone (dark on the light tone, white on the dark);
//   a selected one's follows its tint (white on blue, purple, red; dark on yellow, orange, mint).
// - Then the glass moves until the chosen ink reads: more frost for dark ink; for white ink a
//   dimming (regular: up to MAX_DARK_DIM; clear: 35 % at least, Apple's figure); the tint's tone
//   (OKLab lightness) as the last resort either way: "a tint maps to a range of tones".
// - Complexity: O(1) per capsule (a few bisections of 12 steps).

/** WCAG's 4.5:1 and a little, as drawn (COVERAGE). */
export const TARGET = 4.6;
/**
 * How much of a glyph's median pixel is ink (the least measured, 15 px semibold with its halo,
 * Chromium and Firefox); engines whose labels carry less pass their own (tag-appearance.js).
 */
export const COVERAGE = 0.8;
/** The dark tone (white ink) is taken back only when white would read this much better. */
const DEAD_BAND = 1.45;
/** A change of what lies behind (cube root of luminance, ≈ lightness) beyond which no decision is held. */
const JUMP = 0.2;
/** Frost of the light tone at least; dimming of the clear glass when it dims at all (Apple: 35 %). */
export const BASE_FROST = 0.25;
export const BASE_DIM = 0.35;
/** The most the dark tone deepens the glass for white ink before the tone turns light. */
export const MAX_DARK_DIM = 0.45;
/** The top light at the glyphs (styles.css: white 16 % fading out at 60 % of the height). */
const TOP_LIGHT = 0.03;
/**
 * How far toward the darkest and lightest colours that show behind a capsule, unblurred, the
 * glass must still read (backdrop-map.js `low`, `high`): engines blur fine detail unevenly.
 */
const BUSY = 0.5;
/** A selected tint lighter than this (relative luminance) carries dark ink. */
const LIGHT_TINT = 0.36;
/** Steps in which frost, dimming and the tint's tone are written (fewer restyles), and the slack kept. */
const STEP = 0.05;
const SLACK = 0.15;

export const WHITE = [1, 1, 1];
/** The dark ink: Apple's label colour in light mode (UIColor.label), black. */
export const DARK_INK = [0, 0, 0];

export function linear(c) {
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

function encode(c) {
  const v = c <= 0.0031308 ? 12.92 * c : 1.055 * c ** (1 / 2.4) - 0.055;
  return Math.min(1, Math.max(0, v));
}

/** Relative luminance (WCAG 2) of sRGB 0…1. */
export function luminance([r, g, b]) {
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

export function contrast(a, b) {
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}

/** CSS saturate() on sRGB values (Filter Effects 1's matrix), clamped as a filter's result is. */
export function saturate([r, g, b], s) {
  const clamp = (v) => Math.min(1, Math.max(0, v));
  return [
    clamp((0.213 + 0.787 * s) * r + (0.715 - 0.715 * s) * g + (0.072 - 0.072 * s) * b),
    clamp((0.213 - 0.213 * s) * r + (0.715 + 0.285 * s) * g + (0.072 - 0.072 * s) * b),
    clamp((0.213 - 0.213 * s) * r + (0.715 - 0.715 * s) * g + (0.072 + 0.928 * s) * b),
  ];
}

/** sRGB 0…1 → OKLab [L, a, b]. */
export function toOklab([r, g, b]) {
  const [lr, lg, lb] = [linear(r), linear(g), linear(b)];
  const l = Math.cbrt(0.4122214708 * lr + 0.5363325363 * lg + 0.0514459929 * lb);
  const m = Math.cbrt(0.2119034982 * lr + 0.6806995451 * lg + 0.1073969566 * lb);
  const s = Math.cbrt(0.0883024619 * lr + 0.2817188376 * lg + 0.6299787005 * lb);
  return [
    0.2104542553 * l + 0.793617785 * m - 0.0040720468 * s,
    1.9779984951 * l - 2.428592205 * m + 0.4505937099 * s,
    0.0259040371 * l + 0.7827717662 * m - 0.808675766 * s,
  ];
}

/** OKLab → sRGB 0…1, clipped to the gamut. */
export function fromOklab([L, a, b]) {
  const l = (L + 0.3963377774 * a + 0.2158037573 * b) ** 3;
  const m = (L - 0.1055613458 * a - 0.0638541728 * b) ** 3;
  const s = (L - 0.0894841775 * a - 1.291485548 * b) ** 3;
  return [
    encode(4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s),
    encode(-1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s),
    encode(-0.0041960863 * l - 0.7034186147 * m + 1.707614701 * s),
  ];
}

const tones = new Map(); // memo of toneTint (a pure function; shades come in STEPs)

/**
 * The tint at another tone: `shade` < 0 deepens it (OKLab lightness × (1 + shade), the hue kept),
 * > 0 lightens it (toward white by `shade`); 0: the tint itself.
 */
export function toneTint(tint, shade) {
  if (shade === 0) return tint;
  const key = `${tint[0]} ${tint[1]} ${tint[2]} ${shade}`;
  let tone = tones.get(key);
  if (!tone) {
    if (tones.size > 4096) tones.clear();
    tone = shadeOf(tint, shade);
    tones.set(key, tone);
  }
  return tone;
}

function shadeOf(tint, shade) {
  const [L, a, b] = toOklab(tint);
  if (shade < 0) return fromOklab([L * (1 + shade), a * (1 + 0.5 * shade), b * (1 + 0.5 * shade)]);
  return fromOklab([L + (1 - L) * shade, a * (1 - shade), b * (1 - shade)]);
}

/**
 * The glass's colour over `backdrop` (sRGB 0…1): the page saturated, under a frost (white) or a
 * dimming layer (black), the tint over both (premultiplied, as color-mix mixes).
 */
export function drawn(backdrop, { saturation = 1.8, ...glass }) {
  return glassOver(saturate(backdrop, saturation), glass);
}

/** `drawn` over a page already saturated. */
function glassOver(page, { tint, amount, frost = 0, dim = 0, shade = 0 }) {
  const tone = toneTint(tint, shade);
  const out = [0, 0, 0];
  for (let c = 0; c < 3; c += 1) {
    const under = frost > 0 ? frost + (1 - frost) * page[c] : (1 - dim) * page[c];
    out[c] = amount * tone[c] + (1 - amount) * under;
  }
  return out;
}

/** The contrast of `ink` on `glass` as drawn: the glyph's median pixel is `coverage` ink. */
export function drawnContrast(ink, glass, coverage = COVERAGE) {
  const seen = ink.map((c, i) => coverage * c + (1 - coverage) * glass[i]);
  return contrast(luminance(seen), luminance(glass));
}

/**
 * The least value of from, from + STEP, …, to for which `reads(value)` holds (a binary search:
 * `reads` must be monotonic), or `to` when none does.
 */
function least(from, to, reads) {
  if (reads(from)) return from;
  const steps = Math.ceil((to - from) / STEP - 1e-9);
  const at = (k) => Math.min(to, from + k * STEP);
  if (!reads(to)) return to;
  let [lo, hi] = [0, steps]; // reads(at(lo)) is false, reads(at(hi)) true
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (reads(at(mid))) hi = mid;
    else lo = mid;
  }
  return at(hi);
}

/** `needed` in writing steps; the previous value while it still does and is not far beyond. */
function settle(needed, previous) {
  if (previous !== undefined && previous >= needed - 1e-9 && previous - needed <= SLACK) return previous;
  return Math.min(1, Math.max(0, Math.ceil(needed / STEP - 1e-9) * STEP));
}

/** Whether a selected capsule of this tint carries white ink (its own tone decides). */
export function tintTakesWhite(tint) {
  return luminance(tint) < LIGHT_TINT;
}

/**
 * The capsule's appearance. `backdrop`: { light, dark, low?, high? } — the lightest and darkest
 * colours that lie behind it (sRGB 0…1, blurred as the glass blurs), and the darkest and lightest
 * that show there unblurred (BUSY); `amount`: its tint's opacity now,
 * `restAmount` an unselected capsule's (the tone is the same for both); `solid`: Reduce
 * Transparency or Increase Contrast (the page does not show: `backdrop` is the solid base);
 * `darkCoverage`: how much of a dark glyph's median pixel is ink in this engine; `previous`:
 * this capsule's last decision, or null.
 * @returns {{light: boolean, inkDark: boolean, frost: number, dim: number, shade: number, seen: number}}
 *   seen: the lightness behind it, for the next decision's dead band
 */
export function decide({ backdrop: behind, tint, amount, restAmount, selected, variant = "regular", solid = false, saturation = 1.8, darkCoverage = COVERAGE }, previous = null) {
  // The contrast of white ink (the top light counted against it) and of dark ink on a glass.
  const whiteContrast = (glass) => drawnContrast(WHITE, glass.map((c) => c + (1 - c) * TOP_LIGHT));
  const darkContrast = (glass) => drawnContrast(DARK_INK, glass, darkCoverage);
  const toward = (from, to) => (to ? from.map((c, i) => c + (to[i] - c) * BUSY) : from);
  const backdrop = { light: toward(behind.light, behind.high), dark: toward(behind.dark, behind.low) };
  const s = solid ? 1 : saturation;
  const pages = { light: saturate(backdrop.light, s), dark: saturate(backdrop.dark, s) };
  const glass = { tint, amount };
  const whiteReads = (page, options) => whiteContrast(glassOver(page, { ...glass, ...options })) >= TARGET;
  const darkReads = (page, options) => darkContrast(glassOver(page, { ...glass, ...options })) >= TARGET;
  // How well white ink reads on an unselected capsule of the dark tone here (at its deepest; the
  // clear glass: undimmed): the tone's measure. The first decision keeps the seed's look.
  const clear = variant === "clear";
  const white = whiteContrast(glassOver(pages.light, { ...glass, amount: restAmount, dim: clear ? 0 : MAX_DARK_DIM }));
  // The dead band holds a decision while what lies behind changes a little (a capsule moving, a
  // page scrolling); a jump (a theme changed, an image came) decides afresh.
  const seen = Math.cbrt(luminance(backdrop.light));
  const held = previous && Math.abs(previous.seen - seen) <= JUMP ? previous : null;
  const wasLight = held ? (clear ? held.dim > 0 : held.light) : null;
  const onLight = wasLight ? white < TARGET * DEAD_BAND : white < TARGET;
  const next = { light: false, inkDark: false, frost: 0, dim: 0, shade: 0, seen };
  if (solid) {
    // A solid fill: the ink that reads better, then the tint's tone.
    next.inkDark = selected ? !tintTakesWhite(tint) : darkContrast(glassOver(pages.dark, glass)) > whiteContrast(glassOver(pages.light, glass));
  } else if (clear) {
    // Clear glass has no tone: white ink, and over bright content a dimming layer.
    if (onLight) next.dim = settle(least(BASE_DIM, 1, (dim) => whiteReads(pages.light, { dim })), held?.dim);
  } else {
    next.light = onLight;
    next.inkDark = selected ? !tintTakesWhite(tint) : onLight;
    if (onLight) {
      const frost = next.inkDark ? least(BASE_FROST, 0.85, (f) => darkReads(pages.dark, { frost: f })) : BASE_FROST;
      next.frost = settle(frost, held?.light ? held.frost : undefined);
    } else if (!selected) {
      // The seed's look, deepened as far as white needs (a selected capsule's tint deepens instead).
      // A dimming no longer needed stays while it is within the slack, as any other amount does:
      // a capsule moving along the edge of where white needs it would write it on and off.
      const dim = least(0, MAX_DARK_DIM, (d) => whiteReads(pages.light, { dim: d }));
      next.dim = settle(dim, held && !held.light ? held.dim : undefined);
    }
  }
  // The tint's tone, last: deeper under white ink, lighter under dark ink.
  const options = { frost: next.frost, dim: next.dim };
  const shade = next.inkDark
    ? least(0, 1, (s) => darkReads(pages.dark, { ...options, shade: s }))
    : -least(0, 1, (s) => whiteReads(pages.light, { ...options, shade: -s }));
  const kept = held && Math.sign(held.shade) === Math.sign(shade) ? Math.abs(held.shade) : undefined;
  next.shade = Math.sign(shade) * settle(Math.abs(shade), kept) || 0; // never -0
  return next;
}
