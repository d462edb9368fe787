// The demo page: wires the cloud, the core (Wasm, at once) and the server (live, when it answers).
//
// Local first: every change is laid out by the Wasm core in this page the moment it happens
// (the first paint never waits for a socket, and a static host works the same); when the live
// socket is open the change also goes to the server, whose layout frames are drawn as they come
// (they are the same core's answer; a frame is drawn when it is the layout of the page's current
// state, so a frame still in flight never drags the cloud back). Without the Wasm
// core, the server's frames are all there is, and without either, CSS flex-wrap (the same rule)
// keeps the tags readable. The page never lays out by itself.

import { CloudView } from "./cloud-view.js";
import { measureLabels, watchTextMetrics } from "./label-metrics.js";
import { LiveConnection } from "./live-connection.js";
import { LiveSession } from "./live-session.js";
import { installRovingFocus } from "./roving-focus.js";
import { SavedState } from "./saved-state.js";
import { SpacingAnimation } from "./spacing-animation.js";
import { StatusView } from "./status-view.js";

let mergeDistance = 10; // the seed's GlassTagCloud default; a server's welcome may say otherwise
const LOOSE_SPACING = 18;
const TIGHT_SPACING = 3;

function storage(kind) {
  try {
    return globalThis[kind] ?? null;
  } catch {
    return null; // storage access can throw (disabled cookies, sandboxed frames)
  }
}

const cloud = document.querySelector("[data-tag-cloud]");
const tightSwitch = document.querySelector("[data-tight-spacing]");
const view = new CloudView(cloud);
const status = new StatusView(document.querySelector("[data-status]"));
const saved = new SavedState(storage("localStorage"), { selection: ["SwiftUI"], tight: false });
const reduceMotionQuery = matchMedia("(prefers-reduced-motion: reduce)");

const state = saved.load();
let metrics = null;
let width = null;
let core = null;
let spacingOnScreen = state.tight ? TIGHT_SPACING : LOOSE_SPACING;
let greeted = false; // this connection has had its welcome and our state
let lastServerFrame = null;
let easingTimer = 0;
let liveLayouts = 0;

const targetSpacing = () => (state.tight ? TIGHT_SPACING : LOOSE_SPACING);
const reduceMotion = () => reduceMotionQuery.matches;

// ---- First paint: the markup's tags, the saved state, CSS flex-wrap until the core answers.
tightSwitch.checked = state.tight;
cloud.classList.toggle("is-tight", state.tight);
view.showSelection(state.selection);
view.showSpacing(spacingOnScreen);
cloud.dataset.layoutSource = "css";

// ---- Layout with the local core ----------------------------------------------------------------

/** The cloud's writing direction; the core mirrors the rows for right-to-left pages. */
const direction = () => (getComputedStyle(cloud).direction === "rtl" ? "rtl" : "ltr");

function request(spacing, animation) {
  const rtl = direction() === "rtl" ? { direction: "rtl" } : {};
  return {
    ...rtl,
    width,
    spacing,
    mergeDistance: mergeDistance,
    textScale: metrics.textScale,
    lineHeight: metrics.lineHeight,
    tags: metrics.tags,
    // Only ids of the tags on screen: a server may serve other tags than a saved selection knew.
    selection: state.selection.filter((id) => metrics.tags.some((tag) => tag.id === id)),
    animation: reduceMotion() ? null : animation,
    reduceMotion: reduceMotion(),
  };
}

function layoutLocally(spacing, animation = null) {
  if (!core || !metrics || width === null) return null;
  try {
    return core.layout(request(spacing, animation));
  } catch (error) {
    console.error("tagcloud: the core refused the layout:", error);
    return null;
  }
}

function draw(layout, source) {
  view.render(layout, { mergeDistance: mergeDistance, lineHeight: metrics?.lineHeight ?? 20, textScale: metrics?.textScale ?? 1 });
  cloud.dataset.layoutSource = source;
  cloud.dataset.spacing = String(spacingOnScreen);
}

/** Lays out the current state at the spacing on screen, without moving anything gradually. */
function relayout() {
  if (spacing.running) return; // the next animation frame lays out with the new inputs
  const layout = layoutLocally(spacingOnScreen);
  if (layout) draw(layout, "wasm");
}

const spacing = new SpacingAnimation((value, final) => {
  spacingOnScreen = value;
  view.showSpacing(value);
  // The last frame is the server's when it has already answered for this state.
  const answered = final && lastServerFrame && isCurrent(lastServerFrame);
  const layout = answered ? lastServerFrame : layoutLocally(value);
  if (layout) draw(layout, answered ? "server" : "wasm");
  cloud.toggleAttribute("data-animating", !final);
});

// ---- Live ------------------------------------------------------------------------------------

const session = new LiveSession(storage("sessionStorage"));
const live = new LiveConnection(new URL("live", document.baseURI), "tagcloud.v1", {
  onStatus: (value) => status.show(value),
  onOpen: () => {
    greeted = false; // the server speaks first: its welcome names the tags it serves
  },
  onMessage: (message) => receive(session.accept(message)),
});

function sendLayoutChange(message) {
  if (greeted) live.send(message);
}

/** Sends the page's whole state: the server resumes our session or adopts this copy of it. */
function sendState() {
  live.send(session.hello({ selection: state.selection, spacing: targetSpacing() }));
  if (metrics) live.send(session.measure(metrics));
  if (width !== null) live.send(session.viewport(width, reduceMotion(), direction()));
}

/**
 * Whether a server frame shows the page's current state, else it is one still in flight (for an
 * older width, spacing, selection or text size). With a local core the check is exact: the
 * frame must be the core's layout of the current state.
 */
function isCurrent(frame) {
  const selected = new Set(state.selection);
  const inputs =
    frame.width === width &&
    frame.spacing === targetSpacing() &&
    frame.items.every((item) => item.selected === selected.has(item.id));
  if (!inputs || !core) return inputs;
  const local = layoutLocally(targetSpacing());
  const close = (a, b) => Math.abs(a - b) <= 1e-6;
  return (
    local !== null &&
    local.items.length === frame.items.length &&
    local.items.every(
      (item, i) =>
        item.id === frame.items[i].id &&
        close(item.x, frame.items[i].x) &&
        close(item.y, frame.items[i].y) &&
        close(item.w, frame.items[i].w) &&
        close(item.h, frame.items[i].h),
    )
  );
}

function receive(event) {
  if (!event) return;
  if (event.kind === "welcome") {
    if (event.mergeDistance !== null) mergeDistance = event.mergeDistance;
    if (greeted) return; // the answer to our hello: the session is resumed or adopted
    if (event.tags && event.tags.length && view.setTags(event.tags)) {
      rovingFocus.sync();
      view.showSelection(state.selection);
      metrics = measureLabels(cloud, view.tags);
      relayout();
    }
    greeted = true;
    sendState();
  } else if (event.kind === "layout") {
    liveLayouts += 1;
    cloud.dataset.liveLayouts = String(liveLayouts);
    const layout = event.layout;
    lastServerFrame = layout;
    if (core) {
      // The core already drew this state; a frame for an older one would drag the cloud back.
      if (spacing.running || !isCurrent(layout)) return;
    } else if (layout.animation && !reduceMotion()) {
      // No local core to draw the frames in between: the browser eases the positions, and the
      // one-piece glass comes back when they have arrived.
      cloud.classList.add("is-easing");
      cloud.style.setProperty("--move-duration", `${layout.animation.settle}s`);
      cloud.style.setProperty("--move-easing", layout.animation.easing);
      clearTimeout(easingTimer);
      easingTimer = setTimeout(() => cloud.classList.remove("is-easing"), layout.animation.settle * 1000);
    } else {
      clearTimeout(easingTimer);
      cloud.classList.remove("is-easing");
    }
    if (typeof layout.spacing === "number") spacingOnScreen = layout.spacing;
    view.setMotion(layout.animation ?? null);
    draw(layout, "server");
  } else if (event.kind === "error") {
    console.warn("tagcloud server:", event.message);
  }
}

// ---- Inputs ----------------------------------------------------------------------------------

function remeasure() {
  const measured = measureLabels(cloud, view.tags);
  // Fonts finishing to load often change nothing: then there is nothing to lay out or send.
  if (metrics && JSON.stringify(measured) === JSON.stringify(metrics)) return;
  metrics = measured;
  cloud.dataset.textScale = String(metrics.textScale);
  relayout();
  sendLayoutChange(session.measure(metrics));
}

function toggleTag(id) {
  const selected = new Set(state.selection);
  if (selected.has(id)) selected.delete(id);
  else selected.add(id);
  // Keep the tag order, so the saved state and the request read like the cloud.
  state.selection = view.tags.map((tag) => tag.id).filter((tagId) => selected.has(tagId));
  saved.save(state);
  const layout = spacing.running ? null : layoutLocally(spacingOnScreen, "snappy");
  if (layout) {
    view.setMotion(layout.animation);
    draw(layout, "wasm");
  } else {
    // Mid-animation (the next frame lays it out) or no local core (the server's frame will):
    // show the pressed state at once, with the core's .snappy when there is a core.
    view.setMotion(core && !reduceMotion() ? core.motion("snappy") : null);
    view.showSelection(state.selection);
  }
  sendLayoutChange(session.toggle(id));
}

function setTight(tight) {
  state.tight = tight;
  saved.save(state);
  cloud.classList.toggle("is-tight", tight);
  const motion = reduceMotion() || !core ? null : core.motion("spacing");
  if (core) spacing.start(spacingOnScreen, targetSpacing(), motion);
  else {
    spacingOnScreen = targetSpacing();
    view.showSpacing(spacingOnScreen);
  }
  sendLayoutChange(session.spacing(targetSpacing()));
}

cloud.addEventListener("click", (event) => {
  const button = event.target.closest("button[data-tag-id]");
  if (button && cloud.contains(button)) toggleTag(button.dataset.tagId);
});

tightSwitch.addEventListener("change", () => setTight(tightSwitch.checked));

// The cloud's width, at most once per animation frame however fast the window is dragged.
let resizeFrame = 0;
new ResizeObserver((entries) => {
  const box = entries[entries.length - 1].contentRect;
  if (resizeFrame) cancelAnimationFrame(resizeFrame);
  resizeFrame = requestAnimationFrame(() => {
    resizeFrame = 0;
    if (box.width === width) return;
    width = box.width;
    cloud.dataset.width = String(width);
    relayout();
    sendLayoutChange(session.viewport(width, reduceMotion(), direction()));
  });
}).observe(cloud);

watchTextMetrics(document.querySelector("[data-rem-probe]"), () => remeasure());

reduceMotionQuery.addEventListener("change", () => {
  if (reduceMotion()) spacing.start(spacingOnScreen, targetSpacing(), null);
  sendLayoutChange(session.viewport(width, reduceMotion(), direction()));
});

// ---- Start -----------------------------------------------------------------------------------

async function loadCore() {
  try {
    const { loadTagCloudCore } = await import("./tagcloud-core.js");
    return await loadTagCloudCore();
  } catch (error) {
    console.warn("tagcloud: no Wasm core, the server lays out (or CSS until it answers):", error);
    return null;
  }
}

width = cloud.getBoundingClientRect().width;
cloud.dataset.width = String(width);
metrics = measureLabels(cloud, view.tags);
cloud.dataset.textScale = String(metrics.textScale);
const rovingFocus = installRovingFocus(view, (layout, index, key) =>
  core ? core.navigate(layout, index, key) : index,
);
live.start();
// A page put in the back/forward cache closes its socket (an open one would keep it out of the
// cache) and resumes its session when it is shown again.
addEventListener("pagehide", () => live.stop());
addEventListener("pageshow", (event) => {
  if (event.persisted) live.start();
});
core = await loadCore();
// A pressed capsule springs back on the core's `.snappy` (cloud-view.js).
if (core) view.setPressMotion(reduceMotion() ? null : core.motion("snappy"));
if (core) relayout();
document.documentElement.dataset.ready = "true";
