// What every <glass-tag-cloud> of a page shares: the Wasm core (loaded once), the element's
// stylesheet (fetched once, adopted by every shadow root), one ResizeObserver, one animation
// frame in which every cloud that asked for an update is updated, and the page-wide
// preferences and lifecycle (Reduce Motion, the back/forward cache).
//
//   const core = await sharedCore();          // null: no Wasm (CSS flex-wrap lays the tags out)
//   const sheet = await sharedSheet();        // null: no styles
//   scheduleUpdate(cloud, update);            // update() in the next animation frame, once a cloud
//   watchResize(cloud, (width) => …);  unwatchResize(cloud);
//   reduceMotion()                            // the preference, kept from the query's events
//   watchPage(cloud, { reduceMotion, pagehide, pageshow });  unwatchPage(cloud);

import { loadTagCloudCore } from "../core/tagcloud-core.js";

let corePromise = null;
/** The Wasm core: loaded once, shared; null when it cannot load (CSS flex-wrap then). */
export function sharedCore() {
  corePromise ??= loadTagCloudCore().catch((error) => {
    console.warn("glass-tag-cloud: no Wasm core, CSS lays the tags out:", error);
    return null;
  });
  return corePromise;
}

/**
 * The same stylesheet when the page has already loaded it with a `<link>` (the demo page does),
 * copied rule by rule without a request, so that the first frame after the element is defined
 * is already styled: no unstyled, differently sized frame, nothing below the cloud moves.
 * Null when the page has no such link (or cannot read it): the sheet is fetched instead.
 */
function linkedSheet(url) {
  try {
    const link = [...document.styleSheets].find((sheet) => sheet.href === url.href);
    if (!link) return null;
    const sheet = new CSSStyleSheet();
    sheet.replaceSync([...link.cssRules].map((rule) => rule.cssText).join("\n"));
    return sheet;
  } catch {
    return null;
  }
}

let sheetPromise = null;
/** The element's stylesheet (element/styles.css: capsules, glass, melting), or null. */
export function sharedSheet() {
  const url = new URL("../element/styles.css", import.meta.url);
  const linked = sheetPromise ? null : linkedSheet(url);
  if (linked) sheetPromise = Promise.resolve(linked);
  sheetPromise ??= fetch(url)
    .then((response) => {
      if (!response.ok) throw new Error(`styles.css answered ${response.status}`);
      return response.text();
    })
    .then((text) => {
      const sheet = new CSSStyleSheet();
      sheet.replaceSync(text);
      return sheet;
    })
    .catch((error) => {
      console.warn("glass-tag-cloud: no capsule styles:", error);
      return null;
    });
  return sheetPromise;
}

// ---- One animation frame for every cloud that asked for an update ----------------------------

const pending = new Map(); // cloud → its update
let frame = 0;
export function scheduleUpdate(cloud, update) {
  pending.set(cloud, update);
  frame ||= requestAnimationFrame(() => {
    frame = 0;
    const updates = [...pending.values()];
    pending.clear();
    for (const run of updates) run();
  });
}
export function unscheduleUpdate(cloud) {
  pending.delete(cloud);
}

// ---- One ResizeObserver ------------------------------------------------------------------------

const resizeCallbacks = new WeakMap();
const resizes = new ResizeObserver((entries) => {
  for (const entry of entries) resizeCallbacks.get(entry.target)?.(entry.contentRect.width);
});
export function watchResize(element, onWidth) {
  resizeCallbacks.set(element, onWidth);
  resizes.observe(element);
}
export function unwatchResize(element) {
  resizes.unobserve(element);
  resizeCallbacks.delete(element);
}

// ---- Page-wide preferences and lifecycle -------------------------------------------------------

const reduceMotionQuery = matchMedia("(prefers-reduced-motion: reduce)");
// Read on every frame: kept from the query's change events (asking `matches` each frame costs a
// media query evaluation per call).
let reducedMotion = reduceMotionQuery.matches;
export function reduceMotion() {
  return reducedMotion;
}

const watchers = new Map(); // cloud → { reduceMotion, pagehide, pageshow }
export function watchPage(cloud, handlers) {
  watchers.set(cloud, handlers);
}
export function unwatchPage(cloud) {
  watchers.delete(cloud);
}
reduceMotionQuery.addEventListener("change", () => {
  reducedMotion = reduceMotionQuery.matches;
  for (const handlers of watchers.values()) handlers.reduceMotion();
});
// The back/forward cache: an open socket would keep the page out of it, so a hidden page closes
// every cloud's socket and a page shown again from the cache resumes its sessions.
addEventListener("pagehide", () => {
  for (const handlers of watchers.values()) handlers.pagehide();
});
addEventListener("pageshow", (event) => {
  if (!event.persisted) return;
  for (const handlers of watchers.values()) handlers.pageshow();
});
