// Whether the layout is in motion, the one rule for every part that waits one out: a second move
// within REST_MS of the last is a motion (a drag, the spacing spring, tags gliding), which lasts
// until REST_MS after the last move; one move alone (a resize, a tag added) is none. While a
// motion runs, what is costly to change with every frame waits: the lens (glass/glass-lens.js),
// the glass's full resolution (glass/melt-view.js), each capsule's adaptive tone
// (view/tag-appearance.js). The view (view/cloud-view.js) keeps the one clock, told of every
// move it writes, and hands its answer to all three.
//
//   const motion = new LayoutMotion();
//   motion.move(now);      // capsules moved at `now` (performance.now()): true while a motion runs
//   motion.start(now);     // a motion runs from `now` whatever came before (a capsule growing in)
//   motion.moving;         // a motion runs
//   motion.restsAt;        // when it can be at rest, or null
//   motion.rest(now);      // true once: the motion has just come to rest (the owner catches up)
// - Complexity: O(1) per call.

/** How long the layout holds still before a motion is over (ms). */
export const REST_MS = 500;

export class LayoutMotion {
  #lastMove = -Infinity; // performance.now() of the last move
  #moving = false;

  move(now) {
    if (now - this.#lastMove < REST_MS) this.#moving = true;
    this.#lastMove = now;
    return this.#moving;
  }

  start(now) {
    this.#moving = true;
    this.#lastMove = Math.max(this.#lastMove, now);
  }

  get moving() {
    return this.#moving;
  }

  get restsAt() {
    return this.#moving ? this.#lastMove + REST_MS : null;
  }

  rest(now) {
    if (!this.#moving || now - this.#lastMove < REST_MS) return false;
    this.#moving = false;
    return true;
  }
}
