// What every <glass-tag-cloud> of a page shares: the Wasm core (loaded once), the element's
// stylesheet (fetched once, adopted by every shadow root), one ResizeObserver, one animation
// frame in which every cloud that asked for an update is updated, and the page-wide
// preferences and lifecycle (Reduce Motion, the back/forward cache).
//
//   const core = await sharedCore();          // null: no Wasm (CSS flex-wrap lays the tags out)
//   const sheet = await sharedSheet();        // null: no styles
//   scheduleUpdate(cloud, update);            // update() in the next animation frame, once a cloud
//   watchResize(cloud, (width) => …);  unwatchResize(cloud);
//   reduceMotion(), reduceTransparency(), prefersDark()   // the preferences, kept from the queries' events
//   watchPage(cloud, { reduceMotion, reduceTransparency, dark, pagehide, pageshow });  unwatchPage(cloud);

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

// An update asked for during a frame's own updates (a cloud updated from a page's animation frame
// callback, whose motion asks for its next step) belongs to the next frame, not to this frame's
// callback that has yet to run: one update per cloud and frame, and none on a page laid out anew.
const pending = new Map(); // cloud → { update, askedAt: the animation frame's time when asked }
let frame = 0;
/** The current animation frame's time (document.timeline's; the same through all of a frame's updates), or null. */
export const frameTime = () => globalThis.document?.timeline?.currentTime ?? null;
function runDue(now) {
  frame = 0;
  const due = [];
  for (const [cloud, { update, askedAt }] of pending) {
    if (askedAt !== null && askedAt === now) continue;
    due.push(update);
    pending.delete(cloud);
  }
  if (pending.size > 0) frame = requestAnimationFrame(runDue);
  for (const run of due) run();
}
export function scheduleUpdate(cloud, update) {
  pending.set(cloud, { update, askedAt: frameTime() });
  frame ||= requestAnimationFrame(runDue);
}
export function unscheduleUpdate(cloud) {
  pending.delete(cloud);
}

// ---- One ResizeObserver ------------------------------------------------------------------------

const resizeCallbacks = new WeakMap();
let resizes = null; // made by the first cloud that watches its size
export function watchResize(element, onWidth) {
  resizes ??= new ResizeObserver((entries) => {
    for (const entry of entries) resizeCallbacks.get(entry.target)?.(entry.contentRect.width);
  });
  resizeCallbacks.set(element, onWidth);
  resizes.observe(element);
}
export function unwatchResize(element) {
  resizes?.unobserve(element);
  resizeCallbacks.delete(element);
}

// ---- Page-wide preferences and lifecycle -------------------------------------------------------
// The queries and the page's listeners exist while a cloud is connected: the first `watchPage`
// makes them, the last `unwatchPage` removes them (importing this module touches no global).

const QUERIES = {
  reduceMotion: "(prefers-reduced-motion: reduce)",
  reduceTransparency: "(prefers-reduced-transparency: reduce), (prefers-contrast: more)",
  dark: "(prefers-color-scheme: dark)",
};
// Read on every frame: kept from the queries' change events while watched (asking `matches` each
// frame costs a media query evaluation per call).
const preferences = { reduceMotion: null, reduceTransparency: null, dark: null };
const watchers = new Map(); // cloud → { reduceMotion, reduceTransparency, dark, pagehide, pageshow }
let pageListeners = null; // [target, type, listener] while a cloud is watched

function preference(name) {
  if (pageListeners) return preferences[name];
  return typeof matchMedia === "function" ? matchMedia(QUERIES[name]).matches : false; // not watched: asked each time
}
export const reduceMotion = () => preference("reduceMotion");
export const reduceTransparency = () => preference("reduceTransparency");
export const prefersDark = () => preference("dark");

function notify(name, event) {
  for (const handlers of watchers.values()) handlers[name]?.(event);
}

function listenToPage() {
  pageListeners = [];
  const listen = (target, type, listener) => {
    target.addEventListener(type, listener);
    pageListeners.push([target, type, listener]);
  };
  for (const [name, text] of Object.entries(QUERIES)) {
    const query = matchMedia(text);
    preferences[name] = query.matches;
    listen(query, "change", () => {
      preferences[name] = query.matches;
      notify(name);
    });
  }
  // The back/forward cache: an open socket would keep the page out of it, so a hidden page
  // closes every cloud's socket and a page shown again from the cache resumes its sessions.
  listen(globalThis, "pagehide", () => notify("pagehide"));
  listen(globalThis, "pageshow", (event) => {
    if (event.persisted) notify("pageshow");
  });
}

export function watchPage(cloud, handlers) {
  if (!pageListeners) listenToPage();
  watchers.set(cloud, handlers);
}
export function unwatchPage(cloud) {
  watchers.delete(cloud);
  if (watchers.size > 0 || !pageListeners) return;
  for (const [target, type, listener] of pageListeners) target.removeEventListener(type, listener);
  pageListeners = null;
}
