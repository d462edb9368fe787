// Measures the tag labels in the page's own font, for the core's capsule sizing.
//
//   const metrics = measureLabels(cloudElement, [{ id: "SwiftUI", label: "SwiftUI" }]);
//   const labels = new LabelMeasure();  labels.measure(cloudElement, tags);   // the same, each label once
//   // { textScale: 1, lineHeight: 20,
//   //   tags: [{ id: "SwiftUI", label: { width: 61.26, words: [61.26] } }] }
//
// The core turns a label into a capsule: its width and line height plus the core's paddings
// (the seed's @ScaledMetric ones, core/core-constants.js CAPSULE_PADDING) × textScale. textScale
// is the root font size over the default 16 px (DEFAULT_ROOT_FONT_SIZE), the web's Dynamic Type. Words let the core wrap a label that is wider than the cloud (the core
// derives the space between words from width and words).
// A removable tag's remove control sits at the capsule's end: its width (REMOVE_CONTROL_WIDTH ×
// textScale, styles.css's --remove-control-width) is added to the label's, and to its last word so that the
// control wraps with it, so the core sizes and places the capsule with the control in it.
// - Complexity: O(length of the labels not measured before); a LabelMeasure reads the styles
//   once and keeps one canvas context.

/** The remove control's width at textScale 1 (CSS px): what a removable tag's label leaves at its end (styles.css: --remove-control-width, element/core-properties.js). */
export const REMOVE_CONTROL_WIDTH = 20;

/** The root font size at text scale 1, CSS px: the browser's default; a rem at text scale 1. */
export const DEFAULT_ROOT_FONT_SIZE = 16;

/**
 * Labels measured in one font: the font read from the styles once, each label measured once.
 * Make a new one when the font may have changed (styles arrived, fonts loaded, the text size
 * changed): a change of a thousand tags then reads no style and measures only the new labels.
 */
export class LabelMeasure {
  #font = null; // { context, textScale, lineHeight, rootSize }
  #labels = new Map(); // removable flag + label → { width, words }

  /** Whether the font is read: labels then measure without one on screen. */
  get hasFont() {
    return this.#font !== null;
  }

  /** @param {Element} cloud  @param {{id: string, label: string, removable?: boolean}[]} tags */
  measure(cloud, tags) {
    const font = (this.#font ??= readFont(cloud));
    const width = (text) => font.context.measureText(text).width;
    return {
      textScale: font.textScale,
      lineHeight: font.lineHeight,
      tags: tags.map(({ id, label, removable }) => {
        const key = `${removable ? "1" : "0"}${label}`;
        let metric = this.#labels.get(key);
        if (!metric) {
          const control = removable ? REMOVE_CONTROL_WIDTH * font.textScale : 0;
          const words = label.split(/\s+/).filter(Boolean).map(width);
          if (control && words.length > 0) words[words.length - 1] += control;
          else if (control) words.push(control);
          metric = { width: width(label) + control, words };
          this.#labels.set(key, metric);
        }
        return { id, label: metric };
      }),
    };
  }
}

/** @param {Element} cloud  @param {{id: string, label: string, removable?: boolean}[]} tags */
export function measureLabels(cloud, tags) {
  return new LabelMeasure().measure(cloud, tags);
}

/** The labels' font as a canvas context, the text scale (root font size / DEFAULT_ROOT_FONT_SIZE) and the line height. */
function readFont(cloud) {
  const probe = cloud.querySelector(".tag-label") ?? cloud;
  const style = getComputedStyle(probe);
  const context = document.createElement("canvas").getContext("2d");
  context.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
  if ("letterSpacing" in context) context.letterSpacing = style.letterSpacing === "normal" ? "0px" : style.letterSpacing;
  const rootSize = parseFloat(getComputedStyle(document.documentElement).fontSize) || DEFAULT_ROOT_FONT_SIZE;
  const fontSize = parseFloat(style.fontSize);
  const lineHeight = style.lineHeight === "normal" ? fontSize * 1.2 : parseFloat(style.lineHeight);
  return { context, textScale: rootSize / DEFAULT_ROOT_FONT_SIZE, lineHeight };
}

/**
 * Calls `onChange` when the labels may measure differently: web fonts finished loading, or the
 * browser's text size changed (a 1rem probe resizes). Returns a function that stops watching.
 * @param {Element} remProbe  @param {() => void} onChange
 */
export function watchTextMetrics(remProbe, onChange) {
  let lastRem = remProbe.getBoundingClientRect().height;
  const observer = new ResizeObserver(() => {
    const rem = remProbe.getBoundingClientRect().height;
    if (rem !== lastRem) {
      lastRem = rem;
      onChange();
    }
  });
  observer.observe(remProbe);
  let stopped = false;
  const fontsLoaded = () => !stopped && onChange();
  document.fonts?.ready.then(fontsLoaded);
  document.fonts?.addEventListener("loadingdone", fontsLoaded);
  return () => {
    stopped = true;
    observer.disconnect();
    document.fonts?.removeEventListener("loadingdone", fontsLoaded);
  };
}
