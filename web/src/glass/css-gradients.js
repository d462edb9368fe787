// CSS backgrounds as computed styles give them, read and evaluated in JavaScript (no DOM): the
// layers of `background-image` (gradients, url() images), gradients' colours at a point of their
// box, and the average colour of a repeating gradient's period (finer than the backdrop map's
// samples: fine stripes are their average, as the glass's blur sees them). backdrop-learner.js
// paints them into the backdrop map.
//
//   const layers = parseLayers(getComputedStyle(el).backgroundImage);   // bottom layer last
//   const gradient = resolveGradient(layers[0], width, height, toRgba);  // toRgba: CSS colour → [r, g, b, a]
//   gradientAt(gradient, x, y, out)   // premultiplied RGBA at (x, y) of its box, 0…1
//
// Interpolation is premultiplied sRGB (the default for legacy colours); `in <space>` is read past
// and interpolated in sRGB too (docs/ELEMENT.md lists what the backdrop cannot know).
// - Complexity: O(length of the text) to parse, O(stops) per point.

/** Splits `text` at `separator` outside parentheses. */
export function splitTopLevel(text, separator = ",") {
  const parts = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (c === "(") depth += 1;
    else if (c === ")") depth -= 1;
    else if (depth === 0 && (separator === " " ? /\s/.test(c) : c === separator)) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts.map((part) => part.trim()).filter((part) => part !== "");
}

/** A length or percentage: { px, pct } (pct 0…1), or null. Plain `calc(A% + Bpx)` is read too. */
export function parseLength(token) {
  const text = token.trim();
  if (text === "0") return { px: 0, pct: 0 };
  let match = /^(-?[\d.]+(?:e-?\d+)?)(px|%)$/i.exec(text);
  if (match) return match[2] === "%" ? { px: 0, pct: Number(match[1]) / 100 } : { px: Number(match[1]), pct: 0 };
  match = /^calc\(\s*(-?[\d.]+)%\s*([+-])\s*(-?[\d.]+)px\s*\)$/i.exec(text);
  if (match) return { pct: Number(match[1]) / 100, px: (match[2] === "-" ? -1 : 1) * Number(match[3]) };
  return null;
}

/** An angle in radians, or null. */
export function parseAngle(token) {
  const match = /^(-?[\d.]+(?:e-?\d+)?)(deg|rad|turn|grad)$/i.exec(token.trim());
  if (!match) return token.trim() === "0" ? 0 : null;
  const value = Number(match[1]);
  const unit = match[2].toLowerCase();
  return unit === "deg" ? (value * Math.PI) / 180 : unit === "rad" ? value : unit === "turn" ? value * 2 * Math.PI : (value * Math.PI) / 200;
}

const KEYWORD_POSITION = { left: 0, top: 0, center: 0.5, right: 1, bottom: 1 };

/** A `<position>` (after `at`) → { x, y } lengths; keywords in either order. */
export function parsePosition(tokens) {
  const position = { x: { px: 0, pct: 0.5 }, y: { px: 0, pct: 0.5 } };
  const lengths = [];
  for (const token of tokens) {
    const word = token.toLowerCase();
    if (word === "left" || word === "right") position.x = { px: 0, pct: KEYWORD_POSITION[word] };
    else if (word === "top" || word === "bottom") position.y = { px: 0, pct: KEYWORD_POSITION[word] };
    else if (word !== "center") {
      const length = parseLength(token);
      if (length) lengths.push(length);
    }
  }
  if (lengths[0]) position.x = lengths[0];
  if (lengths[1]) position.y = lengths[1];
  return position;
}

/** Resolves a length against `size` px. */
export function resolveLength(length, size) {
  return length.px + length.pct * size;
}

const PRELUDE = /^(to\s|in\s|from\s|at\s|circle|ellipse|closest-|farthest-|[-+\d.])/i;

/**
 * The layers of a computed `background-image`, top first (as CSS lists them):
 * { kind: "none" } | { kind: "url", url } | { kind: "linear" | "radial" | "conic", repeating,
 * prelude: string[] (its first argument's tokens, or []), stops: string[] } | { kind: "unknown", text }.
 */
export function parseLayers(text) {
  if (!text || text === "none") return [];
  return splitTopLevel(text).map((layer) => {
    if (layer === "none") return { kind: "none" };
    const url = /^url\(\s*(?:"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)'|([^)]*?))\s*\)$/i.exec(layer);
    if (url) return { kind: "url", url: (url[1] ?? url[2] ?? url[3]).replace(/\\(.)/g, "$1") };
    const gradient = /^(-webkit-)?(repeating-)?(linear|radial|conic)-gradient\((.*)\)$/is.exec(layer);
    if (!gradient) return { kind: "unknown", text: layer };
    const args = splitTopLevel(gradient[4]);
    const hasPrelude = args.length > 0 && PRELUDE.test(args[0]);
    return {
      kind: gradient[3].toLowerCase(),
      repeating: Boolean(gradient[2]),
      prelude: hasPrelude ? splitTopLevel(args[0], " ") : [],
      stops: hasPrelude ? args.slice(1) : args,
    };
  });
}

/** The gradient's geometry in its box (w × h px): what maps a point to its position on the gradient. */
function geometry(layer, w, h) {
  // `in <colour space> [<method> hue]` names the interpolation: read past (sRGB here).
  const tokens = [];
  for (let i = 0; i < layer.prelude.length; i += 1) {
    if (layer.prelude[i].toLowerCase() !== "in") {
      tokens.push(layer.prelude[i]);
      continue;
    }
    i += 1; // the colour space
    while (/^(shorter|longer|increasing|decreasing|hue)$/i.test(layer.prelude[i + 1] ?? "")) i += 1;
  }
  const words = tokens.map((t) => t.toLowerCase());
  if (layer.kind === "linear") {
    let angle = Math.PI; // to bottom
    const angleToken = tokens.find((t) => parseAngle(t) !== null);
    if (angleToken !== undefined) angle = parseAngle(angleToken);
    else if (words[0] === "to") {
      const dx = (words.includes("right") ? 1 : 0) - (words.includes("left") ? 1 : 0);
      const dy = (words.includes("bottom") ? 1 : 0) - (words.includes("top") ? 1 : 0);
      // A corner: the gradient line is perpendicular to the diagonal between the other two corners.
      angle = dx !== 0 && dy !== 0 ? Math.atan2(dx * h, -dy * w) : Math.atan2(dx, -dy);
    }
    const dirX = Math.sin(angle);
    const dirY = -Math.cos(angle);
    const length = Math.abs(w * dirX) + Math.abs(h * dirY);
    return { length, at: (x, y) => ((x - w / 2) * dirX + (y - h / 2) * dirY) / length + 0.5 };
  }
  const atIndex = words.indexOf("at");
  const position = parsePosition(atIndex >= 0 ? tokens.slice(atIndex + 1) : []);
  const cx = resolveLength(position.x, w);
  const cy = resolveLength(position.y, h);
  const before = atIndex >= 0 ? tokens.slice(0, atIndex) : tokens;
  if (layer.kind === "conic") {
    const fromIndex = words.indexOf("from");
    const from = fromIndex >= 0 ? parseAngle(tokens[fromIndex + 1]) ?? 0 : 0;
    const turn = 2 * Math.PI;
    return { length: 1, angular: true, at: (x, y) => ((((Math.atan2(x - cx, -(y - cy)) - from) % turn) + turn) % turn) / turn };
  }
  // Radial: the ending shape's radii from its size (a keyword or lengths) and its shape.
  const sizes = before.map((t) => parseLength(t)).filter(Boolean);
  const circle = before.some((t) => t.toLowerCase() === "circle") || (sizes.length === 1 && !before.some((t) => t.toLowerCase() === "ellipse"));
  const sides = [Math.min(cx, w - cx), Math.min(cy, h - cy), Math.max(cx, w - cx), Math.max(cy, h - cy)].map((v) => Math.max(Math.abs(v), 1e-3));
  let rx;
  let ry;
  if (sizes.length > 0) {
    rx = resolveLength(sizes[0], w);
    ry = circle ? rx : resolveLength(sizes[1] ?? sizes[0], h);
  } else {
    const keyword = before.map((t) => t.toLowerCase()).find((t) => t.startsWith("closest-") || t.startsWith("farthest-")) ?? "farthest-corner";
    const far = keyword.startsWith("farthest");
    const [sx, sy] = far ? [sides[2], sides[3]] : [sides[0], sides[1]];
    if (keyword.endsWith("side")) {
      [rx, ry] = circle ? (far ? [Math.max(sx, sy), Math.max(sx, sy)] : [Math.min(sx, sy), Math.min(sx, sy)]) : [sx, sy];
    } else if (circle) {
      rx = ry = Math.hypot(sx, sy);
    } else {
      // The ellipse of the side keyword's aspect ratio that passes through the corner.
      rx = Math.SQRT2 * sx;
      ry = Math.SQRT2 * sy;
    }
  }
  rx = Math.max(rx, 1e-3);
  ry = Math.max(ry, 1e-3);
  return { length: rx, at: (x, y) => Math.hypot((x - cx) / rx, (y - cy) / ry) };
}

/**
 * The gradient of `layer` in a box of w × h px, ready to evaluate: stop positions (fractions of
 * the gradient line, fixed up as CSS does), premultiplied colours and hints.
 * @param {(text: string) => number[]} toRgba  a CSS colour → straight [r, g, b, a], 0…1
 */
export function resolveGradient(layer, w, h, toRgba) {
  const shape = geometry(layer, w, h);
  const stops = [];
  for (const text of layer.stops) {
    const tokens = splitTopLevel(text, " ");
    const positions = [];
    while (tokens.length > 0) {
      const last = tokens[tokens.length - 1];
      const value = shape.angular ? parseAngle(last) ?? (parseLength(last)?.px === 0 ? parseLength(last) : null) : parseLength(last);
      if (value === null || value === undefined) break;
      positions.unshift(typeof value === "number" ? value / (2 * Math.PI) : value.pct + value.px / shape.length);
      tokens.pop();
    }
    if (tokens.length === 0) {
      if (stops.length > 0) stops[stops.length - 1].hint = positions[0];
      continue;
    }
    const [r, g, b, a] = toRgba(tokens.join(" "));
    const color = [r * a, g * a, b * a, a];
    if (positions.length === 0) stops.push({ color, at: null });
    for (const at of positions) stops.push({ color, at });
  }
  if (stops.length === 0) return null;
  // Fix-up (CSS Images 3): first 0, last 1, never before the previous, the rest spread evenly.
  if (stops[0].at === null) stops[0].at = 0;
  if (stops[stops.length - 1].at === null) stops[stops.length - 1].at = 1;
  let max = stops[0].at;
  for (const stop of stops) if (stop.at !== null) stop.at = max = Math.max(max, stop.at);
  for (let i = 1; i < stops.length; i += 1) {
    if (stops[i].at !== null) continue;
    let j = i;
    while (stops[j].at === null) j += 1;
    const [from, to] = [stops[i - 1].at, stops[j].at];
    for (let k = i; k < j; k += 1) stops[k].at = from + ((to - from) * (k - i + 1)) / (j - i + 1);
  }
  const first = stops[0].at;
  const period = stops[stops.length - 1].at - first;
  return { at: shape.at, stops, repeating: layer.repeating && period > 0, first, period, periodPx: period * shape.length };
}

/** The premultiplied colour at position t of the gradient line (fractions), into `out`. */
export function colorAtPosition(gradient, t, out) {
  const { stops } = gradient;
  if (gradient.repeating) t = gradient.first + ((((t - gradient.first) % gradient.period) + gradient.period) % gradient.period);
  if (t <= stops[0].at) {
    out.set(stops[0].color);
    return out;
  }
  for (let i = 1; i < stops.length; i += 1) {
    const b = stops[i];
    if (t > b.at) continue;
    const a = stops[i - 1];
    let f = b.at > a.at ? (t - a.at) / (b.at - a.at) : 1;
    if (a.hint !== undefined && b.at > a.at) {
      const h = (a.hint - a.at) / (b.at - a.at);
      f = h <= 0 ? 1 : h >= 1 ? 0 : f ** (Math.log(0.5) / Math.log(h));
    }
    for (let c = 0; c < 4; c += 1) out[c] = a.color[c] + (b.color[c] - a.color[c]) * f;
    return out;
  }
  out.set(stops[stops.length - 1].color);
  return out;
}

/** The premultiplied colour of the gradient at (x, y) of its box, into `out`. */
export function gradientAt(gradient, x, y, out) {
  return colorAtPosition(gradient, gradient.at(x, y), out);
}

/** The average premultiplied colour over one period of a repeating gradient (or its line). */
export function averageColor(gradient) {
  const out = new Float32Array(4);
  const sum = [0, 0, 0, 0];
  const steps = 256;
  const span = gradient.repeating ? gradient.period : 1;
  const start = gradient.repeating ? gradient.first : 0;
  for (let i = 0; i < steps; i += 1) {
    colorAtPosition(gradient, start + ((i + 0.5) / steps) * span, out);
    for (let c = 0; c < 4; c += 1) sum[c] += out[c] / steps;
  }
  return sum;
}
