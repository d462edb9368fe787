// The part of a cloud its glass canvas covers: what is visible of the cloud (the viewport ∩ the
// cloud ∩ every ancestor that clips it), plus a margin on each side, so the canvas, its readback
// in a software compositor, the compositor's quad and the texture limit follow the viewport's
// size, not the tag count. The canvas moves with scrolling: on a scroll event (dispatched in the
// rendering steps, before animation frames) whose visible part has left the drawn window's inner
// margin, `onMove` redraws at once, in the same frame; between redraws the margin is what a
// compositor-driven scroll shows before the main thread catches up.
//
//   const glassWindow = new GlassWindow(cloud, () => melt.redraw(), () => placement.placeAll());
//   const w = glassWindow.measure({ left: -2, top: -2, right: 702, bottom: 902 }, seen);   // {x, y, width, height, …} in cloud px, or null
//   glassWindow.drawn(w);                                           // what the canvas now shows
//   const seen = glassWindow.visible();                             // the visible part, cloud px: one layout read a frame
//   glassWindow.nearSight(seen);                                    // … + MARGIN (slot-placement.js)
//   glassWindow.remove();                                           // stops listening
//
// What moves the window: scrolling of the document or of any ancestor (listened to in the capture
// phase on the window and on every shadow root the cloud is in, as scroll events do not leave a
// shadow tree), a resized viewport, and every draw (each measures anew). A cloud moved by a layout
// change elsewhere with no scroll and no draw of its own keeps its window until its next draw.
// - Complexity: O(clipping ancestors) per measure; the ancestors are found once (and again when a
//   new one scrolls).

/** CSS px drawn beyond the visible part on each side (the canvas is at most the viewport + 2 × MARGIN). */
export const MARGIN = 192;

/** Whether `element` clips its descendants (a scroll container, overflow: hidden/clip, contain: paint). */
function clips(style) {
  return style.overflowX !== "visible" || style.overflowY !== "visible" || /paint|strict|content/.test(style.contain);
}

/** The parent in the flat tree (what is drawn and clipped): a slotted node's slot, the parent element, or a shadow root's host. */
function flatParent(node) {
  if (node.assignedSlot) return node.assignedSlot;
  if (node.parentElement) return node.parentElement;
  const root = node.getRootNode?.();
  return root && root !== node && root.host ? root.host : null;
}

export class GlassWindow {
  #cloud;
  #onMove;
  #onScroll;
  #clips = null; // the clipping ancestors, found lazily
  #roots = []; // the window and the shadow roots listened to
  #parentSeen = null; // the flat-tree parent when the ancestors were found (a moved cloud looks again)
  #drawn = null; // the window the canvas shows, in cloud px
  #content = { left: 0, top: 0, right: 0, bottom: 0 };
  #listener = (event) => this.#scrolled(event);

  /**
   * @param {HTMLElement} cloud
   * @param {() => void} onMove    the visible part left the drawn window: draw again
   * @param {() => void} [onScroll]  any scroll or resize that may move the visible part (before onMove)
   */
  constructor(cloud, onMove, onScroll = () => {}) {
    this.#cloud = cloud;
    this.#onMove = onMove;
    this.#onScroll = onScroll;
    this.#ancestry();
  }

  /** Stops listening (a disconnected cloud also stops at the first scroll or resize it hears). */
  remove() {
    this.#listen([]);
    this.#clips = null; // the next measure looks for the ancestors (and listens) again
  }

  /** Listens for scrolls in `roots` (the window and shadow roots) and no others; resizes on the window. */
  #listen(roots) {
    for (const target of this.#roots) {
      if (roots.includes(target)) continue;
      target.removeEventListener("scroll", this.#listener, { capture: true });
      if (target === globalThis) globalThis.removeEventListener("resize", this.#listener);
    }
    for (const target of roots) {
      if (this.#roots.includes(target)) continue;
      target.addEventListener("scroll", this.#listener, { capture: true, passive: true });
      if (target === globalThis) globalThis.addEventListener("resize", this.#listener, { passive: true });
    }
    this.#roots = roots;
  }

  /**
   * Finds the cloud's ancestors in the flat tree: those that clip it, and every shadow root they
   * live in (a scroll event does not leave its shadow tree, so each is listened to).
   */
  #ancestry() {
    const roots = [globalThis];
    this.#clips = [];
    this.#parentSeen = this.#hostParent();
    for (let node = flatParent(this.#cloud); node; node = flatParent(node)) {
      const root = node.getRootNode();
      if (root !== document && root.host && !roots.includes(root)) roots.push(root);
      if (node instanceof Element && node !== document.documentElement && clips(getComputedStyle(node))) this.#clips.push(node);
    }
    this.#listen(roots);
  }

  /** The flat-tree parent of the cloud's host (of the cloud, without one): it changes when the element moves. */
  #hostParent() {
    const host = this.#cloud.getRootNode().host ?? this.#cloud;
    return flatParent(host);
  }

  #clipping() {
    if (!this.#clips || this.#parentSeen !== this.#hostParent()) this.#ancestry();
    return this.#clips;
  }

  /**
   * The visible part of the cloud ({left, top, right, bottom}, cloud px), or null when the cloud
   * is not in the document. Reading it lays the page out, so a frame reads it once and hands it
   * to `nearSight` and `measure` (writes to the cloud's content do not move the cloud).
   */
  visible() {
    const cloud = this.#cloud;
    if (!cloud.isConnected) return null;
    const box = cloud.getBoundingClientRect();
    // Client px to cloud px (a CSS scale on an ancestor; rotation is not followed).
    const sx = cloud.offsetWidth ? box.width / cloud.offsetWidth : 1;
    const sy = cloud.offsetHeight ? box.height / cloud.offsetHeight : 1;
    let left = 0;
    let top = 0;
    let right = document.documentElement.clientWidth || globalThis.innerWidth;
    let bottom = document.documentElement.clientHeight || globalThis.innerHeight;
    right = Math.max(right, globalThis.innerWidth ?? 0);
    bottom = Math.max(bottom, globalThis.innerHeight ?? 0);
    for (const ancestor of this.#clipping()) {
      const clip = ancestor.getBoundingClientRect();
      left = Math.max(left, clip.left);
      top = Math.max(top, clip.top);
      right = Math.min(right, clip.right);
      bottom = Math.min(bottom, clip.bottom);
    }
    const originX = box.left + cloud.clientLeft * sx;
    const originY = box.top + cloud.clientTop * sy;
    return {
      left: (left - originX) / (sx || 1),
      top: (top - originY) / (sy || 1),
      right: (right - originX) / (sx || 1),
      bottom: (bottom - originY) / (sy || 1),
    };
  }

  /**
   * The visible part of the cloud with MARGIN around it ({left, top, right, bottom}, cloud px), or
   * null when the cloud is not in the document.
   * @param {{left: number, top: number, right: number, bottom: number} | null} visible  this frame's `visible()`
   */
  nearSight(visible) {
    if (!visible) return null;
    return { left: visible.left - MARGIN, top: visible.top - MARGIN, right: visible.right + MARGIN, bottom: visible.bottom + MARGIN };
  }

  /**
   * The window to draw for content within `bounds` ({left, top, right, bottom}, cloud px from the
   * cloud's origin): the visible part with MARGIN around it, within the content; null when none
   * of it is visible (`visible`: this frame's `visible()`, read again when not given).
   * `mostWidth` × `mostHeight`: the largest window this viewport can need (a canvas sized for it
   * need not grow while the cloud scrolls or changes).
   * @returns {{x: number, y: number, width: number, height: number, mostWidth: number, mostHeight: number} | null}
   */
  measure(bounds, visible = this.visible()) {
    this.#content = bounds;
    if (!visible) return null;
    const left = Math.max(bounds.left, visible.left - MARGIN);
    const top = Math.max(bounds.top, visible.top - MARGIN);
    const right = Math.min(bounds.right, visible.right + MARGIN);
    const bottom = Math.min(bounds.bottom, visible.bottom + MARGIN);
    if (right <= left || bottom <= top) return null;
    return {
      x: left,
      y: top,
      width: right - left,
      height: bottom - top,
      // Not capped by the content: a cloud that grows within the viewport (a drag) would
      // otherwise reallocate its canvas at every step.
      mostWidth: visible.right - visible.left + 2 * MARGIN,
      mostHeight: visible.bottom - visible.top + 2 * MARGIN,
    };
  }

  /** Records the window the canvas shows (null: none; infinite: no scroll can need a redraw), which scrolling is checked against. */
  drawn(area) {
    this.#drawn = area;
  }

  /** A scroll or resize: redraws when the visible content is no longer well inside the drawn window. */
  #scrolled(event) {
    if (!this.#cloud.isConnected) {
      this.remove(); // no listener keeps a removed cloud alive; the next draw listens again
      return;
    }
    const target = event.target;
    // An ancestor that did not clip when they were looked for (or a new one) scrolls: look again.
    if (event.type === "resize" || (target instanceof Element && this.#clips && !this.#clips.includes(target) && this.#isAncestor(target))) {
      this.#clips = null;
    }
    this.#onScroll();
    if (this.#drawn?.width === Infinity) return; // nothing melts: nothing to move (and no layout read)
    if (this.#needsMove()) this.#onMove();
  }

  #isAncestor(element) {
    for (let node = flatParent(this.#cloud); node; node = flatParent(node)) if (node === element) return true;
    return false;
  }

  #needsMove() {
    const content = this.#content;
    const visible = this.visible();
    const drawn = this.#drawn;
    if (!visible) return false;
    // What must be covered: the visible content, and half the margin beyond it (a compositor
    // scroll shows that much before the main thread redraws).
    const half = MARGIN / 2;
    const left = Math.max(content.left, visible.left - half);
    const top = Math.max(content.top, visible.top - half);
    const right = Math.min(content.right, visible.right + half);
    const bottom = Math.min(content.bottom, visible.bottom + half);
    if (right <= left || bottom <= top) return false; // nothing of the cloud in sight
    if (!drawn) return true;
    return left < drawn.x || top < drawn.y || right > drawn.x + drawn.width || bottom > drawn.y + drawn.height;
  }
}
