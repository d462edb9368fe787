// Where each capsule's slot is drawn: at the core's origin, written as the slot's `translate`.
// Per frame only moved slots are written, and of those only the ones that are (or were) near
// sight; a slot that moves wholly out of sight keeps its old, also unseen, place until the layout
// rests, the page scrolls or focus enters the cloud (`placeAll`).
//
//   const placement = new SlotPlacement(slots);
//   placement.place(origins, sizes, count, { left: 0, top: -192, right: 892, bottom: 1092 }); // cloud px; null: everywhere
//   placement.place(origins, sizes, count, null, { duration: 500, easing: "linear(…)" });     // moved slots glide there
//   placement.stale;        // slots whose written place is not yet the core's (all out of sight)
//   placement.placeAll();   // the layout rests: every slot at the core's origin
//
// Why: moving a slot restyles it (about 3 µs in Chromium, the floor of any inline-style write),
// and a drag that narrows a 1,000-tag cloud moves some 600 capsules a frame, most of them far
// below the viewport. Writing only what can be seen makes a frame's work follow the viewport,
// not the tag count (docs/WEB.md, "Placing only what can be seen").
//
// The invariant that keeps this invisible: a slot whose written rect meets the window is always
// at the core's origin. A moved slot is written when its new rect or its written rect meets the
// window; so a stale slot is out of the window at both places, and anything the page shows or
// the pointer can hit is where the core put it.
// A NaN origin (a tag the row limit folds away) hides its slot (`hidden`) until it has a place.
// - Complexity: O(count) comparisons per `place`, O(written) style writes; `placeAll` O(count).

import { keptIndices } from "./kept-nodes.js";

/** Whether the rect (x, y, w, h) meets `area` ({left, top, right, bottom}); null: everywhere. */
function meets(area, x, y, w, h) {
  return !area || (x + w >= area.left && x <= area.right && y + h >= area.top && y <= area.bottom);
}

export class SlotPlacement {
  #slots;
  #writtenX; // the translate each slot carries (NaN: none written yet)
  #writtenY;
  #targetX; // the core's latest origin of each slot
  #targetY;
  #w; // the capsule's latest size, for the window test
  #h;
  #stale; // 1: the slot's written translate is not its target
  #hidden; // 1: the slot is hidden (the core placed it nowhere: folded by the row limit)
  #staleCount = 0;

  /**
   * @param {HTMLElement[]} slots  the slots, in capsule order
   * @param {SlotPlacement} [previous]  the placement these slots had (other tags came or went):
   *   a kept slot keeps what was written on it, so only what moves is written again
   * @param {Int32Array} [kept]  keptIndices(previous.slots, slots), when the caller has it
   */
  constructor(slots, previous, kept = previous && keptIndices(previous.slots, slots)) {
    this.#slots = slots;
    const n = slots.length;
    this.#writtenX = new Float64Array(n).fill(NaN);
    this.#writtenY = new Float64Array(n).fill(NaN);
    this.#targetX = new Float64Array(n);
    this.#targetY = new Float64Array(n);
    this.#w = new Float64Array(n);
    this.#h = new Float64Array(n);
    this.#stale = new Uint8Array(n);
    // A slot a previous placement hid stays so until it has a place (an attribute read, no layout).
    this.#hidden = Uint8Array.from(slots, (slot) => (slot.hidden ? 1 : 0));
    if (previous) this.#adopt(previous, kept);
  }

  /** What `previous` wrote on the slots both have (O(slots)). */
  #adopt(previous, kept) {
    kept.forEach((j, i) => {
      if (j < 0) return;
      this.#writtenX[i] = previous.#writtenX[j];
      this.#writtenY[i] = previous.#writtenY[j];
      this.#targetX[i] = previous.#targetX[j];
      this.#targetY[i] = previous.#targetY[j];
      this.#w[i] = previous.#w[j];
      this.#h[i] = previous.#h[j];
      if (previous.#stale[j] === 1) {
        this.#stale[i] = 1;
        this.#staleCount += 1;
      }
    });
  }

  /** The slots, in capsule order. */
  get slots() {
    return this.#slots;
  }

  /** How many slots are not yet where the core puts them (each out of sight). */
  get stale() {
    return this.#staleCount;
  }

  /** Whether slot `i` waits out of sight for its place. */
  isStale(i) {
    return this.#stale[i] === 1;
  }

  /**
   * Takes the core's origins and sizes (index i = slot i) and writes the moved slots that meet
   * `area` at either place. Returns how many slots it wrote.
   * @param {ArrayLike<number>} origins  x, y per slot
   * @param {ArrayLike<number>} sizes    w, h per slot
   * @param {number} count
   * @param {{left: number, top: number, right: number, bottom: number} | null} area  cloud px; null: everywhere
   */
  place(origins, sizes, count, area, glide = null) {
    let written = 0;
    for (let i = 0; i < count; i += 1) {
      const x = origins[2 * i];
      const y = origins[2 * i + 1];
      const w = sizes[2 * i];
      const h = sizes[2 * i + 1];
      if (Number.isNaN(x)) {
        // Placed nowhere (a tag the row limit folds): hidden, and placed anew when it shows.
        if (this.#hidden[i] === 0) {
          this.#hidden[i] = 1;
          this.#slots[i].hidden = true;
          this.#writtenX[i] = NaN;
          this.#writtenY[i] = NaN;
          this.#settle(i);
          written += 1;
        }
        continue;
      }
      if (this.#hidden[i] === 1) {
        this.#hidden[i] = 0;
        this.#slots[i].hidden = false;
      }
      this.#targetX[i] = x;
      this.#targetY[i] = y;
      // Before the first write a slot sits at the cloud's origin (the styles' `translate: 0 0`).
      const wasX = Number.isNaN(this.#writtenX[i]) ? 0 : this.#writtenX[i];
      const wasY = Number.isNaN(this.#writtenY[i]) ? 0 : this.#writtenY[i];
      const wasW = this.#w[i] || w;
      const wasH = this.#h[i] || h;
      this.#w[i] = w;
      this.#h[i] = h;
      if (x === this.#writtenX[i] && y === this.#writtenY[i]) {
        this.#settle(i);
        continue;
      }
      if (!meets(area, x, y, w, h) && !meets(area, wasX, wasY, wasW, wasH)) {
        if (this.#stale[i] === 0) {
          this.#stale[i] = 1;
          this.#staleCount += 1;
        }
        continue;
      }
      if (glide && !Number.isNaN(this.#writtenX[i])) this.#glide(i, x, y, glide);
      this.#write(i, x, y);
      written += 1;
    }
    return written;
  }

  /** Writes every stale slot's target: the layout rests, the page scrolled, focus came in. */
  placeAll() {
    if (this.#staleCount === 0) return 0;
    let written = 0;
    for (let i = 0; i < this.#slots.length; i += 1) {
      if (this.#stale[i] === 0) continue;
      this.#write(i, this.#targetX[i], this.#targetY[i]);
      written += 1;
    }
    return written;
  }

  /**
   * Slot i glides from where it is written to (x, y), eased by the browser: a Web Animation of
   * its `translate` (not a CSS transition, which a slot moved in the DOM, as a reordered tag's
   * is, would not run), ending on the written value.
   */
  #glide(i, x, y, { duration, easing }) {
    const from = `${this.#writtenX[i]}px ${this.#writtenY[i]}px`;
    try {
      this.#slots[i].animate([{ translate: from }, { translate: `${x}px ${y}px` }], { duration, easing });
    } catch {
      // an easing this browser cannot parse: the slot lands at once
    }
  }

  #write(i, x, y) {
    this.#writtenX[i] = x;
    this.#writtenY[i] = y;
    this.#slots[i].style.translate = `${x}px ${y}px`;
    this.#settle(i);
  }

  #settle(i) {
    if (this.#stale[i] === 1) {
      this.#stale[i] = 0;
      this.#staleCount -= 1;
    }
  }
}
