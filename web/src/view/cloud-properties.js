// What the view writes on the cloud itself (cloud-view.js): its custom properties, classes and
// data attributes, the host's custom states and the announcement, each written only when it
// differs from what was written last (never read back). Called from the view's frame only.
//
//   const properties = new CloudProperties(cloud, { announcer, setState });
//   properties.write(state)                 // the frame's spacing, motion, easing, states, …
//   properties.value(name, value, write)    // one more value, written through `write` when it changed
//   properties.written(name)                // what was written last
// - Complexity: O(1) per frame (a dozen comparisons).

export class CloudProperties {
  #cloud;
  #announcer;
  #setState;
  #written = new Map(); // name → the value last written on the cloud
  #states = new Map();
  #announced = 0;

  /**
   * @param {HTMLElement} cloud
   * @param {{announcer: HTMLElement, setState: (name: string, on: boolean) => void}} options
   */
  constructor(cloud, { announcer, setState }) {
    this.#cloud = cloud;
    this.#announcer = announcer;
    this.#setState = setState;
  }

  /** The value last written as `name`, or undefined. */
  written(name) {
    return this.#written.get(name);
  }

  /** A property, attribute or class of the cloud, written when it differs from what was written. */
  value(name, value, write) {
    if (this.#written.get(name) === value) return;
    this.#written.set(name, value);
    write(value);
  }

  /** The cloud's own properties, classes and custom states, and the announcement, of `state` (CloudView.writeFrame's). */
  write(state) {
    const cloud = this.#cloud;
    const style = (name) => (value) => cloud.style.setProperty(name, value);
    // The spacing the CSS fallback uses until the core places the capsules.
    this.value("--spacing", `${state.spacing}px`, style("--spacing"));
    this.value("data-spacing", String(state.spacing), (value) => (cloud.dataset.spacing = value));
    // Every layout carries its motion, usually the same one: an unchanged custom property on the
    // cloud would still restyle every capsule under it (measured: 8 ms a frame at 1,000 tags).
    if (state.motion !== undefined) {
      this.value("--tag-duration", state.motion ? `${state.motion.settle}s` : "0s", style("--tag-duration"));
      this.value("--tag-easing", state.motion ? state.motion.easing : "linear", style("--tag-easing"));
    }
    // A spacing change served as one frame with its spring: the browser eases the positions.
    this.value("is-easing", state.easing.on, (on) => cloud.classList.toggle("is-easing", on));
    this.value("is-gliding", Boolean(state.glide), (on) => cloud.classList.toggle("is-gliding", on));
    // With the core's hit test the touch targets are no boxes (input-controller.js); without it (a live cloud
    // whose Wasm did not load) each button keeps its `::before`.
    this.value("is-hit-tested", state.hitTesting, (on) => cloud.classList.toggle("is-hit-tested", on));
    if (state.easing.duration) this.value("--move-duration", state.easing.duration, style("--move-duration"));
    if (state.easing.easing) this.value("--move-easing", state.easing.easing, style("--move-easing"));
    if (state.live) {
      // Diagnostics (and the tests): how many server frames came, the selection the server holds.
      this.value("data-live-frames", String(state.live.frames), (value) => (cloud.dataset.liveFrames = value));
      this.value("data-live-selection", state.live.selection, (value) => (cloud.dataset.liveSelection = value));
    }
    if (state.announcement.serial !== this.#announced) {
      this.#announced = state.announcement.serial;
      // A fresh text node each time, so the same message is announced again on a second try.
      const text = state.announcement.text;
      this.#announcer.replaceChildren(text ? document.createTextNode(text) : "");
    }
    for (const [name, on] of Object.entries(state.states)) {
      if (this.#states.get(name) === on) continue;
      this.#states.set(name, on);
      this.#setState(name, on);
    }
  }
}
