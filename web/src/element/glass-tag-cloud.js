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
// It is the demo page's cloud, not a copy of it: the same modules measure the labels
// (label-metrics.js), draw the capsules, their glass and the melting (cloud-view.js, melt-view.js,
// the capsule rules of styles.css, adopted into the shadow root), animate the spacing on the
// core's spring (spacing-animation.js), move the keyboard focus (roving-focus.js) and speak the
// live protocol (live-connection.js, live-session.js). Every position comes from the core: the
// Wasm core (loaded once per page, shared by every instance) or, with `live`, the frames of a
// `tagcloud serve` /live endpoint. The component never lays out by itself; until the core has
// answered, CSS flex-wrap (the same rule) shows the tags.
//
// Decisions (docs/ELEMENT.md has the reasons):
// - `change` fires on user changes only (click, Space/Enter), like a native control; setting
//   `selection`, a form reset and a restored form state are silent.
// - `max-selected`: at the limit, unselected tags get `aria-disabled="true"` (they stay focusable,
//   so they can be discovered); trying one is refused without a change event and announced in a
//   polite live region. A programmatic selection above the limit is kept but makes the control
//   invalid (`rangeOverflow`), as an over-long value does for a native input.
// - The selection as read is the selected ids that are current tags, in tag order; ids of tags
//   that are not (yet) there are kept aside and count again when their tag appears.

import { CloudView } from "../view/cloud-view.js";
import { measureLabels, watchTextMetrics } from "./label-metrics.js";
import { LiveConnection } from "../live/live-connection.js";
import { LiveSession } from "../live/live-session.js";
import { PackedLayout, samePacked } from "../layout/packed-layout.js";
import { installRovingFocus } from "./roving-focus.js";
import { SpacingAnimation } from "../view/spacing-animation.js";
import { loadTagCloudCore } from "../core/tagcloud-core.js";

const DEFAULT_SPACING = 16; // the seed's GlassTagCloud defaults
const DEFAULT_MERGE_DISTANCE = 10;
const DEFAULT_TINT = "#8E8E93";
const LIVE_PROTOCOL = "tagcloud.v1";

// ---- Shared by every instance on the page (thin adapters over page-wide browser resources) ----

/** The Wasm core: loaded once, shared; null when it cannot load (CSS flex-wrap then). */
let corePromise = null;
function sharedCore() {
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
function linkedCapsuleSheet(url) {
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

/** The demo's stylesheet (capsules, glass, melting, touch targets), fetched once, adopted by every shadow root. */
let capsuleSheetPromise = null;
function sharedCapsuleSheet() {
  const url = new URL("./styles.css", import.meta.url);
  const linked = capsuleSheetPromise ? null : linkedCapsuleSheet(url);
  if (linked) capsuleSheetPromise = Promise.resolve(linked);
  capsuleSheetPromise ??= fetch(url)
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
  return capsuleSheetPromise;
}

/** The component's own rules, after the demo's: host, theming properties, limit, live region. */
const hostSheet = new CSSStyleSheet();
hostSheet.replaceSync(`
:host {
  display: block;
  position: relative;
  --font-system: var(--glass-font, -apple-system, BlinkMacSystemFont, "SF Pro Text", system-ui,
    "Segoe UI", Roboto, "Helvetica Neue", "DejaVu Sans", Arial, sans-serif);
  --glass-filter: blur(var(--glass-blur, 12px)) saturate(var(--glass-saturation, 180%));
  --rim: var(--glass-rim, rgb(255 255 255 / 0.45));
  --tag-duration: 0.5s;
  --tag-easing: ease-out;
}
:host([hidden]) { display: none; }
/* Reduce Transparency: solid tints, no glass (the page's :root rule does not reach a shadow root). */
@media (prefers-reduced-transparency: reduce) {
  :host { --glass-filter: none; }
}
:host(:not(:state(styled))) .cloud { visibility: hidden; }
.cloud { --spacing: ${DEFAULT_SPACING}px; }
.tag {
  color: var(--glass-label-color, #fff);
  --tint-amount: var(--glass-tint-opacity, 30%);
}
.tag[aria-pressed="true"] { --tint-amount: var(--glass-tint-opacity-selected, 85%); }
.tag:focus-visible { outline-color: var(--glass-focus-ring, var(--glass-label-color, #fff)); }
.tag[aria-disabled="true"] { cursor: not-allowed; opacity: var(--glass-limit-opacity, 0.55); }
.tag:disabled { cursor: default; opacity: var(--glass-disabled-opacity, 0.45); }
.announcer {
  position: absolute; width: 1px; height: 1px; margin: -1px; padding: 0; overflow: hidden;
  clip-path: inset(50%); white-space: nowrap; border: 0;
}
`);

const reduceMotionQuery = matchMedia("(prefers-reduced-motion: reduce)");
// Read on every frame: kept from the query's change events (asking `matches` each frame costs a
// media query evaluation per call).
let reduceMotion = reduceMotionQuery.matches;

function parseNumber(text, fallback, minimum = 0) {
  if (text === null || text.trim() === "") return fallback;
  const value = Number(text);
  return Number.isFinite(value) && value >= minimum ? value : fallback;
}

/** Whether two layouts put the same capsules at the same places, selected alike, merged alike. */
function sameArrangement(a, b) {
  if (!a || !b || a.packed || b.packed || a.items.length !== b.items.length) return false;
  if (a.size[0] !== b.size[0] || a.size[1] !== b.size[1]) return false;
  const sameItems = a.items.every((item, i) => {
    const other = b.items[i];
    return item.id === other.id && item.x === other.x && item.y === other.y && item.w === other.w &&
      item.h === other.h && item.selected === other.selected;
  });
  return sameItems && JSON.stringify(a.groups) === JSON.stringify(b.groups);
}

/** A tag of the cloud, from markup: `<glass-tag value="id" tint="#rrggbb" selected>Title</glass-tag>`. */
export class GlassTagElement extends HTMLElement {
  get value() {
    return this.getAttribute("value") ?? this.label;
  }
  set value(value) {
    this.setAttribute("value", String(value));
  }
  /** The title shown on the capsule: the element's text, white space collapsed. */
  get label() {
    return (this.textContent ?? "").replace(/\s+/g, " ").trim();
  }
  get tint() {
    return this.getAttribute("tint") ?? DEFAULT_TINT;
  }
  set tint(value) {
    this.setAttribute("tint", String(value));
  }
  /** Selected by default: part of the initial selection and of the one a form reset restores. */
  get selected() {
    return this.hasAttribute("selected");
  }
  set selected(value) {
    this.toggleAttribute("selected", Boolean(value));
  }
}

export class GlassTagCloudElement extends HTMLElement {
  static formAssociated = true;
  static observedAttributes = ["spacing", "merge-distance", "name", "max-selected", "live", "required", "dir"];

  // Page-wide batching: every instance that needs a layout is laid out in one animation frame,
  // and one ResizeObserver watches every instance's own width.
  static #pending = new Set();
  static #frame = 0;
  static #connected = new Set();
  static #resizes = new ResizeObserver((entries) => {
    for (const entry of entries) entry.target.#resized(entry.contentRect.width);
  });

  static {
    reduceMotionQuery.addEventListener("change", () => {
      reduceMotion = reduceMotionQuery.matches;
      for (const cloud of GlassTagCloudElement.#connected) cloud.#reduceMotionChanged();
    });
    // The back/forward cache: an open socket would keep the page out of it, so a hidden page
    // closes every cloud's socket and a page shown again from the cache resumes its sessions.
    addEventListener("pagehide", () => {
      for (const cloud of GlassTagCloudElement.#connected) cloud.#suspendLive();
    });
    addEventListener("pageshow", (event) => {
      if (!event.persisted) return;
      for (const cloud of GlassTagCloudElement.#connected) cloud.#resumeLive();
    });
  }

  static #schedule(cloud) {
    GlassTagCloudElement.#pending.add(cloud);
    GlassTagCloudElement.#frame ||= requestAnimationFrame(() => {
      GlassTagCloudElement.#frame = 0;
      const clouds = [...GlassTagCloudElement.#pending];
      GlassTagCloudElement.#pending.clear();
      for (const cloud of clouds) cloud.#update();
    });
  }

  #internals = this.attachInternals();
  #cloud;
  #announcer;
  #remProbe;
  #view;
  #roving;
  #spacing;
  #core = null;
  #packed = null; // the core's packed per-frame path (packed-layout.js)
  #styled = false;
  #stopWatchingText = null;
  #children = new MutationObserver((records) => {
    // The host's own attributes are not tags (they come through attributeChangedCallback).
    if (records.some((record) => record.target !== this || record.type !== "attributes")) this.#tagsChanged();
  });

  #propertyTags = null; // the `tags` property, or null: the <glass-tag> children
  #childTags = null; // the children's tags, read once per change (MutationObserver)
  #serverTags = null; // live: the tags the server serves
  #tagsDirty = true;
  #metrics = null;
  #width = null;
  #layout = null;
  #layoutSource = "none";
  #drawnMergeDistance = null;
  #spacingOnScreen = null;

  #selection = new Set(); // raw: may hold ids that are not current tags (#setSelection)
  #selectionVersion = 0; // bumped whenever #selection changes
  #shown = { source: null, tags: [] }; // #shownTags() of the last tag source
  #selected = { tags: null, version: -1, ids: [] }; // #selectedIds() of the last tags and version
  #selectionDirty = false; // set by the user or the program: tag defaults no longer apply
  #formDisabled = false;
  #limitApplied = null; // what #applyLimit last wrote for: [full, buttons, their pressed states' version]

  #live = null; // { url, connection, session, greeted, frame, mergeDistance }
  #liveStatus = "off";

  constructor() {
    super();
    const root = this.attachShadow({ mode: "open" });
    root.adoptedStyleSheets = [hostSheet];
    this.#cloud = document.createElement("div");
    this.#cloud.className = "cloud";
    this.#cloud.setAttribute("part", "cloud");
    this.#cloud.dataset.tagCloud = "";
    this.#announcer = document.createElement("div");
    this.#announcer.className = "announcer";
    this.#announcer.setAttribute("role", "status");
    this.#announcer.setAttribute("aria-live", "polite");
    this.#remProbe = document.createElement("div");
    this.#remProbe.className = "rem-probe";
    this.#remProbe.setAttribute("aria-hidden", "true");
    root.append(this.#cloud, this.#announcer, this.#remProbe);
    this.#internals.role = "group";
    this.#view = new CloudView(this.#cloud);
    this.#roving = installRovingFocus(this.#view, (layout, index, key) => this.#navigate(layout, index, key));
    this.#spacing = new SpacingAnimation((value, final) => this.#spacingFrame(value, final));
    this.#cloud.addEventListener("click", (event) => {
      const button = event.target.closest?.("button[data-tag-id]");
      if (button && this.#cloud.contains(button)) this.#userToggle(button.dataset.tagId);
    });
  }

  // ---- Lifecycle ------------------------------------------------------------------------------

  connectedCallback() {
    // Properties set before the element was defined are own properties shadowing ours.
    for (const key of ["tags", "selection"]) {
      if (Object.hasOwn(this, key)) {
        const value = this[key];
        delete this[key];
        this[key] = value;
      }
    }
    GlassTagCloudElement.#connected.add(this);
    this.#children.observe(this, { childList: true, subtree: true, characterData: true, attributes: true });
    GlassTagCloudElement.#resizes.observe(this);
    this.#stopWatchingText = watchTextMetrics(this.#remProbe, () => this.#remeasure());
    this.#tagsChanged();
    this.#startLive();
    sharedCapsuleSheet().then((sheet) => {
      if (sheet) this.shadowRoot.adoptedStyleSheets = [sheet, hostSheet];
      this.#styled = true;
      this.#setState("styled", true);
      this.#metrics = null;
      this.#requestUpdate();
    });
    sharedCore().then((core) => {
      this.#core = core;
      this.#packed = core ? new PackedLayout(core) : null;
      this.#view.setPressMotion(core && !this.#reduceMotion() ? core.motion("snappy") : null);
      this.#requestUpdate();
    });
  }

  disconnectedCallback() {
    GlassTagCloudElement.#connected.delete(this);
    GlassTagCloudElement.#pending.delete(this);
    this.#children.disconnect();
    GlassTagCloudElement.#resizes.unobserve(this);
    this.#stopWatchingText?.();
    this.#stopWatchingText = null;
    this.#spacing.stop();
    this.#stopLive();
    this.#view.releaseGlass();
  }

  attributeChangedCallback(name, oldValue, newValue) {
    if (oldValue === newValue) return;
    switch (name) {
      case "spacing":
        this.#spacingChanged();
        break;
      case "live":
        // Not while upgrading: attributes are reported before connectedCallback, which starts
        // the connection itself (two would be opened, one of them never stopped).
        if (GlassTagCloudElement.#connected.has(this)) {
          this.#stopLive();
          this.#startLive();
        }
        break;
      case "name":
      case "required":
      case "max-selected":
        this.#selectionChanged(null);
        break;
      default:
        this.#requestUpdate();
    }
  }

  // ---- Form-associated callbacks ----------------------------------------------------------------

  formResetCallback() {
    this.#setSelection(this.#defaultSelection());
    this.#selectionDirty = false;
    this.#selectionChanged(null);
    this.#syncLiveSelection();
  }

  formStateRestoreCallback(state) {
    let ids = [];
    try {
      ids = JSON.parse(typeof state === "string" ? state : "[]");
    } catch {
      return;
    }
    if (!Array.isArray(ids)) return;
    this.#setSelection(ids.map(String));
    this.#selectionDirty = true;
    this.#selectionChanged(null);
    this.#syncLiveSelection();
  }

  formDisabledCallback(disabled) {
    this.#formDisabled = disabled;
    this.#applyDisabled();
  }

  // ---- Properties -----------------------------------------------------------------------------

  /** The tags: `[{ id, title, tint, selected? }]`; from the `<glass-tag>` children unless set. */
  get tags() {
    return this.#ownTags().map(({ id, label, tint, selected }) => ({ id, title: label, tint, selected }));
  }
  set tags(value) {
    if (value === null || value === undefined) {
      this.#propertyTags = null;
    } else {
      if (!Array.isArray(value)) throw new TypeError("glass-tag-cloud: tags must be an array of { id, title, tint }");
      this.#propertyTags = value.map((tag, index) => {
        if (!tag || typeof tag !== "object") throw new TypeError(`glass-tag-cloud: tags[${index}] is not an object`);
        const title = String(tag.title ?? tag.label ?? tag.id ?? "");
        const id = String(tag.id ?? title);
        return { id, label: title, tint: tag.tint ? String(tag.tint) : DEFAULT_TINT, selected: Boolean(tag.selected) };
      });
    }
    this.#tagsChanged();
  }

  /** The selected ids, in tag order. Setting it fires no `change` event. */
  get selection() {
    return this.#selectedIds().slice();
  }
  set selection(ids) {
    if (ids === null || ids === undefined) ids = [];
    if (typeof ids === "string" || !(Symbol.iterator in Object(ids))) {
      throw new TypeError("glass-tag-cloud: selection must be an array of tag ids");
    }
    this.#setSelection([...ids].map(String));
    this.#selectionDirty = true;
    this.#selectionChanged(this.#layout ? "snappy" : null);
    this.#syncLiveSelection();
  }

  get spacing() {
    return parseNumber(this.getAttribute("spacing"), DEFAULT_SPACING);
  }
  set spacing(value) {
    this.setAttribute("spacing", String(value));
  }

  get mergeDistance() {
    return parseNumber(this.getAttribute("merge-distance"), DEFAULT_MERGE_DISTANCE);
  }
  set mergeDistance(value) {
    this.setAttribute("merge-distance", String(value));
  }

  /** The most tags a user may select, or null (no limit). */
  get maxSelected() {
    const value = parseNumber(this.getAttribute("max-selected"), null);
    return value === null ? null : Math.floor(value);
  }
  set maxSelected(value) {
    if (value === null || value === undefined) this.removeAttribute("max-selected");
    else this.setAttribute("max-selected", String(value));
  }

  get name() {
    return this.getAttribute("name") ?? "";
  }
  set name(value) {
    this.setAttribute("name", String(value));
  }

  get required() {
    return this.hasAttribute("required");
  }
  set required(value) {
    this.toggleAttribute("required", Boolean(value));
  }

  get disabled() {
    return this.hasAttribute("disabled");
  }
  set disabled(value) {
    this.toggleAttribute("disabled", Boolean(value));
  }

  get live() {
    return this.getAttribute("live") ?? "";
  }
  set live(value) {
    if (!value) this.removeAttribute("live");
    else this.setAttribute("live", String(value));
  }

  /** "off" (no `live`), "connecting", "live", "reconnecting" or "offline". */
  get liveStatus() {
    return this.#liveStatus;
  }

  /** Who placed the capsules on screen: "none", "css", "wasm" or "server". */
  get layoutSource() {
    return this.#layoutSource;
  }

  /** The layout on screen (a docs/PROTOCOL.md response, in this element's coordinates), or null. */
  get layout() {
    // Frames of the packed path carry their JSON response lazily: made here, on first read.
    return this.#layout?.packed ? this.#layout.json() : this.#layout;
  }

  get form() {
    return this.#internals.form;
  }
  get labels() {
    return this.#internals.labels;
  }
  get type() {
    return "glass-tag-cloud";
  }
  get validity() {
    return this.#internals.validity;
  }
  get validationMessage() {
    return this.#internals.validationMessage;
  }
  get willValidate() {
    return this.#internals.willValidate;
  }
  checkValidity() {
    return this.#internals.checkValidity();
  }
  reportValidity() {
    return this.#internals.reportValidity();
  }

  // ---- Tags -----------------------------------------------------------------------------------

  #ownTags() {
    if (this.#propertyTags) return this.#propertyTags;
    this.#childTags ??= [...this.children]
      .filter((child) => child.localName === "glass-tag")
      .map((child) => ({
        id: child.getAttribute("value") ?? (child.textContent ?? "").replace(/\s+/g, " ").trim(),
        label: (child.textContent ?? "").replace(/\s+/g, " ").trim(),
        tint: child.getAttribute("tint") || DEFAULT_TINT,
        selected: child.hasAttribute("selected"),
      }));
    return this.#childTags;
  }

  /**
   * The tags on screen: the server's while live, else the element's; unique, non-empty ids.
   * The same array until the tag source changes (read every frame: do not modify it).
   */
  #shownTags(warn = false) {
    const source = this.#serverTags ?? this.#ownTags();
    if (source === this.#shown.source && !warn) return this.#shown.tags;
    const seen = new Set();
    const tags = source.filter((tag) => {
      if (!tag.id || seen.has(tag.id)) {
        // The core refuses a request with a duplicate id: one bad tag must not blank the cloud.
        if (warn) console.warn(`glass-tag-cloud: skipped a tag with ${tag.id ? `the duplicate id "${tag.id}"` : "an empty id"}`);
        return false;
      }
      seen.add(tag.id);
      return true;
    });
    this.#shown = { source, tags };
    return tags;
  }

  /**
   * The selected ids that are current tags, in tag order: the `selection` property's value. The
   * same array until the tags or the selection change (read every frame: do not modify it).
   */
  #selectedIds() {
    const tags = this.#shownTags();
    const cached = this.#selected;
    if (cached.tags !== tags || cached.version !== this.#selectionVersion) {
      const ids = [];
      for (const tag of tags) if (this.#selection.has(tag.id)) ids.push(tag.id);
      this.#selected = { tags, version: this.#selectionVersion, ids };
    }
    return this.#selected.ids;
  }

  #setSelection(ids) {
    this.#selection = new Set(ids);
    this.#selectionVersion += 1;
  }

  #defaultSelection() {
    return this.#ownTags()
      .filter((tag) => tag.selected)
      .map((tag) => tag.id);
  }

  #tagsChanged() {
    this.#childTags = null;
    if (!this.#selectionDirty) this.#setSelection(this.#defaultSelection());
    this.#tagsDirty = true;
    this.#requestUpdate();
    this.#updateForm();
  }

  // ---- Layout ---------------------------------------------------------------------------------

  #requestUpdate() {
    if (this.isConnected) GlassTagCloudElement.#schedule(this);
  }

  #resized(width) {
    if (width === this.#width) return;
    this.#width = width;
    this.#requestUpdate();
  }

  #remeasure() {
    this.#metrics = null;
    this.#requestUpdate();
  }

  #reduceMotion() {
    return reduceMotion;
  }

  #reduceMotionChanged() {
    if (this.#reduceMotion() && this.#spacing.running) this.#spacing.start(this.#spacingOnScreen, this.spacing, null);
    if (this.#live?.greeted) this.#sendViewport();
  }

  #isRightToLeft() {
    // The element's directionality (its own or an ancestor's `dir`): a selector match, where
    // getComputedStyle would force a style recalculation per cloud per frame.
    return this.matches(":dir(rtl)");
  }

  #viewportKey() {
    return `${this.#width} ${this.#reduceMotion()} ${this.#isRightToLeft() ? "rtl" : "ltr"}`;
  }

  /** The width, Reduce Motion and writing direction, as the server lays out for them. */
  #sendViewport() {
    if (this.#width === null) return;
    this.#live.sentViewport = this.#viewportKey();
    const direction = this.#isRightToLeft() ? "rtl" : "ltr";
    this.#live.connection.send(this.#live.session.viewport(this.#width, this.#reduceMotion(), direction));
  }

  #mergeDistanceInUse() {
    return this.#live?.mergeDistance ?? this.mergeDistance;
  }

  /** Brings the shadow tree up to date: tags, measurements, then a layout from the core or the server. */
  #update() {
    if (!this.isConnected) return;
    if (this.#tagsDirty) {
      this.#tagsDirty = false;
      const tags = this.#shownTags(true);
      if (this.#view.setTags(tags.map(({ id, label, tint }) => ({ id, label, tint })))) {
        for (const button of this.#view.buttons) {
          button.setAttribute("part", "tag");
          button.querySelector(".tag-label")?.setAttribute("part", "label");
        }
        this.#roving.sync();
        this.#applyDisabled();
        this.#layout = null;
      }
      this.#metrics = null;
      this.#updateForm();
    }
    if (this.#width === null) this.#width = this.getBoundingClientRect().width;
    if (this.#styled && !this.#metrics && this.#view.buttons.length > 0) {
      this.#metrics = measureLabels(this.#cloud, this.#view.tags);
      this.#sendLive(() => this.#live.session.measure(this.#metrics));
    }
    if (this.#live?.greeted && this.#viewportKey() !== this.#live.sentViewport) this.#sendViewport();
    this.#spacingOnScreen ??= this.spacing;
    if (this.#spacing.running) return; // its next frame lays out with the new inputs
    this.#draw(null);
  }

  /** Draws the best layout there is: a current server frame, else the local core, else CSS. */
  #draw(animation) {
    const frame = this.#live?.frame;
    if (frame && this.#live.greeted && frame.width === this.#width) {
      this.#render(this.#fromServer(frame), "server");
      return;
    }
    const layout = this.#layoutLocally(this.#spacingOnScreen, animation);
    if (layout) {
      this.#render(layout, "wasm");
    } else if (!this.#layout) {
      // No core (yet): CSS flex-wrap, the same rule, shows the tags and their state.
      this.#view.showSpacing(this.#spacingOnScreen ?? this.spacing);
      this.#view.showSelection(this.selection);
      this.#layoutSource = this.#view.buttons.length ? "css" : "none";
      this.#applyLimit();
    }
  }

  #layoutLocally(spacing, animation) {
    if (!this.#core || !this.#metrics || this.#width === null) return null;
    const reduceMotion = this.#reduceMotion();
    const request = {
      width: this.#width,
      spacing,
      mergeDistance: this.#mergeDistanceInUse(),
      textScale: this.#metrics.textScale,
      lineHeight: this.#metrics.lineHeight,
      tags: this.#metrics.tags,
      selection: this.#selectedIds(),
      animation: reduceMotion ? null : animation,
      reduceMotion,
    };
    if (this.#isRightToLeft()) request.direction = "rtl";
    try {
      // Every frame through the packed path (no JSON); the JSON path for what only it lays out.
      return this.#packed?.layout(request) ?? this.#core.layout(request);
    } catch (error) {
      console.error("glass-tag-cloud: the core refused the layout:", error);
      return null;
    }
  }

  /** A server frame as this element shows it: with the element's selection (a toggle may be in flight). */
  #fromServer(frame) {
    const selected = new Set(this.selection);
    return { ...frame, items: frame.items.map((item) => ({ ...item, selected: selected.has(item.id) })) };
  }

  #render(layout, source) {
    const spacing = String(this.#spacingOnScreen);
    if (this.#cloud.dataset.spacing !== spacing) this.#cloud.dataset.spacing = spacing;
    // A new width often leaves every capsule where it was (a drag within one arrangement):
    // then there is nothing to draw again.
    const same = layout.packed ? samePacked(layout, this.#layout) : sameArrangement(layout, this.#layout);
    if (source === this.#layoutSource && same && this.#drawnMergeDistance === this.#mergeDistanceInUse() && !this.#view.released) {
      this.#layout = layout;
      return;
    }
    this.#drawnMergeDistance = this.#mergeDistanceInUse();
    if (layout.animation !== undefined) this.#view.setMotion(this.#reduceMotion() ? null : layout.animation);
    const metrics = this.#metrics ?? { lineHeight: 20, textScale: 1 };
    const options = { mergeDistance: this.#mergeDistanceInUse(), lineHeight: metrics.lineHeight, textScale: metrics.textScale };
    if (layout.packed) this.#view.renderFrame(layout, layout.selected, { ...options, layout: layout.json });
    else {
      // The glass melts by the core's necks: a JSON frame gets them from the core's packed layout.
      const at = { width: layout.width ?? this.#width, spacing: layout.spacing ?? this.#spacingOnScreen, mergeDistance: options.mergeDistance, direction: this.#isRightToLeft() ? "rtl" : "ltr" };
      this.#view.render(layout, { ...options, necks: this.#packed?.necksOf(layout, at) ?? null });
    }
    this.#layout = layout;
    this.#layoutSource = source;
    this.#applyLimit();
  }

  #navigate(layout, index, key) {
    if (!this.#core) return index;
    if (this.#isRightToLeft() && (key === "next" || key === "previous")) {
      key = key === "next" ? "previous" : "next"; // ← is forward in right-to-left reading order
    }
    return this.#core.navigate(layout, index, key);
  }

  // ---- Spacing --------------------------------------------------------------------------------

  #spacingChanged() {
    const target = this.spacing;
    this.#sendLive(() => this.#live.session.spacing(target));
    // With a local core the spacing animates frame by frame through it, live or not: every frame
    // is the flow at that frame's spacing (capsules change rows mid-way, groups melt exactly at
    // the merge distance); the server's frame for the new spacing ends it (#spacingFrame).
    const animatable = this.#core && this.#metrics && this.#layout && this.#spacingOnScreen !== null;
    if (!animatable) {
      if (this.#live?.greeted) return; // no local core: the server's frame comes with its spring
      this.#spacingOnScreen = target;
      this.#requestUpdate();
      return;
    }
    const motion = this.#reduceMotion() ? null : this.#core.motion("spacing");
    this.#spacing.start(this.#spacingOnScreen, target, motion);
  }

  #spacingFrame(value, final) {
    this.#spacingOnScreen = value;
    this.#view.showSpacing(value);
    // The last frame is the server's when it has already answered for this state.
    const frame = this.#live?.greeted ? this.#live.frame : null;
    if (final && frame && frame.width === this.#width && frame.spacing === value) {
      this.#render(this.#fromServer(frame), "server");
    } else {
      const layout = this.#layoutLocally(value, null);
      if (layout) this.#render(layout, "wasm");
    }
    this.#setState("animating", !final);
  }

  // ---- Selection ------------------------------------------------------------------------------

  #userToggle(id) {
    if (this.disabled || this.#formDisabled) return;
    const selecting = !this.#selection.has(id);
    const limit = this.maxSelected;
    if (selecting && limit !== null && this.selection.length >= limit) {
      this.#announce(
        limit === 1
          ? "Only one tag can be selected. Deselect it first."
          : `At most ${limit} tags can be selected. Deselect one first.`,
      );
      return;
    }
    if (selecting) this.#selection.add(id);
    else this.#selection.delete(id);
    this.#selectionVersion += 1;
    this.#selectionDirty = true;
    this.#announce("");
    this.#selectionChanged("snappy");
    this.#sendLive(() => this.#live.session.toggle(id));
    this.dispatchEvent(new CustomEvent("change", { bubbles: true, detail: { selection: this.selection } }));
  }

  #selectionChanged(animation) {
    this.#updateForm();
    if (!this.isConnected) return;
    if (this.#layout && !this.#spacing.running) {
      this.#draw(animation);
    } else {
      if (animation && this.#core && !this.#reduceMotion()) this.#view.setMotion(this.#core.motion(animation));
      this.#view.showSelection(this.selection);
      this.#applyLimit();
    }
  }

  #updateForm() {
    const ids = this.selection;
    const name = this.getAttribute("name");
    let value = null;
    if (name) {
      value = new FormData();
      for (const id of ids) value.append(name, id);
    }
    this.#internals.setFormValue(value, JSON.stringify(ids));
    const anchor = this.#view?.buttons[0];
    const limit = this.maxSelected;
    if (this.required && ids.length === 0) {
      this.#internals.setValidity({ valueMissing: true }, "Select at least one tag.", anchor);
    } else if (limit !== null && ids.length > limit) {
      this.#internals.setValidity(
        { rangeOverflow: true },
        `Select at most ${limit} ${limit === 1 ? "tag" : "tags"}.`,
        anchor,
      );
    } else {
      this.#internals.setValidity({});
    }
  }

  /** At the limit, the tags that cannot be added say so (aria-disabled) before they are tried. */
  #applyLimit() {
    const limit = this.maxSelected;
    const full = limit !== null && this.#selectedIds().length >= limit;
    // This runs every frame of a drag: nothing to do while the buttons, their pressed states and
    // the limit's state are what they were (the attributes below depend on nothing else).
    const applied = [full, this.#view.buttons, this.#view.pressedVersion];
    if (this.#limitApplied?.every((value, i) => value === applied[i])) return;
    this.#limitApplied = applied;
    for (const button of this.#view.buttons) {
      const pressed = button.getAttribute("aria-pressed") === "true";
      const refused = full && !pressed;
      // Written only when they change: this runs every frame of a drag.
      if (refused !== (button.getAttribute("aria-disabled") === "true")) {
        if (refused) button.setAttribute("aria-disabled", "true");
        else button.removeAttribute("aria-disabled");
      }
      // State parts, so pages can style `::part(tag selected)` and `::part(tag refused)`.
      const part = `tag${pressed ? " selected" : ""}${refused ? " refused" : ""}`;
      if (button.getAttribute("part") !== part) button.setAttribute("part", part);
    }
  }

  #applyDisabled() {
    const disabled = this.#formDisabled;
    for (const button of this.#view.buttons) button.disabled = disabled;
  }

  /** A custom state (`:state(name)`); browsers before the standard syntax only know `--name`. */
  #setState(name, on) {
    const states = this.#internals.states;
    if (!states) return;
    try {
      if (on) states.add(name);
      else states.delete(name);
    } catch {
      if (on) states.add(`--${name}`);
      else states.delete(`--${name}`);
    }
  }

  #announce(text) {
    // A fresh text node each time, so the same message is announced again on a second try.
    this.#announcer.replaceChildren(text ? document.createTextNode(text) : "");
  }

  // ---- Live -----------------------------------------------------------------------------------

  #setLiveStatus(status) {
    if (status === this.#liveStatus) return;
    this.#liveStatus = status;
    for (const state of ["live", "reconnecting", "offline"]) {
      this.#setState(state, state === status);
    }
    this.dispatchEvent(new CustomEvent("livestatus", { bubbles: true, detail: { status } }));
  }

  #liveURL() {
    const text = this.getAttribute("live");
    if (!text) return null;
    try {
      const url = new URL(text, document.baseURI);
      if (url.protocol === "http:") url.protocol = "ws:";
      if (url.protocol === "https:") url.protocol = "wss:";
      if (url.protocol !== "ws:" && url.protocol !== "wss:") throw new Error(`not a WebSocket URL`);
      return url;
    } catch (error) {
      console.warn(`glass-tag-cloud: live="${text}" is not usable:`, error);
      return null;
    }
  }

  #startLive() {
    const url = this.#liveURL();
    if (!url) {
      this.#setLiveStatus(this.hasAttribute("live") ? "offline" : "off");
      return;
    }
    // One session token per cloud (two clouds on one page are two sessions), kept for the tab.
    const key = `glass-tag-cloud:${url.href}#${this.id || this.getAttribute("name") || ""}`;
    let storage = null;
    try {
      storage = globalThis.sessionStorage ?? null;
    } catch {
      storage = null;
    }
    const scoped = storage && {
      getItem: (name) => storage.getItem(`${key}:${name}`),
      setItem: (name, value) => storage.setItem(`${key}:${name}`, value),
    };
    const live = { url, session: new LiveSession(scoped), greeted: false, frame: null, mergeDistance: null, connection: null, sentViewport: null };
    live.connection = new LiveConnection(url, LIVE_PROTOCOL, {
      onStatus: (status) => this.#setLiveStatus(status),
      onOpen: () => {
        live.greeted = false; // the server speaks first: its welcome names the tags it serves
      },
      onClose: () => {
        live.greeted = false;
        live.frame = null;
        if (this.#liveStatus === "connecting") this.#setLiveStatus("offline");
        this.#requestUpdate(); // the local core takes over
      },
      onMessage: (message) => this.#receive(live, live.session.accept(message)),
    });
    this.#live = live;
    this.#setLiveStatus("connecting");
    live.connection.start();
  }

  #stopLive() {
    if (!this.#live) return;
    this.#live.connection.stop();
    this.#live = null;
    this.#serverTags = null;
    this.#tagsDirty = true;
    this.#setLiveStatus(this.hasAttribute("live") && this.isConnected ? "connecting" : "off");
    this.#requestUpdate();
  }

  /** The page goes into the back/forward cache: close the socket (it would keep the page out). */
  #suspendLive() {
    if (!this.#live) return;
    this.#live.connection.stop();
    this.#live.greeted = false;
    this.#live.frame = null;
  }

  /** Shown again from the cache: reconnect; the hello resumes the session with this state. */
  #resumeLive() {
    this.#live?.connection.start();
  }

  #sendLive(message) {
    if (this.#live?.greeted) this.#live.connection.send(message());
  }

  /** A selection set by the program (not a toggle): the hello states it, the server adopts it. */
  #syncLiveSelection() {
    this.#sendLive(() => this.#live.session.hello({ selection: this.selection, spacing: this.spacing }));
  }

  #receive(live, event) {
    if (!event || this.#live !== live) return;
    if (event.kind === "welcome") {
      if (event.mergeDistance !== null) live.mergeDistance = event.mergeDistance;
      if (live.greeted) return; // the answer to our hello: the session is resumed or adopted
      if (event.tags && event.tags.length) {
        this.#serverTags = event.tags.map(({ id, label, tint }) => ({ id, label, tint, selected: false }));
        this.#tagsDirty = true;
      }
      this.#update(); // measures the server's tags (sends nothing: not greeted yet)
      live.greeted = true;
      live.connection.send(live.session.hello({ selection: this.selection, spacing: this.spacing }));
      if (this.#metrics) live.connection.send(live.session.measure(this.#metrics));
      this.#sendViewport();
    } else if (event.kind === "layout") {
      const frame = event.layout;
      if (frame.width !== this.#width) return; // answers a width we no longer have
      // Diagnostics (and the tests): how many frames came, and the selection the server holds.
      this.#cloud.dataset.liveFrames = String(Number(this.#cloud.dataset.liveFrames ?? 0) + 1);
      this.#cloud.dataset.liveSelection = frame.items.filter((item) => item.selected).map((item) => item.id).join(",");
      if (this.#core && typeof frame.spacing === "number" && frame.spacing !== this.spacing) {
        // Still in flight for a spacing we left: the local core already draws its successor.
        live.frame = null;
        return;
      }
      if (this.#core && this.#spacing.running) {
        live.frame = frame; // the local animation runs on; its last frame is this one
        return;
      }
      const moved = this.#layoutSource === "server" && typeof frame.spacing === "number" && frame.spacing !== this.#spacingOnScreen;
      // A spacing change arrives as one frame with its spring: the browser eases the positions.
      this.#cloud.classList.toggle("is-easing", moved && Boolean(frame.animation) && !this.#reduceMotion());
      if (frame.animation) {
        this.#cloud.style.setProperty("--move-duration", `${frame.animation.settle}s`);
        this.#cloud.style.setProperty("--move-easing", frame.animation.easing);
      }
      if (typeof frame.spacing === "number") this.#spacingOnScreen = frame.spacing;
      live.frame = frame;
      this.#spacing.stop();
      this.#draw(null);
    } else if (event.kind === "error") {
      console.warn("glass-tag-cloud: the server refused a message:", event.message);
    }
  }
}

if (!customElements.get("glass-tag")) customElements.define("glass-tag", GlassTagElement);
if (!customElements.get("glass-tag-cloud")) customElements.define("glass-tag-cloud", GlassTagCloudElement);
