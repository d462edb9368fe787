// The cloud's spacing spring, the way the seed animates it: spacing is the layout's
// animatableData, so every frame is the flow at that frame's spacing, laid out by the core. The
// spring comes from the core too: the browser evaluates the layout's `linear()` easing (Web
// Animations timing), so no spring is re-implemented here. It draws nothing and runs no loop of
// its own: the element samples it in its update, and asks for another update while it runs.
//
//   const spring = new SpacingAnimation();
//   spring.start(18, 3, { settle: 0.74, easing: "linear(0, …, 1)" });   // null: land at once
//   const { value, final } = spring.sample();   // in each update; `running` until final
//
// Interrupting starts again from the spacing on screen (velocity is not carried over: a CSS
// easing has none).

export class SpacingAnimation {
  #timing = null;
  #from = 0;
  #to = 0;
  #landed = true; // the last sample was the final one

  get running() {
    return this.#timing !== null || !this.#landed;
  }

  /**
   * @param {number} from  @param {number} to
   * @param {{settle: number, easing: string} | null} motion  null: land at once
   */
  start(from, to, motion) {
    this.stop();
    this.#from = from;
    this.#to = to;
    this.#landed = false;
    if (!motion || !(motion.settle > 0) || from === to) return; // the next sample lands
    try {
      this.#timing = new Animation(
        new KeyframeEffect(null, null, { duration: motion.settle * 1000, easing: motion.easing, fill: "forwards" }),
        document.timeline,
      );
      this.#timing.play();
    } catch {
      this.#timing = null; // an easing this browser cannot parse: land at once
    }
  }

  /** The spacing now, and whether it is the last value (the spring has landed). */
  sample() {
    const timing = this.#timing;
    const finished = !timing || timing.playState === "finished";
    const progress = finished ? 1 : (timing.effect.getComputedTiming().progress ?? 0);
    if (finished) {
      this.#timing = null;
      this.#landed = true;
    }
    return { value: finished ? this.#to : this.#from + (this.#to - this.#from) * progress, final: finished };
  }

  stop() {
    this.#timing?.cancel();
    this.#timing = null;
    this.#landed = true;
  }
}
