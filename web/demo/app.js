// The demo page: wiring around <glass-tag-cloud>, which draws, lays out (the Wasm core, then the
// live server at this host's /live), animates, and handles the pointer and the keyboard. The
// page and every other page that uses the element can therefore never draw differently.
//
// What the page adds, through the element's public API only (docs/ELEMENT.md):
// - the saved state: selection and spacing in localStorage (saved-state.js), restored before
//   the first layout and before the live hello, so a reload or a restarted server keeps them.
//   A selection is saved only once the user has made one: until then the page has no choice of
//   its own and shows the server's (its tags file's `selected`; docs/ELEMENT.md, "Whose
//   selection"), or the markup's offline copy of it. A tag the server stops serving (its tags
//   file reloaded, or changed across a restart) leaves the saved selection, as it leaves the
//   element's and the server's;
// - the "Tight spacing" switch: the element's `spacing` (18 loose, 3 tight, as in the seed's
//   demo), which the element animates on the core's `.smooth(duration: 0.7)` spring;
// - the polite "live" / "offline" / "reconnecting" status, from the element's `livestatus`.

import "../src/element/glass-tag-cloud.js";
import { SavedState } from "./saved-state.js";
import { StatusView } from "./status-view.js";

const LOOSE_SPACING = 18;
const TIGHT_SPACING = 3;

function storage(kind) {
  try {
    return globalThis[kind] ?? null;
  } catch {
    return null; // storage access can throw (disabled cookies, sandboxed frames)
  }
}

const cloud = document.querySelector("glass-tag-cloud");
const tightSwitch = document.querySelector("[data-tight-spacing]");
const status = new StatusView(document.querySelector("[data-status]"));
const saved = new SavedState(storage("localStorage"), { selection: null, tight: false });

// ---- The saved state, before the element lays out or says hello to the server.
const state = saved.load();
if (state.selection) cloud.selection = state.selection; // the user's choice wins
cloud.spacing = state.tight ? TIGHT_SPACING : LOOSE_SPACING;
tightSwitch.checked = state.tight;

// `change` is the user's own change (never a programmatic one), so saving cannot loop.
cloud.addEventListener("change", (event) => {
  state.selection = event.detail.selection;
  saved.save(state);
});

// The served tags (`livetags`: each connection's welcome and each reload of the server's tags).
cloud.addEventListener("livetags", (event) => {
  if (!state.selection) return;
  const served = new Set(event.detail.tags);
  const kept = state.selection.filter((id) => served.has(id));
  if (kept.length === state.selection.length) return;
  state.selection = kept;
  saved.save(state);
});

tightSwitch.addEventListener("change", () => {
  state.tight = tightSwitch.checked;
  saved.save(state);
  cloud.spacing = state.tight ? TIGHT_SPACING : LOOSE_SPACING;
});

// The element says "connecting" before its first answer and "off" without `live`: for the
// reader both are "offline" until a server answers (a static host never does).
const shownStatus = (value) => (value === "live" || value === "reconnecting" ? value : "offline");
cloud.addEventListener("livestatus", (event) => status.show(shownStatus(event.detail.status)));
status.show(shownStatus(cloud.liveStatus));

// Wired: the element now holds the saved state (the browser tests wait for this flag).
document.documentElement.dataset.ready = "true";
