// <glass-tag-cloud>: the Liquid Glass tag cloud as a drop-in, form-associated web component.
//
//   <script type="module" src="glass-tag-cloud.js"></script>
//   <form>
//     <glass-tag-cloud name="interests" spacing="18" max-selected="3" required aria-label="Interests">
//       <glass-tag value="swiftui" tint="#0A84FF" selected>SwiftUI</glass-tag>
//       <glass-tag value="layout" tint="#FF9F0A">Layout</glass-tag>
//     </glass-tag-cloud>
//   </form>
//
// This class is the element's public surface (attributes, properties, form callbacks, events)
// and its update cycle; the work is done by reactive controllers, one concern each, that hold
// no other (`hostConnected`, `hostDisconnected`, and `derive`: a snapshot from the snapshots
// before it). Every cause of change asks for an update (`requestUpdate`: in the next animation
// frame; attributes and properties in a microtask; a scroll, focus and the user's toggle at
// once); `#update` derives, in this order, the tags (tags-controller.js), the selection and the
// form (selection-controller.js), the metrics (metrics-controller.js: width, direction, labels,
// row limit), the frame source (live-controller.js: the live server's frame, and what it is
// told), the layout (layout-controller.js: the frame, the spacing spring, the tags coming and
// going), and what lies behind the cloud (backdrop-controller.js, which also defines
// `appearance`, `variant` and `refreshBackdrop()`); then the view's `writeFrame` writes the DOM
// and the glass: the only writer (docs/ELEMENT.md, "The update cycle"), and answers with what it
// put on screen (view/screen-snapshot.js), handed to the input and to the next update. The input
// (input-controller.js) and the glass window's scrolls (glass-window-controller.js) are causes.
//
// Decisions (docs/ELEMENT.md has the reasons):
// - `change` fires on user changes only (click, Space/Enter), like a native control; setting
//   `selection`, a form reset and a restored form state are silent.
// - A removal by the user (tag-removal.js) fires a cancelable `remove` first, and `change` when
//   the removed tag was selected: the user changed the value.
// - Every position comes from the core (the Wasm core, or with `live` the frames of a
//   `tagcloud serve`); until the core has answered, CSS flex-wrap (the same rule) shows the tags.

import { BackdropController, defineAppearanceProperties } from "./backdrop-controller.js";
import { CloudView } from "../view/cloud-view.js";
import { CORE_PROPERTIES } from "./core-properties.js";
import { defineAttributeProperties } from "./attribute-properties.js";
import { GlassTagElement } from "./glass-tag.js";
import { registerEasedProperties } from "./registered-properties.js";
import { GlassWindowController } from "../view/glass-window-controller.js";
import { InputController } from "./input-controller.js";
import { LayoutController } from "../layout/layout-controller.js";
import { MetricsController } from "../layout/metrics-controller.js";
import { LiveController } from "../live/live-controller.js";
import { scheduleUpdate, sharedCore, sharedSheet, unscheduleUpdate, unwatchPage, watchPage } from "../shared/page-resources.js";
import { PressState } from "../view/press-state.js";
import { RovingFocus } from "./roving-focus.js";
import { defineRowLimitLabelProperties } from "./row-limit-labels.js";
import { ScreenSnapshot } from "../view/screen-snapshot.js";
import { SelectionController } from "./selection-controller.js";
import { focusNeighbour, requestRemoval } from "./tag-removal.js";
import { TagsController } from "./tags-controller.js";

/**
 * What holds before styles.css arrives: the host's box, nothing shown unstyled; and the core's
 * numbers that styles.css reads, from the element's first frame.
 */
let hostSheet = null; // made with the first element (importing this module makes nothing)
function sharedHostSheet() {
  if (hostSheet) return hostSheet;
  hostSheet = new CSSStyleSheet();
  hostSheet.replaceSync(`
:host { display: block; position: relative; }
:host([hidden]) { display: none; }
:host(:not(:state(styled))) .cloud { visibility: hidden; }
${CORE_PROPERTIES}`);
  return hostSheet;
}

/** A shadow-tree node of the element. */
function node(className, attributes) {
  const element = document.createElement("div");
  element.className = className;
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  return element;
}

/** A custom state (`:state(name)`); browsers before the standard syntax only know `--name`. */
function setCustomState(states, name, on) {
  if (!states) return;
  try {
    if (on) states.add(name);
    else states.delete(name);
  } catch {
    if (on) states.add(`--${name}`);
    else states.delete(`--${name}`);
  }
}

/** Properties set before the element was defined are own properties shadowing its accessors. */
function upgradeProperties(element, keys) {
  for (const key of keys) {
    if (!Object.hasOwn(element, key)) continue;
    const value = element[key];
    delete element[key];
    element[key] = value;
  }
}

export class GlassTagCloudElement extends HTMLElement {
  static formAssociated = true;
  static observedAttributes = ["spacing", "merge-distance", "name", "max-selected", "live", "required", "dir", "removable", "max-rows", "more-label", "less-label", "lang", "appearance", "variant"];

  #internals = this.attachInternals();
  #connected = false;
  #controllers;
  #tags;
  #selection;
  #metrics;
  #layout;
  #live;
  #glassWindow;
  #backdrop;
  #view;
  #input;
  #screen = ScreenSnapshot.NONE; // what the last update put on screen (the view's answer)
  #roving = new RovingFocus();
  #styled = false;
  #soon = false;
  #liveStatus = "off";

  constructor() {
    super();
    const root = this.attachShadow({ mode: "open" });
    root.adoptedStyleSheets = [sharedHostSheet()];
    const cloud = node("cloud", { part: "cloud", "data-tag-cloud": "" });
    const announcer = node("announcer", { role: "status", "aria-live": "polite" });
    const remProbe = node("rem-probe", { "aria-hidden": "true" });
    root.append(cloud, announcer, remProbe);
    this.#internals.role = "group";
    const host = { requestUpdate: () => this.requestUpdate(), updateNow: () => this.#updateNow() };
    this.#glassWindow = new GlassWindowController(host, cloud);
    const press = new PressState({ requestUpdate: host.requestUpdate });
    const setState = (name, on) => setCustomState(this.#internals.states, name, on);
    this.#view = new CloudView(cloud, { requestUpdate: host.requestUpdate, announcer, setState, press });
    this.#tags = new TagsController(this, { onChange: () => this.#tagsChanged() });
    this.#selection = new SelectionController(this, this.#internals);
    this.#metrics = new MetricsController(this, { cloud, remProbe });
    this.#layout = new LayoutController(this);
    this.#live = new LiveController(this, {
      setStatus: (status) => {
        this.#liveStatus = status;
        this.requestUpdate();
        this.dispatchEvent(new CustomEvent("livestatus", { bubbles: true, detail: { status } }));
      },
      // The server's tags and selection are causes, as the page's are: the next update derives from them.
      served: {
        tags: (list) => {
          this.#tags.setServer(list);
          this.#selection.count(this.#tags.current());
        },
        selection: (ids) => this.#selection.serve(ids),
        forget: (ids) => this.#selection.forget(ids, { quiet: true }),
      },
    });
    this.#backdrop = new BackdropController(this, { cloud, probe: remProbe, styled: () => this.#styled });
    // Every pointer, key and focus event on the cloud: the press, the tab stop and these actions.
    this.#input = new InputController(cloud, {
      press,
      roving: this.#roving,
      loadCore: sharedCore,
      requestUpdate: host.requestUpdate,
      actions: {
        toggle: (id) => this.#userToggle(id),
        toggleRows: () => this.#metrics.toggleRows(),
        remove: (id) => this.#remove(id),
        focusEntered: () => this.#updateNow(), // placed before the browser scrolls it into view from its old place
      },
    });
    this.#controllers = [this.#tags, this.#selection, this.#metrics, this.#live, this.#layout, this.#glassWindow, this.#backdrop, this.#input];
  }

  // ---- The update cycle -----------------------------------------------------------------------

  /** Asks for an update in the next animation frame (one for every cloud of the page). */
  requestUpdate() {
    if (this.#connected) scheduleUpdate(this, () => this.#update());
  }

  /**
   * The update once the current script is done (a microtask, as a Lit element's): for changes by the
   * program or the parser (attributes, properties, the form), shown before the page's next task.
   */
  #updateSoon() {
    if (this.#soon || !this.#connected) return;
    this.#soon = true;
    queueMicrotask(() => {
      this.#soon = false;
      if (this.#connected) this.#updateNow();
    });
  }

  /**
   * The update at once, for a cause that must show before the browser goes on: a scroll (its event
   * comes in the frame's rendering steps: this is that frame's update), focus entering a capsule that
   * waited out of sight (placed before the browser scrolls it into view), and the user's toggle.
   */
  #updateNow() {
    unscheduleUpdate(this);
    this.#update();
  }

  /**
   * One way through the frame: each controller derives its snapshot from those before it (tags,
   * selection, metrics, the frame source, layout), then the view writes them: the only writer.
   * What it put on screen (the buttons, the frame) is handed on as a snapshot: to the input, for
   * the events until the next update, and to the next update's selection and metrics.
   */
  #update() {
    if (!this.#connected) return;
    // A second pass only when the font could be read once the view had made the labels.
    for (let pass = 0; pass < 2; pass += 1) {
      const screen = this.#screen;
      const tags = this.#tags.derive();
      const selection = this.#selection.derive(tags, screen);
      const metrics = this.#metrics.derive(tags, screen);
      const source = this.#live.derive({ tags, selection, metrics });
      const layout = this.#layout.derive({ tags, selection, metrics, source });
      const status = this.#liveStatus;
      this.#screen = this.#view.writeFrame({
        tags: tags.list,
        changes: tags.changes,
        departing: layout.presence.departing,
        ...layout,
        metrics: metrics.metrics,
        transparencyVersion: metrics.transparencyVersion,
        direction: metrics.direction,
        selected: selection.flags,
        full: selection.full,
        disabled: selection.formDisabled,
        active: this.#roving.activeIn(tags.list),
        announcement: selection.announcement,
        rowLabels: metrics.rowLabels,
        backdrop: this.#styled ? this.#backdrop.derive(layout.frame?.size[1] ?? 0, layout.moving) : undefined,
        glass: this.#glassWindow.take(),
        focused: this.#input.takeFocused(),
        live: source.greeted || source.diagnostics.frames ? source.diagnostics : null,
        states: {
          styled: this.#styled,
          animating: layout.moving,
          live: status === "live",
          reconnecting: status === "reconnecting",
          offline: status === "offline",
        },
      });
      this.#input.shown(this.#screen);
      if (!metrics.needsPass) break;
    }
  }

  // ---- Lifecycle ------------------------------------------------------------------------------

  connectedCallback() {
    upgradeProperties(this, ["tags", "selection", "appearance", "variant", "moreLabel", "lessLabel"]);
    this.#connected = true;
    watchPage(this, {
      reduceMotion: () => this.#layout.reduceMotionChanged(),
      reduceTransparency: () => this.#metrics.transparencyChanged(),
      dark: () => this.#backdrop.schemeChanged(),
      pagehide: () => this.#live.suspend(),
      pageshow: () => this.#live.resume(),
    });
    for (const controller of this.#controllers) controller.hostConnected();
    sharedSheet().then((sheet) => {
      if (sheet) this.shadowRoot.adoptedStyleSheets = [hostSheet, sheet];
      this.#styled = true;
      this.#metrics.styled();
    });
    this.requestUpdate();
  }

  disconnectedCallback() {
    this.#connected = false;
    unwatchPage(this);
    unscheduleUpdate(this);
    for (const controller of this.#controllers) controller.hostDisconnected();
    this.#view.releaseGlass();
  }

  attributeChangedCallback(name, oldValue, newValue) {
    if (oldValue === newValue) return;
    if (name === "live") {
      // Not while upgrading: connectedCallback starts the connection itself.
      if (this.#connected) {
        this.#live.stop();
        this.#live.start();
      }
    } else if (name === "removable") this.#tags.removableChanged();
    else if (name === "max-rows") this.#metrics.maxRowsChanged();
    else if (name === "more-label" || name === "less-label" || name === "lang") this.#metrics.rowLabelsChanged();
    else if (name === "name" || name === "required" || name === "max-selected") this.#selection.updateForm();
    this.#updateSoon();
  }

  formResetCallback() {
    this.#selection.set(this.#selection.defaults(), { dirty: false });
    this.#updateSoon();
  }

  formStateRestoreCallback(state) {
    let ids = [];
    try {
      ids = JSON.parse(typeof state === "string" ? state : "[]");
    } catch {
      return;
    }
    if (!Array.isArray(ids)) return;
    this.#selection.set(ids.map(String));
    this.#updateSoon();
  }

  formDisabledCallback(disabled) {
    this.#selection.formDisabled = disabled;
    this.#updateSoon();
  }

  /** The element's own tags changed: the selection is handed them as data (its defaults, its form). */
  #tagsChanged() {
    this.#selection.ownTagsChanged(this.#tags.current(), this.#tags.own());
    this.#updateSoon();
  }

  #userToggle(id) {
    if (!this.#selection.toggle(id)) return;
    this.#updateNow(); // the user's input shows (and a live server is told) in this task, as a native control's does
    this.#dispatchChange();
  }

  /** The user's removal of tag `id`: tag-removal.js answers with an intent, routed here to each part. */
  #remove(id) {
    const screen = this.#screen; // the tags on screen, as the user saw them
    const removal = requestRemoval(this, id, { tags: screen.tags, disabled: this.disabled || this.#selection.formDisabled });
    if (!removal || !this.#tags.remove(id)) return;
    focusNeighbour(this, screen.buttons, removal.neighbour);
    if (this.#selection.removed(id, removal.title)) this.#dispatchChange();
  }

  /** The user changed the selection (a toggle, or the removal of a selected tag). */
  #dispatchChange() {
    this.dispatchEvent(new CustomEvent("change", { bubbles: true, detail: { selection: this.selection } }));
  }

  // ---- Properties -----------------------------------------------------------------------------

  /** The tags: `[{ id, title, tint, selected?, removable? }]`; from the `<glass-tag>` children unless set. */
  get tags() {
    return this.#tags.own().map(({ id, label, tint, selected, removable }) =>
      ({ id, title: label, tint, selected, ...(removable ? { removable } : {}) }));
  }
  set tags(value) {
    this.#tags.setProperty(value);
  }

  /** The selected ids, in tag order. Setting it fires no `change` event. */
  get selection() {
    return this.#selection.ids().slice();
  }
  set selection(ids) {
    if (ids === null || ids === undefined) ids = [];
    if (typeof ids === "string" || !(Symbol.iterator in Object(ids))) {
      throw new TypeError("glass-tag-cloud: selection must be an array of tag ids");
    }
    // Not yet in the page, the element hears no tag change: the selection counts the tags as they are now.
    this.#selection.count(this.#tags.current());
    this.#selection.set([...ids].map(String), { animation: this.#layout.frame ? "snappy" : null });
    this.#updateSoon();
  }

  /** "off" (no `live`), "connecting", "live", "reconnecting" or "offline". */
  get liveStatus() { return this.#liveStatus; }
  /** Who placed the capsules on screen: "none", "css", "wasm" or "server". */
  get layoutSource() { return this.#layout.source; }
  /** The layout on screen (a docs/PROTOCOL.md response, in this element's coordinates), or null. */
  get layout() { return this.#screen.frame?.json?.() ?? null; }

  get form() { return this.#internals.form; }
  get labels() { return this.#internals.labels; }
  get type() { return "glass-tag-cloud"; }
  get validity() { return this.#internals.validity; }
  get validationMessage() { return this.#internals.validationMessage; }
  get willValidate() { return this.#internals.willValidate; }
  checkValidity() { return this.#internals.checkValidity(); }
  reportValidity() { return this.#internals.reportValidity(); }
}

defineAttributeProperties(GlassTagCloudElement);
defineAppearanceProperties(GlassTagCloudElement);
defineRowLimitLabelProperties(GlassTagCloudElement);

export { GlassTagElement };

registerEasedProperties();
if (!customElements.get("glass-tag")) customElements.define("glass-tag", GlassTagElement);
if (!customElements.get("glass-tag-cloud")) customElements.define("glass-tag-cloud", GlassTagCloudElement);
