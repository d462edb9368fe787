// The cloud's DOM and glass, written by one function: `writeFrame(state)`, called once per
// update of the element (and never from an event: every cause of change asks for an update, and
// what it asks for reaches the view in the update's state: a scroll through the glass window's
// snapshot, focus entering a capsule through the input's, a changed transparency preference
// through the metrics'). The one other entry is the element's lifecycle: `releaseGlass()` when it
// leaves the document, where no update follows to give the WebGL2 contexts back.
// Each tag is a real <button aria-pressed> in a slot placed at the core's coordinates; the glass
// of the melted groups is drawn by MeltView over them, the lensing by LensFilters.
//
//   const view = new CloudView(cloud, { requestUpdate, setState, announcer, press });
//   const screen = view.writeFrame({ tags, changes, frame, selected, full, glass, focused, … });   // the host's update
//   // screen: what the frame put on screen (screen-snapshot.js): the buttons, the frame, immutable
//   view.releaseGlass()                      // the element left the document
//
// Each button's border box is the core's capsule rect (width, height and a `translate`), so what
// the user sees and what the tests measure are the same box; the touch target around it is the
// core's too (its hit test over the screen snapshot's frame, input-controller.js). Per frame only
// what changed is written, compared with what this view last wrote (never read back): a moved
// capsule's slot's `translate` (compositor-only; in a cloud taller than the viewport only near
// sight, the rest when the layout rests: slot-placement.js), a resized capsule's width and height
// (only when label metrics change), a changed aria-pressed; the glass is drawn in bands, each
// again only when what lies in it changed (band-layout.js), and not at all when nothing it draws
// changed. Tags are kept by id: a kept tag keeps its button (and focus); only inserted tags get
// nodes and only removed ones lose them.
// - Complexity: O(tags) comparisons per frame, O(changed in sight) style writes.

import { LensFilters } from "../glass/glass-lens.js";
import { MeltView } from "../glass/melt-view.js";
import { LayoutMotion } from "../layout/layout-motion.js";
import { samePacked } from "../layout/packed-layout.js";
import { keptIndices } from "./kept-nodes.js";
import { CloudProperties } from "./cloud-properties.js";
import { RowToggle } from "./row-toggle.js";
import { ScreenSnapshot } from "./screen-snapshot.js";
import { SlotPlacement } from "./slot-placement.js";
import { TagAppearance } from "./tag-appearance.js";
import { TagNodes } from "./tag-nodes.js";
import { TagStates } from "./tag-states.js";
import { frameTime, reduceTransparency } from "../shared/page-resources.js";

/** Below this presence a coming capsule is not drawn yet (its slot's scale): its whole size waits. */
const MIN_SHOWN_PRESENCE = 0.001;

export class CloudView {
  #requestUpdate;
  #press; // press and hover (press-state.js): the input changes it, this view writes it
  #glassWindow = null; // this frame's glass window (glass-window-controller.js `take`): window(), made on first use
  #nodes;
  #placement = new SlotPlacement([]);
  #tagsVersion = -1;
  #departing = []; // the departing tags (tag-presence.js) whose capsules follow the tags'
  #drawn = []; // the buttons of every capsule of a frame: the tags', the departing, the row limit's
  #toggle = null; // the row limit's capsule (row-toggle.js), while the frames have one
  #drawnIds = []; // their tags' ids
  #presence = new Map(); // id → the presence written as its slot's `scale` (absent: 1, all there)
  #quiet = 0; // updates in a row that moved no capsule (the layout rests at two)
  #transparencyVersion = 0; // the metrics' version of the styles' tint amounts this view read
  #glassDirty = true;
  #released = false;
  #frame = null; // the frame on screen
  #screen = ScreenSnapshot.NONE; // what writeFrame hands back
  #mergeDistance = null;
  #w = new Float64Array(0);
  #h = new Float64Array(0);
  #tagStates = new TagStates(); // aria-pressed, refusals, disabled, the tab stop, the tint amounts
  #appearance = new TagAppearance(); // each capsule's ink and tone from what lies behind it
  #melted = new Uint8Array(0); // 1: the slot is marked `is-melted` (the glass canvas draws its rim)
  #tints = new Float32Array(0);
  #rgb = new Float32Array(0);
  #properties; // what is written on the cloud itself (cloud-properties.js)
  #sight = undefined; // this frame's visible part of the cloud (read once a frame, lazily)
  #sightTime = null; // the animation frame it was read in (document.timeline's time)
  #restTimer = 0; // asks for the update in which a motion rests
  // The view's one clock of the layout's motion (layout-motion.js): while it runs, the lens is
  // off near sight (glass-lens.js), the glass draws at half resolution (melt-view.js) and each
  // capsule's tone holds (tag-appearance.js); the frame in which it rests brings all three back.
  #motion = new LayoutMotion();
  melt = null;
  lens = null;

  /**
   * @param {HTMLElement} cloud  the `[data-tag-cloud]` container
   * @param {{requestUpdate: () => void, setState: (name: string, on: boolean) => void, announcer: HTMLElement, press: import("./press-state.js").PressState}} options
   */
  constructor(cloud, { requestUpdate, setState, announcer, press }) {
    this.cloud = cloud;
    this.#press = press;
    this.#requestUpdate = requestUpdate;
    this.#properties = new CloudProperties(cloud, { announcer, setState });
    this.#nodes = new TagNodes(cloud);
  }

  /** The buttons, in tag order (the same array until the tags change). */
  get buttons() {
    return this.#nodes.buttons;
  }

  /** Lets go of the glass (its canvases and WebGL2 contexts): the cloud left the document. The next frame makes it anew. */
  releaseGlass() {
    this.melt?.remove();
    this.melt = null;
    this.#released = true;
  }

  /**
   * The one writer of the cloud's DOM and glass. `state`: tags, changes (tags-controller.js),
   * frame (packed-layout.js, or null: CSS lays out), mergeDistance, metrics, selected (flags per
   * tag), full (the limit is reached), disabled, active (the tab stop), spacing, motion,
   * pressMotion, easing, live (diagnostics or null), announcement, states, rowLabels (the row
   * limit's words, row-limit-labels.js), hitTesting (the core's hit test can say what a point
   * beside the buttons is on), direction (the frame's), glass (what scrolls asked for since the
   * last update, and the glass window: glass-window-controller.js `take`), focused (the capsule
   * keyboard focus entered since the last update, or null: every slot is placed, and one that
   * waited out of sight is brought into view, slot-placement.js), transparencyVersion (the
   * metrics': another reads the tint amounts again). Returns what it put on screen, an
   * immutable ScreenSnapshot (the same object while it shows the same buttons and frame).
   */
  writeFrame(state) {
    // Where the cloud is in sight is read at most once an animation frame, when a move needs it
    // (the read lays the page out): a second update in the same frame (a tag set from a page's
    // animation frame callback) keeps it, since writes to the cloud's content do not move the
    // cloud. It is not read ahead of the writes: a page that changed its layout in its own
    // callback (a drag) would have it laid out in every frame, not only in those that move.
    const frameAt = frameTime();
    if (frameAt === null || frameAt !== this.#sightTime) this.#sight = undefined;
    this.#sightTime = frameAt;
    const tagsChanged = state.changes.version !== this.#tagsVersion;
    if (tagsChanged) this.#writeTags(state);
    const toggled = Boolean(state.frame?.toggle) !== (this.#toggle !== null);
    const departed = tagsChanged || state.departing !== this.#departing || toggled;
    if (departed) this.#writeDrawn(state.departing, Boolean(state.frame?.toggle));
    this.#properties.write(state);
    const { scrolled, moved } = state.glass;
    this.#glassWindow = state.glass;
    // Focus entered a capsule: whether it waited out of sight, before this frame places anything.
    const focusIndex = state.focused ? this.#nodes.indexOf(state.focused) : -1;
    const focusWaited = focusIndex >= 0 && this.#placement.isStale(focusIndex);
    const fits = state.frame?.count === this.buttons.length && (state.frame.items ?? state.frame.count) === this.#drawn.length;
    const frame = fits ? state.frame : null;
    const released = this.#released && frame !== null;
    if (released) this.#unmelt();
    const moves = frame !== null && (departed || released || !samePacked(frame, this.#frame));
    if (moves) {
      this.#writeGeometry(frame, state.metrics, state.presence, state.glide);
      this.#glassDirty = true;
    } else if (frame !== null && this.#frame !== null && frame.width !== this.#frame.width) {
      this.#resized(frame);
    }
    if (frame?.toggle) this.#toggle.write(frame.toggle, state.rowLabels);
    const placedBefore = this.#frame !== null; // a first frame places capsules where none were: no move
    if (frame) this.#frame = frame;
    if (state.mergeDistance !== this.#mergeDistance) this.#glassDirty = true;
    this.#mergeDistance = state.mergeDistance;
    const shown = (i) => !Number.isNaN(this.#frame?.origins[2 * i]); // not folded by the row limit
    const tinted = this.#tagStates.write(this.buttons, state, this.#nodes.removers, shown, tagsChanged);
    if (tinted) this.#glassDirty = true;
    const scene = { frame: this.#frame, ids: this.#nodes.ids, spacing: state.spacing, motion: state.pressMotion };
    if (this.#press.write(this.cloud, (id) => this.#nodes.buttonFor(id), scene)) this.#glassDirty = true;
    const transparency = state.transparencyVersion !== this.#transparencyVersion;
    if (transparency) {
      this.#transparencyVersion = state.transparencyVersion;
      this.#tagStates.forgetTints();
      this.#glassDirty = true;
    }
    // Each capsule's ink and tone from what lies behind it, where its decision changed (tag-appearance.js):
    // after one move near sight, the rest in a frame that does not move; a motion holds them till it rests.
    this.#settleMotion();
    const hold = this.#motion.moving;
    const appearance = { backdrop: state.backdrop, rgb: this.#rgb, tagStates: this.#tagStates, buttons: this.buttons, solid: reduceTransparency() };
    const near = moves ? this.#nearSight(this.#frame.size[1]) : null;
    if (this.#appearance.write(this.#placement.slots, this.#drawn, this.#frame, { ...appearance, near, hold, changed: moves || departed || tinted || transparency })) this.#glassDirty = true;
    if (this.#appearance.stale > 0 && !hold) this.#requestUpdate();
    // The slots left out of sight are placed once the layout rests: after two updates in a row
    // that moved nothing (a drag moves capsules in most frames); until then each frame looks.
    this.#quiet = moves ? 0 : this.#quiet + 1;
    const rests = this.#placement.stale > 0 && this.#quiet >= 2;
    if (this.#placement.stale > 0 && !rests) this.#requestUpdate();
    if (focusIndex >= 0 || scrolled || rests) {
      this.#placement.placeAll();
      if (focusWaited) state.focused.scrollIntoView({ block: "nearest", inline: "nearest" });
    }
    if (this.#frame && (this.#glassDirty || moved)) this.#drawGlass();
    const onScreen = { tags: state.tags, tagsVersion: this.#tagsVersion, buttons: this.buttons, frame: this.#frame, direction: state.direction };
    return (this.#screen = this.#screen.next(onScreen));
  }

  /**
   * The lens and the glass's full resolution come back once the motion rests (glass-lens.js,
   * melt-view.js), and the held tones are decided again: in this writer's frame, which a timer
   * asks for when the motion may end.
   */
  #settleMotion() {
    const now = performance.now();
    this.lens?.writeBlur();
    if (this.#motion.rest(now)) {
      this.lens?.restore();
      this.#glassDirty = true;
    }
    const restsAt = this.#motion.restsAt;
    clearTimeout(this.#restTimer);
    if (restsAt !== null) this.#restTimer = setTimeout(this.#requestUpdate, Math.max(0, restsAt - now) + 1);
  }

  #writeTags({ tags, changes, departing }) {
    this.#tagsVersion = changes.version;
    this.#press.forget(changes.removed);
    const before = this.buttons;
    this.#nodes.reconcile(tags, changes, departing);
    this.#tagStates.retarget(before, this.buttons);
    this.#frame = null;
  }

  /**
   * The capsules drawn: the tags', then the departing ones' (still drawn while they shrink
   * away), then the row limit's when the frames have one.
   */
  #writeDrawn(departing, toggle) {
    this.#departing = departing;
    this.#nodes.depart(departing);
    if (toggle) this.#toggle ??= new RowToggle(this.#nodes.stage);
    else if (this.#toggle) {
      this.#toggle.remove();
      this.#toggle = null;
    }
    const toggles = this.#toggle ? [this.#toggle] : [];
    this.#drawn = [...this.buttons, ...this.#nodes.departedButtons, ...toggles.map((t) => t.button)];
    this.#drawnIds = [...this.#nodes.ids, ...departing.map((tag) => tag.id), ...toggles.map(() => null)];
    // A tag that left has no slot to carry its presence (one that comes again gets a new slot).
    const drawn = new Set(this.#drawnIds);
    for (const id of this.#presence.keys()) if (!drawn.has(id)) this.#presence.delete(id);
    this.lens?.forgetGone();
    const items = this.#drawn.length;
    const slots = [...this.#nodes.slots, ...this.#nodes.departedSlots, ...toggles.map((t) => t.slot)];
    const kept = keptIndices(this.#placement.slots, slots);
    const [w, h, melted] = [this.#w, this.#h, this.#melted];
    this.#placement = new SlotPlacement(slots, this.#placement, kept);
    // A kept capsule keeps the size and rim written on it: only what changes is written again.
    this.#w = new Float64Array(items).fill(NaN);
    this.#h = new Float64Array(items).fill(NaN);
    this.#melted = new Uint8Array(items);
    kept.forEach((j, i) => {
      if (j < 0) return;
      this.#w[i] = w[j];
      this.#h[i] = h[j];
      this.#melted[i] = melted[j];
    });
    this.#rgb = new Float32Array(3 * items).fill(0x8e / 255); // the row limit's capsule: the default grey
    this.#rgb.set(this.#nodes.colors());
    this.#glassDirty = true;
  }

  /**
   * The cloud's width changed and no capsule moved (a drag between two row breaks): for the lens
   * that is a move too, so a container resized frame after frame is a motion from its second
   * frame on, not from its second row break (glass-lens.js), and the frames between the breaks,
   * which the compositor draws anew (the page's layout changed), draw no lens.
   */
  #resized(frame) {
    // Where the capsules are in sight is read only when the lens comes off (the read lays out).
    if (!this.#motion.move(performance.now()) || !this.lens) return;
    this.lens.pause(this.#drawn, frame.origins, frame.sizes, this.#drawn.length, this.#nearSight(frame.size[1]));
  }

  #writeGeometry(frame, metrics, presence, glide) {
    this.lens ??= LensFilters.create(this.cloud, this.#requestUpdate);
    this.#properties.value("is-placed", true, () => this.cloud.classList.add("is-placed"));
    this.#properties.value("height", frame.size[1], (height) => (this.cloud.style.height = `${height}px`));
    const singleLine = (metrics?.lineHeight ?? 20) + 20 * (metrics?.textScale ?? 1);
    if (this.lens) this.lens.lineRadius = singleLine / 2; // the rim band stays off a wrapped label's first line
    const { origins, sizes } = frame;
    const count = this.#drawn.length;
    const near = this.#nearSight(frame.size[1]);
    const moved = this.#placement.place(origins, sizes, count, near, glide);
    const buttons = this.#drawn;
    const now = performance.now();
    // The lens is drawn at rest: a motion takes it off the capsules near sight (glass-lens.js);
    // a first frame (after new tags too) places capsules where none were, which is no move.
    if (moved > 0 && this.#frame && this.#motion.move(now)) this.lens?.pause(buttons, origins, sizes, count, near);
    if (presence?.running) this.#motion.start(now); // growing capsules are a motion from their first frame
    if (presence?.running || this.#presence.size > 0) this.#writePresence(presence, sizes);
    for (let i = 0; i < count; i += 1) {
      // A coming or going capsule is its whole self scaled by its presence (the core scales both
      // sides): its slot's `scale` (#writePresence), while the button keeps its whole size, so a
      // frame of growth restyles the slot alone, not the button (the costly element: docs/WEB.md).
      // Before its first visible frame its whole size is not known yet, and nothing shows.
      const presence = this.#presence.get(this.#drawnIds[i]);
      if (presence !== undefined && presence < MIN_SHOWN_PRESENCE) continue;
      const scale = presence ?? 1;
      const w = sizes[2 * i] / scale;
      const h = sizes[2 * i + 1] / scale;
      const resized = Math.abs(w - this.#w[i]) >= 0.01 || Math.abs(h - this.#h[i]) >= 0.01 || Number.isNaN(this.#w[i]);
      if (!resized && presence === undefined) continue;
      const button = buttons[i];
      if (resized) {
        this.#w[i] = w;
        this.#h[i] = h;
        button.style.width = `${w}px`;
        button.style.height = `${h}px`;
        button.classList.toggle("is-wrapped", h > singleLine + 0.5);
      }
      if (presence !== undefined) this.lens?.grow(button, w, h);
      else this.lens?.apply(button, w, h);
    }
  }

  /**
   * Each coming or going capsule's presence as its slot's `scale` (0…1), written only when it
   * changed: the whole capsule, its glass, lens, label and rim, grows and shrinks with it.
   */
  #writePresence(presence, sizes) {
    const count = this.#drawn.length;
    const slots = this.#placement.slots;
    for (let i = 0; i < count; i += 1) {
      const id = this.#drawnIds[i];
      const value = presence ? presence.valueOf(id) : 1;
      if ((this.#presence.get(id) ?? 1) === value) continue;
      const slot = slots[i];
      if (value === 1) {
        this.#presence.delete(id);
        slot.style.removeProperty("scale");
        slot.classList.remove("is-coming");
        this.lens?.grownUp(this.#drawn[i], sizes[2 * i], sizes[2 * i + 1]);
        continue;
      }
      if (!this.#presence.has(id)) slot.classList.add("is-coming");
      this.#presence.set(id, value);
      slot.style.scale = value.toFixed(4);
    }
  }

  /**
   * The part of the cloud whose slots are placed this frame (cloud px), or null: all of it. A
   * cloud no taller than the viewport can be seen whole, and one whose moves the browser eases
   * (`is-easing`, `is-gliding`) is placed whole; a taller one gets the visible part and a margin
   * (glass-window.js).
   */
  #nearSight(height) {
    const eased = this.#properties.written("is-easing") || this.#properties.written("is-gliding");
    if (height <= (globalThis.innerHeight || 0) || eased) return null;
    return this.#glassWindow.window().nearSight(this.#visible());
  }

  /**
   * What of the cloud is in sight, read at most once a frame (the read lays the page out); a
   * scroll that moved the window since is read again by the glass itself.
   */
  #visible() {
    if (this.#sight === undefined) this.#sight = this.#glassWindow.window().visible();
    return this.#sight;
  }

  /** After the glass was let go of: every capsule has its CSS rim until the glass draws again. */
  #unmelt() {
    this.#released = false;
    this.#melted.fill(0);
    for (const slot of this.#placement.slots) slot.classList.remove("is-melted");
  }

  #drawGlass() {
    this.#glassDirty = false;
    const frame = this.#frame;
    this.melt ??= new MeltView(this.cloud, this.#glassWindow.window()); // on the first frame, and again after releaseGlass
    const amounts = this.#tagStates.tintAmounts(this.buttons);
    const count = this.#drawn.length; // the tags', then the departing capsules
    if (this.#tints.length < 4 * count) this.#tints = new Float32Array(4 * count);
    // Each capsule's tint at its tone (tag-appearance.js); solid (Reduce Transparency, Increase
    // Contrast): mixed with the capsules' base.
    this.#appearance.neckTints(this.#tints, count, this.#rgb, (i) => this.#tagStates.isSelected(i), amounts, reduceTransparency());
    const press = this.#press;
    const ids = this.#nodes.ids;
    this.melt.draw(count === frame.count ? frame : { ...frame, count }, this.#tints, {
      mergeDistance: this.#mergeDistance,
      skip: press.liftedCount ? (i) => press.isLifted(ids[i]) : undefined,
      sight: () => this.#visible(),
      moving: this.#motion.moving,
    });
    // A melted capsule's rim is its group's outline on the canvas; the others keep their CSS rim.
    const melted = this.melt.melted;
    const slots = this.#placement.slots;
    for (let i = 0; i < count; i += 1) {
      const on = melted[i] === 1 ? 1 : 0;
      if (on !== this.#melted[i]) {
        this.#melted[i] = on;
        slots[i].classList.toggle("is-melted", on === 1);
      }
    }
  }
}
