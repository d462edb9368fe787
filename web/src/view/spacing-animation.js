// Animates the cloud's spacing the way the seed does: spacing is the layout's animatableData, so
// every frame is the flow at that frame's spacing, laid out by the core. The spring comes from
// the core too: the browser evaluates the layout's `linear()` easing (Web Animations timing),
// so no spring is re-implemented here.
//
//   const animation = new SpacingAnimation((spacing, final) => relayoutAt(spacing, final));
//   animation.start(18, 3, { settle: 0.74, easing: "linear(0, …, 1)" });
//   animation.current;   // the spacing on screen now
//
// Interrupting starts again from the spacing on screen (velocity is not carried over: a CSS
// easing has none).

export class SpacingAnimation {
  /** @param {(spacing: number, final: boolean) => void} onFrame */
  constructor(onFrame) {
    this.onFrame = onFrame;
    this.current = null;
    this.target = null;
    this.timing = null;
    this.frame = 0;
  }

  get running() {
    return this.timing !== null;
  }

  /**
   * @param {number} from  @param {number} to
   * @param {{settle: number, easing: string} | null} motion  null: land at once
   */
  start(from, to, motion) {
    this.stop();
    this.target = to;
    let timing = null;
    if (motion && motion.settle > 0 && from !== to) {
      try {
        timing = new Animation(
          new KeyframeEffect(null, null, { duration: motion.settle * 1000, easing: motion.easing, fill: "forwards" }),
          document.timeline,
        );
      } catch {
        timing = null; // an easing this browser cannot parse: land at once
      }
    }
    if (!timing) {
      this.current = to;
      this.onFrame(to, true);
      return;
    }
    this.timing = timing;
    timing.play();
    const step = () => {
      if (this.timing !== timing) return;
      const finished = timing.playState === "finished";
      const progress = finished ? 1 : (timing.effect.getComputedTiming().progress ?? 0);
      this.current = finished ? to : from + (to - from) * progress;
      if (finished) this.timing = null;
      this.onFrame(this.current, finished);
      if (!finished) this.frame = requestAnimationFrame(step);
    };
    step();
  }

  stop() {
    if (this.timing) this.timing.cancel();
    this.timing = null;
    cancelAnimationFrame(this.frame);
  }
}
