// Where an element's backgrounds lie, from its computed style: its border, padding and content
// boxes, whether it is a stacking context, and each background layer's tile size and repeat
// (CSS Backgrounds 3). Pure: the style and rects are handed in; backdrop-learner.js paints with them.
//
//   const box = boxes(element.getBoundingClientRect(), getComputedStyle(element));  // {"border-box", "padding-box", "content-box"}
//   tileSize("cover", box["padding-box"], [640, 480]);   // [w, h] of one tile
//   repeats("repeat-x");                                 // [true, false]
//   pick("a, b", 3);                                     // "b": the layer's value of a comma list
// - Complexity: O(1) per call (O(list length) for `pick`).

import { parseLength, resolveLength, splitTopLevel } from "./css-gradients.js";

/** The `index`th value of a comma-separated list, repeated as CSS repeats a layer list's values. */
export function pick(list, index) {
  const items = splitTopLevel(list ?? "");
  return items.length ? items[index % items.length] : "";
}

/** A computed length in px (0 when not a number). */
export function px(value) {
  const n = parseFloat(value);
  return Number.isFinite(n) ? n : 0;
}

/** The element's boxes in the viewport: border, padding and content. */
export function boxes(rect, style) {
  const border = { x: rect.left, y: rect.top, width: rect.width, height: rect.height };
  const inset = (box, top, right, bottom, left) => ({
    x: box.x + left, y: box.y + top, width: Math.max(0, box.width - left - right), height: Math.max(0, box.height - top - bottom),
  });
  const padding = inset(border, px(style.borderTopWidth), px(style.borderRightWidth), px(style.borderBottomWidth), px(style.borderLeftWidth));
  const content = inset(padding, px(style.paddingTop), px(style.paddingRight), px(style.paddingBottom), px(style.paddingLeft));
  return { "border-box": border, "padding-box": padding, "content-box": content };
}

/** A stacking context (whose negative z-index children paint above its own background)? */
export function stacks(style) {
  return (style.position !== "static" && style.zIndex !== "auto") || Number(style.opacity) < 1
    || style.transform !== "none" || style.filter !== "none" || style.isolation === "isolate";
}

/** The tile of a background layer: its size from `background-size` and the natural size, if any. */
export function tileSize(text, area, natural) {
  const words = splitTopLevel(text, " ");
  if (words[0] === "cover" || words[0] === "contain") {
    if (!natural) return [area.width, area.height];
    const scales = [area.width / natural[0], area.height / natural[1]];
    const scale = words[0] === "cover" ? Math.max(...scales) : Math.min(...scales);
    return [natural[0] * scale, natural[1] * scale];
  }
  const length = (word, size) => (word && word !== "auto" && parseLength(word) ? resolveLength(parseLength(word), size) : null);
  const w = length(words[0], area.width);
  const h = length(words[1], area.height);
  if (w !== null && h !== null) return [w, h];
  if (natural) {
    if (w !== null) return [w, (w * natural[1]) / natural[0]];
    if (h !== null) return [(h * natural[0]) / natural[1], h];
    return natural;
  }
  return [w ?? area.width, h ?? area.height];
}

/** `background-repeat` of one layer: [repeats across, repeats down]. */
export function repeats(text) {
  const words = splitTopLevel(text || "repeat", " ");
  if (words[0] === "repeat-x") return [true, false];
  if (words[0] === "repeat-y") return [false, true];
  const on = (word) => word !== "no-repeat";
  return [on(words[0]), on(words[1] ?? words[0])];
}
