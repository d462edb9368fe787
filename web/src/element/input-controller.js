// The cloud's input: every pointer, keyboard and focus event on the cloud comes here, and only
// here, and leaves as state or an intent: the press and hover (press-state.js, which the view
// writes), the tab stop (roving-focus.js), and the host's actions (toggle a tag, fold or show
// the row limit's tags, remove a tag, place a focused capsule now). It writes nothing:
// each change asks for an update, whose frame shows it. It holds no other part: what is on
// screen comes in after each update as an immutable snapshot (view/screen-snapshot.js), and the
// rules over it are the page's Wasm core's.
//
//   const input = new InputController(cloud, { press, roving, loadCore, actions, requestUpdate });
//   input.shown(screen)   // after each update: the buttons and the frame on screen, its direction
//   input.takeFocused()   // the capsule focus entered since the last update (or null), then cleared
//   loadCore(): the page's core (page-resources.js sharedCore), loaded once the host is connected
//   actions: { toggle(id), toggleRows(), remove(id), focusEntered() }
//
// What a pointer is on: the button it is on, or beside the buttons (on the cloud, or a slot's
// corner outside its rounded button) the tag whose touch target holds the point, by the core's
// hit test over the packed frame on screen: no JSON layout for a hover or a press, also while a
// drag lays the cloud out every frame; an arrow key's navigation reads the same frame (no JSON
// either). A touch target is no element's box (docs/WEB.md, "The
// touch target"), so a click beside the buttons is for a tag only where it was pressed, as a
// button's click is.
// - Complexity: O(1) per event on a button; a hit test (O(tags) to pack the frame) beside them.

import { ScreenSnapshot } from "../view/screen-snapshot.js";
import { removable } from "./tag-removal.js";

/** Arrow keys, Home/End and PageUp/PageDown: the core's navigation keys. */
const NAVIGATION = {
  ArrowRight: "next",
  ArrowLeft: "previous",
  ArrowUp: "up",
  ArrowDown: "down",
  Home: "first",
  End: "last",
  PageUp: "previousRow",
  PageDown: "nextRow",
};

/** The events the cloud listens to; `pointerup` and `pointercancel` end a press on the page. */
const CLOUD_EVENTS = [
  "pointerdown", "pointerover", "pointermove", "pointerleave", "click", "keydown", "keyup", "focusin", "focusout",
];
const RELEASE_EVENTS = ["pointerup", "pointercancel"];

/** How long Enter's press shows: Enter clicks at once, so no key-up ends it. */
const ENTER_PRESS_MS = 120;

/** The core's navigation keys in right-to-left reading order: ← is forward. */
const MIRRORED = { next: "previous", previous: "next" };

export class InputController {
  #cloud;
  #page;
  #screen = ScreenSnapshot.NONE;
  #press;
  #roving;
  #loadCore;
  #core = null; // the page's Wasm core (its hitTest and navigate), once loaded; null without one
  #actions;
  #focused = null; // the capsule focus entered, until the next update takes it
  #requestUpdate;
  #pressedButton = null; // the enabled tag button the last primary pointer press was for
  #releasing = null; // the page listener that ends the pointer's press

  /**
   * @param {EventTarget & { getBoundingClientRect(): DOMRect }} cloud
   * @param {{press: import("../view/press-state.js").PressState,
   *   roving: import("./roving-focus.js").RovingFocus,
   *   loadCore: () => Promise<{hitTest: Function, navigate: Function} | null>,
   *   actions: {toggle: (id: string) => void, toggleRows: () => void, remove: (id: string) => void,
   *     focusEntered: () => void},
   *   requestUpdate: () => void, page?: EventTarget}} parts
   *   page: where a pointer's press ends (the window: the pointer may leave the cloud first)
   */
  constructor(cloud, { press, roving, loadCore, actions, requestUpdate, page = globalThis }) {
    this.#cloud = cloud;
    this.#page = page;
    this.#press = press;
    this.#roving = roving;
    this.#loadCore = loadCore;
    this.#actions = actions;
    this.#requestUpdate = requestUpdate;
    for (const type of CLOUD_EVENTS) cloud.addEventListener(type, this, { capture: type === "focusin" });
  }

  /** @returns {Promise<void>} once the core is loaded (or known to be missing) */
  hostConnected() {
    return this.#loadCore().then((core) => {
      this.#core = core;
    });
  }

  /** A press in progress ends with the element: released, and its page listener gone. */
  hostDisconnected() {
    this.#releasing?.();
  }

  /** What the update put on screen (view/screen-snapshot.js): the next events are read against it. */
  shown(screen) {
    this.#screen = screen;
  }

  handleEvent(event) {
    switch (event.type) {
      case "pointerdown": return this.#pointerDown(event);
      case "pointerover":
      case "pointermove": return this.#hover(event);
      case "pointerleave": return this.#press.hover(null, false);
      case "click": return this.#click(event);
      case "keydown": return this.#keyDown(event);
      case "keyup": return this.#keyUp(event);
      case "focusin": return this.#focusIn(event);
      case "focusout": return this.#press.release(event.target.dataset?.tagId);
    }
  }

  /**
   * The tag button an event on the cloud is for, or null: the button it is on (or in), else
   * the tag whose touch target holds the point (the core's hit test over the frame on screen).
   */
  tagAt(event) {
    const button = event.target.closest?.("button[data-tag-id]");
    const screen = this.#screen;
    if (button) return screen.indexOf(button) >= 0 ? button : null;
    const frame = this.#isBeside(event.target) && event.clientX !== undefined ? screen.frame : null;
    if (!frame || !this.#core) return null;
    const origin = this.#cloud.getBoundingClientRect();
    return screen.buttons[this.#core.hitTest(frame, event.clientX - origin.left, event.clientY - origin.top)] ?? null;
  }

  /**
   * Whether `target` is beside the buttons: the cloud, or a slot's corner (the slot is the
   * capsule's rectangle, the button rounded).
   */
  #isBeside(target) {
    if (target === this.#cloud) return true;
    return Boolean(target.classList?.contains("tag-slot")) && target.parentElement?.parentElement === this.#cloud;
  }

  /** The enabled tag an event is for: `{ button, id }`, or null. */
  #enabledTag(event) {
    const button = this.tagAt(event);
    return !button || button.disabled ? null : { button, id: button.dataset.tagId };
  }

  #pointerDown(event) {
    const hit = event.button > 0 ? null : this.#enabledTag(event);
    this.#pressedButton = hit?.button ?? null;
    if (!hit) return;
    const rect = hit.button.getBoundingClientRect();
    this.#press.press(hit.id, event.clientX - rect.left, event.clientY - rect.top);
    this.#endRelease();
    const release = () => {
      this.#endRelease();
      this.#press.release(hit.id);
    };
    this.#releasing = release;
    for (const type of RELEASE_EVENTS) this.#page.addEventListener(type, release, { capture: true });
  }

  #endRelease() {
    if (!this.#releasing) return;
    for (const type of RELEASE_EVENTS) this.#page.removeEventListener(type, this.#releasing, { capture: true });
    this.#releasing = null;
  }

  /**
   * Over a button or between them (a touch target is no element: only a move says the pointer
   * entered one); a touch does not hover.
   */
  #hover(event) {
    if (event.pointerType === "touch") return;
    const hit = this.#enabledTag(event);
    const beside = hit !== null && !hit.button.contains(event.target);
    // The pointer cursor beside a capsule that can be pressed (a refused one shows its not-allowed on itself only).
    this.#press.hover(hit?.id ?? null, beside && hit.button.getAttribute("aria-disabled") !== "true");
  }

  #click(event) {
    const target = event.target;
    if (target.closest?.("button[data-row-toggle]")) this.#actions.toggleRows();
    const control = target.closest?.("button[data-remove-id]");
    if (control) {
      this.#actions.remove(control.dataset.removeId);
      return;
    }
    // Beside the buttons, a click is for the tag pressed there (a button is clicked only where it was pressed).
    const hit = this.#enabledTag(event);
    if (hit && (!this.#isBeside(target) || hit.button === this.#pressedButton)) this.#actions.toggle(hit.id);
  }

  #keyDown(event) {
    const modified = event.altKey || event.ctrlKey || event.metaKey;
    if ((event.key === "Delete" || event.key === "Backspace") && !modified && !event.repeat) {
      const tag = event.target.closest?.("button[data-tag-id], button[data-remove-id]");
      const id = tag?.dataset.tagId ?? tag?.dataset.removeId;
      if (id === undefined || !removable(this.#screen.tags, id)) return; // the tags on screen
      event.preventDefault();
      this.#actions.remove(id);
      return;
    }
    const key = NAVIGATION[event.key];
    if (key && !modified) {
      this.#moveFocus(event, key);
      return;
    }
    const hit = this.#enabledTag(event);
    if (hit && (event.key === " " || event.key === "Enter") && !event.repeat) {
      this.#press.press(hit.id, hit.button.offsetWidth / 2, hit.button.offsetHeight / 2);
      if (event.key === "Enter") setTimeout(() => this.#press.release(hit.id), ENTER_PRESS_MS);
    }
  }

  #keyUp(event) {
    const hit = this.#enabledTag(event);
    if (hit && event.key === " ") this.#press.release(hit.id);
  }

  /** An arrow, Home/End or PageUp/PageDown on a tag: focus goes where the core's navigation says. */
  #moveFocus(event, key) {
    const screen = this.#screen;
    const index = screen.indexOf(event.target);
    const frame = index < 0 ? null : screen.frame;
    if (!frame) return;
    if (screen.direction === "rtl") key = MIRRORED[key] ?? key;
    let next = index; // without the core (a live page's server frame) the key stays where it is
    try {
      if (this.#core) next = this.#core.navigate(frame, index, key);
    } catch {
      return;
    }
    event.preventDefault();
    if (next < 0 || next === index) return;
    const button = screen.buttons[next];
    this.#roving.set(next, button?.dataset.tagId ?? null);
    this.#requestUpdate();
    button?.focus();
  }

  /** The capsule focus entered since the last update (the view places it), or null; then cleared. */
  takeFocused() {
    const focused = this.#focused;
    this.#focused = null;
    return focused;
  }

  /**
   * Focus entered a capsule: it is the tab stop, and the next update places it (and brings it
   * into view when it waited out of sight).
   */
  #focusIn(event) {
    const index = this.#screen.indexOf(event.target);
    if (index < 0) return;
    const id = event.target.dataset.tagId;
    if (this.#roving.set(index, id)) this.#requestUpdate();
    this.#focused = event.target;
    this.#actions.focusEntered();
  }
}
