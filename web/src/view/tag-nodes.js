// The tag buttons and their slots, kept by tag id: `reconcile` gives inserted tags new nodes,
// removes the nodes of removed ones and keeps (and reorders) the rest, so a kept tag keeps its
// button, its focus and its place on the stage. Called only by the view's frame (cloud-view.js).
//
//   const nodes = new TagNodes(cloud);
//   nodes.reconcile(tags, { inserted, removed, kept }, departing);   // departing: removed tags that shrink away
//   nodes.depart(departing);    // those still departing (the rest lose their nodes)
//   nodes.buttons, nodes.slots, nodes.ids, nodes.buttonFor(id), nodes.indexOf(button), nodes.colors()
//
// Every button sits in a slot, an unstyled positioned <div> that carries its `translate`: moving
// a slot restyles one tiny element, where moving the button itself restyles a form control, its
// pseudo-elements and label (measured: about 200× the style work per frame; docs/WEB.md). The
// stage is one box of fixed size (0 × 0) at the cloud's origin that holds every slot (no
// `contain`: layout containment made it a layout-shift root): the cloud's width follows its
// container (a drag narrows it every frame), the stage's does not, so the slots are not laid out
// again when the cloud is. In the CSS fallback stage and slots are `display: contents`, so the
// buttons are the flex items.
// A removable tag's slot holds a second button after the tag's own: the remove control
// (`data-remove-id`, named "Remove TITLE", not a tab stop: Delete or Backspace on the tag does
// the same from the keyboard), placed over the capsule's end, never inside the tag's button (no
// interactive content nested in a button).
// A removed tag that departs (shrinks away, tag-presence.js) keeps its nodes until it has gone:
// its slot is inert (no focus, no pointer, hidden from assistive technology), drawn only; the
// departing are the frame's capsules after the tags (`departedButtons`, `departedSlots`).
// - Complexity: O(tags) per reconcile (nodes made or removed only for inserted or removed tags).

const GREY = [0.5, 0.5, 0.5];

/**
 * A CSS colour as straight sRGB 0…1, alpha left out (the glass applies its own amounts): the hex
 * forms and rgb() read here; any other colour the browser parses, as it draws it (named colours,
 * hsl(), hwb(), lab(), oklch(), color()): one pixel filled with it on a 2D canvas, read back.
 * Grey for what is no colour, or where no canvas exists (node).
 */
export function parseColor(text) {
  const value = String(text ?? "").trim();
  let match = /^#([0-9a-f]{3,8})$/i.exec(value);
  if (match) {
    let hex = match[1];
    if (hex.length === 3 || hex.length === 4) hex = [...hex].map((c) => c + c).join("");
    return [0, 2, 4].map((at) => parseInt(hex.slice(at, at + 2), 16) / 255);
  }
  match = /^rgba?\(\s*([\d.]+)[\s,]+([\d.]+)[\s,]+([\d.]+)/i.exec(value);
  if (match) return [1, 2, 3].map((at) => Math.min(255, Number(match[at])) / 255);
  return browserColor(value);
}

/** `parseColor` with what the browser parsed kept, once per colour (a canvas read each is costly). */
export class TintColors {
  #parsed = new Map(); // colour text → RGB

  rgb(text) {
    let rgb = this.#parsed.get(text);
    if (!rgb) {
      rgb = parseColor(text);
      if (this.#parsed.size > 256) this.#parsed.clear();
      this.#parsed.set(text, rgb);
    }
    return rgb;
  }
}

function browserColor(value) {
  if (!globalThis.CSS?.supports?.("color", value) || typeof OffscreenCanvas !== "function") return GREY;
  const context = new OffscreenCanvas(1, 1).getContext("2d", { willReadFrequently: true });
  if (!context) return GREY;
  // Opaque where the browser can say so (relative colour syntax): a translucent colour's RGB comes
  // back from the canvas unpremultiplied, rounded at its alpha.
  const opaque = `rgb(from ${value} r g b)`;
  context.fillStyle = CSS.supports("color", opaque) ? opaque : value;
  context.fillRect(0, 0, 1, 1);
  const [r, g, b, a] = context.getImageData(0, 0, 1, 1).data;
  return a === 0 ? GREY : [r / 255, g / 255, b / 255];
}

export class TagNodes {
  #cloud;
  #stage;
  #byId = new Map(); // id → { button, slot, label, tag, remover }
  #index = new Map(); // id → index in tag order
  buttons = [];
  slots = [];
  removers = []; // the remove controls, in tag order (removable tags only)
  ids = [];
  departedButtons = []; // the departing tags' buttons, in the order given to `depart`
  departedSlots = [];
  #departed = new Map(); // id → nodes of a departing tag
  #departedTags = [];
  #tags = [];
  #tintColors = new TintColors();

  /** @param {HTMLElement} cloud */
  constructor(cloud) {
    this.#cloud = cloud;
    this.#stage = document.createElement("div");
    this.#stage.className = "tag-stage";
    // The stage comes before the glass canvas (which draws over the buttons) and the lens filters.
    cloud.prepend(this.#stage);
  }

  /** The slots' stage (the row limit's capsule goes last on it). */
  get stage() {
    return this.#stage;
  }

  buttonFor(id) {
    return this.#byId.get(id)?.button ?? null;
  }

  indexOf(button) {
    const index = this.#index.get(button?.dataset?.tagId);
    return index !== undefined && this.buttons[index] === button ? index : -1;
  }

  /** The tints as straight RGB, 3 per capsule: the tags, then the departing. */
  colors() {
    const all = [...this.#tags, ...this.#departedTags];
    const rgb = new Float32Array(3 * all.length);
    all.forEach((tag, i) => rgb.set(this.#tintColors.rgb(tag.tint), 3 * i));
    return rgb;
  }

  /**
   * The tags that depart now, in the frame's order (the others' nodes are gone): each keeps its
   * nodes, inert, until it is no longer given.
   * @param {{id: string}[]} departing
   */
  depart(departing) {
    const ids = new Set(departing.map((tag) => tag.id));
    for (const [id, nodes] of this.#departed) {
      if (ids.has(id)) continue;
      nodes.slot.remove();
      this.#departed.delete(id);
    }
    this.#departedTags = departing.filter((tag) => this.#departed.has(tag.id));
    this.departedButtons = this.#departedTags.map((tag) => this.#departed.get(tag.id).button);
    this.departedSlots = this.#departedTags.map((tag) => this.#departed.get(tag.id).slot);
  }

  /**
   * @param {{id: string, label: string, tint: string}[]} tags  in order
   * @param {{inserted: string[], removed: string[], kept: string[]}} changes
   */
  reconcile(tags, { removed }, departing = []) {
    // The focused button, also when the cloud lives in a shadow root (a component's).
    const focusedId = (this.#cloud.getRootNode().activeElement ?? document.activeElement)?.dataset?.tagId;
    const departs = new Set(departing.map((tag) => tag.id));
    for (const id of removed) {
      const nodes = this.#byId.get(id);
      this.#byId.delete(id);
      if (!nodes) continue;
      if (!departs.has(id)) {
        nodes.slot.remove();
        continue;
      }
      // No longer a tag (queries for tags, the host's clicks): a capsule that is only drawn.
      nodes.slot.inert = true;
      nodes.slot.setAttribute("aria-hidden", "true");
      nodes.slot.classList.add("is-departing");
      nodes.button.dataset.departingId = id;
      delete nodes.button.dataset.tagId;
      if (nodes.remover) delete nodes.remover.dataset.removeId;
      this.#departed.set(id, nodes);
    }
    let cursor = this.#stage.firstChild;
    const skipDeparted = () => {
      while (cursor?.classList.contains("is-departing")) cursor = cursor.nextSibling;
    };
    for (const tag of tags) {
      let nodes = this.#byId.get(tag.id);
      if (!nodes && this.#departed.has(tag.id)) {
        // Back while it departed: the same nodes, live again.
        nodes = this.#departed.get(tag.id);
        this.#departed.delete(tag.id);
        nodes.slot.inert = false;
        nodes.slot.removeAttribute("aria-hidden");
        nodes.slot.classList.remove("is-departing");
        nodes.button.dataset.tagId = tag.id;
        delete nodes.button.dataset.departingId;
        if (nodes.remover) nodes.remover.dataset.removeId = tag.id;
        this.#byId.set(tag.id, nodes);
      }
      if (!nodes) {
        nodes = this.#make(tag);
        this.#byId.set(tag.id, nodes);
      } else {
        if (nodes.tag.label !== tag.label) nodes.label.textContent = tag.label;
        if (nodes.tag.tint !== tag.tint) {
          nodes.button.dataset.tint = tag.tint;
          nodes.button.style.setProperty("--tint", tag.tint);
        }
        if (nodes.tag.label !== tag.label && nodes.remover) nodes.remover.setAttribute("aria-label", `Remove ${tag.label}`);
        if (Boolean(nodes.tag.removable) !== Boolean(tag.removable)) this.#setRemovable(nodes, tag);
        nodes.tag = tag;
      }
      // In tag order on the stage (reading and tab order); only what is out of order moves.
      skipDeparted();
      if (nodes.slot === cursor) cursor = cursor.nextSibling;
      else this.#stage.insertBefore(nodes.slot, cursor);
    }
    this.#tags = tags;
    this.ids = tags.map((tag) => tag.id);
    this.buttons = tags.map((tag) => this.#byId.get(tag.id).button);
    this.slots = tags.map((tag) => this.#byId.get(tag.id).slot);
    this.removers = tags.map((tag) => this.#byId.get(tag.id).remover).filter(Boolean);
    this.#index = new Map(this.ids.map((id, i) => [id, i]));
    const focused = focusedId === undefined ? null : this.buttonFor(focusedId);
    if (focused && !focused.matches(":focus")) focused.focus();
  }

  #make(tag) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "tag";
    button.dataset.tagId = tag.id;
    button.dataset.tint = tag.tint;
    button.setAttribute("part", "tag");
    button.style.setProperty("--tint", tag.tint);
    const label = document.createElement("span");
    label.className = "tag-label";
    label.setAttribute("part", "label");
    label.textContent = tag.label;
    button.append(label);
    const slot = document.createElement("div");
    slot.className = "tag-slot";
    slot.append(button);
    const nodes = { button, slot, label, tag, remover: null };
    if (tag.removable) this.#setRemovable(nodes, tag);
    return nodes;
  }

  /** Gives the tag its remove control, or takes it away. */
  #setRemovable(nodes, tag) {
    nodes.button.classList.toggle("is-removable", Boolean(tag.removable));
    nodes.slot.classList.toggle("has-remove", Boolean(tag.removable));
    if (!tag.removable) {
      nodes.remover?.remove();
      nodes.remover = null;
      return;
    }
    const remover = document.createElement("button");
    remover.type = "button";
    remover.className = "tag-remove";
    remover.tabIndex = -1;
    remover.dataset.removeId = tag.id;
    remover.setAttribute("part", "remove");
    remover.setAttribute("aria-label", `Remove ${tag.label}`);
    const glyph = document.createElement("span");
    glyph.setAttribute("aria-hidden", "true");
    glyph.textContent = "×";
    remover.append(glyph);
    nodes.slot.append(remover);
    nodes.remover = remover;
  }
}
