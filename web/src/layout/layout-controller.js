// The element's layout: the frame to show and how it moves there, from the best source there
// is: a current server frame (live), else the local Wasm core, else none (CSS flex-wrap, the same
// rule, shows the tags until the core answers); and the spacing spring, the tags coming and
// going, and a reorder's glide. A reactive controller that holds no other and writes nothing:
// each update it derives its snapshot from the tags', the selection's, the metrics' and the frame
// source's (the live server's frame, or none), and the view then writes it.
//
//   const layout = new LayoutController(host);
//   const placed = layout.derive({ tags, selection, metrics, source });
//   // { frame, source ("none" | "css" | "wasm" | "server"), motion, spacing, mergeDistance,
//   //   easing, glide, presence, moving, pressMotion, hitTesting }
//   placed.presence   // tags coming and going (tag-presence.js): their capsules grow and shrink in the flow
//   placed.moving     // whether the layout moves (the spring, the presence, a glide): known here only
// - Complexity: O(tags) per update (one packed layout).

import { frameFromLayout, PackedLayout, samePacked } from "./packed-layout.js";
import { reduceMotion, sharedCore } from "../shared/page-resources.js";
import { SpacingAnimation } from "./spacing-animation.js";
import { frameInElementOrder, TagPresence } from "./tag-presence.js";

/** Whether two frames place the same capsules alike (folded ones, NaN, alike): the same necks then. */
function samePlaces(a, b) {
  if (a.count !== b.count || a.items !== b.items || a.origins.length !== b.origins.length) return false;
  for (let i = 0; i < a.origins.length; i += 1) if (!Object.is(a.origins[i], b.origins[i])) return false;
  for (let i = 0; i < a.origins.length; i += 2) {
    if (Number.isNaN(a.origins[i])) continue; // folded: no size on a server's frame
    if (a.sizes[i] !== b.sizes[i] || a.sizes[i + 1] !== b.sizes[i + 1]) return false;
  }
  return true;
}

/** Whether `after` holds the same tags as `before` in another order (none inserted or removed). */
function reordered(before, after) {
  if (before.length !== after.length || before.length < 2) return false;
  const ids = new Set(before.map((tag) => tag.id));
  return after.every((tag) => ids.has(tag.id)) && after.some((tag, i) => tag.id !== before[i].id);
}

export class LayoutController {
  #host;
  #packed = null;
  #local = null; // { request, frame }: the last local layout
  #snappy = null;
  #committedVersion = -1; // the tags' version the presence has taken
  #lastMetrics = null; // the metrics of the last update (a tag change's departing tags keep their sizes)
  #targetSpacing = null; // the `spacing` the last update saw
  #animatedVersion = -1; // the selection's version whose spring has been shown
  #seenResponse = null; // the server frame whose spacing and spring were taken
  #staleResponse = null; // a server frame for a spacing since left
  #rowLimit = null; // the request's `rowLimit`, the same object while it holds
  #necked = null; // { from, frame }: the last server frame given its necks
  #glideTimer = 0;
  core = null;
  spacingOnScreen = null;
  spring = new SpacingAnimation();
  presence = new TagPresence();
  glide = null; // tags reordered: each slot glides to its new place ({ duration: ms, easing })
  frame = null;
  source = "none";
  motion = undefined; // the CSS spring for this frame's changes; undefined: as it is
  easing = { on: false, duration: null, easing: null }; // the browser eases a server's spacing change

  /** @param {HTMLElement & {requestUpdate: () => void}} host */
  constructor(host) {
    this.#host = host;
  }

  hostConnected() {
    sharedCore().then((core) => {
      this.core = core;
      this.#packed = core ? new PackedLayout(core) : null;
      this.#host.requestUpdate();
    });
  }

  hostDisconnected() {
    this.spring.stop();
    this.presence.land();
    this.#endGlide();
  }

  /**
   * The same tags in another order: each capsule glides from its place to its new one on the
   * `.smooth` spring, eased by the browser (slot-placement.js), the melted glass hidden for its
   * length (`is-gliding`: the necks of a glide would not be the core's).
   */
  #startGlide(motion) {
    clearTimeout(this.#glideTimer);
    this.glide = { duration: motion.settle * 1000, easing: motion.easing };
    this.#glideTimer = setTimeout(() => this.#endGlide(), motion.settle * 1000);
  }

  #endGlide() {
    clearTimeout(this.#glideTimer);
    if (!this.glide) return;
    this.glide = null;
    this.#host.requestUpdate();
  }

  /** The spring's "snappy" for the press, once there is a core (null: no motion); asked of the core once. */
  get pressMotion() {
    if (!this.core || reduceMotion()) return null;
    this.#snappy ??= this.core.motion("snappy");
    return this.#snappy;
  }

  /** Whether anything moves: the spacing spring, tags coming or going, a reorder's glide. */
  get moving() {
    return this.spring.running || this.presence.running || Boolean(this.glide);
  }

  /**
   * The update's snapshot.
   * @param {{tags: object, selection: object, metrics: object, source: object}} inputs  the
   *   snapshots of tags-controller.js, selection-controller.js, metrics-controller.js and the
   *   frame source (live-controller.js)
   */
  derive({ tags, selection, metrics, source }) {
    const target = this.#host.spacing;
    if (target !== this.#targetSpacing) {
      if (this.#targetSpacing !== null) this.#spacingChanged(target, metrics, source);
      this.#targetSpacing = target;
    }
    this.#takeServerSpring(source, target);
    if (tags.changes.version !== this.#committedVersion) {
      // Other tags: the inserted grow in and the removed shrink away on the seed's `.smooth`
      // spring, when capsules are on screen to move and motion is welcome.
      this.#committedVersion = tags.changes.version;
      const before = this.#lastMetrics?.metrics ? this.#lastMetrics : null;
      const motion = this.core && this.frame && before && !reduceMotion() ? this.core.motion("smooth") : null;
      this.presence.commit(before?.tags ?? [], tags.list, before?.metrics ?? null, motion);
      // (Not while tags still come and go: their frames are the core's flow, one by one.)
      if (motion && !this.presence.running && reordered(before.tags, tags.list)) this.#startGlide(motion);
    }
    this.#lastMetrics = metrics;
    if (tags.changes.version !== metrics.version) this.frame = null; // no frame of the old tags is shown
    this.spacingOnScreen ??= target;
    const animation = selection.animation && selection.animation.version !== this.#animatedVersion ? selection.animation.name : null;
    if (selection.animation) this.#animatedVersion = selection.animation.version;
    let spacing = this.spacingOnScreen;
    let final = true;
    const springing = this.spring.running;
    if (springing) {
      ({ value: spacing, final } = this.spring.sample());
      this.spacingOnScreen = spacing;
      if (!final) this.#host.requestUpdate(); // its next frame
    }
    const coming = this.presence.sample();
    if (coming) this.#host.requestUpdate(); // its next frame
    const server = source.frame && source.response !== this.#staleResponse ? source : null;
    let frame = null;
    let placedBy = this.source;
    // While tags come and go the local core lays out every frame; the server's frame ends it.
    // Unfolded, the row limit's "Show less" capsule is the local core's: the server's frames
    // show every tag then (maxRows 0), without it.
    const unfolded = metrics.maxRows > 0 && metrics.expanded && this.core;
    const mergeDistance = source.mergeDistance ?? this.#host.mergeDistance;
    if (server && !(coming && this.core) && !unfolded && (!springing || (final && server.spacing === spacing))) {
      frame = this.#withNecks(server, tags, metrics, mergeDistance);
      placedBy = "server";
    } else if ((frame = this.#layoutLocally({ spacing, animation, tags, selection, metrics, mergeDistance }))) {
      placedBy = "wasm";
    } else if (!this.frame) {
      placedBy = tags.list.length ? "css" : "none";
    }
    const changed = frame !== null && (placedBy !== this.source || !samePacked(frame, this.frame));
    this.motion = undefined;
    if (animation && this.core && !reduceMotion()) this.motion = this.core.motion(animation);
    else if (changed && frame.animation !== undefined) this.motion = reduceMotion() ? null : frame.animation;
    if (frame) this.frame = frame;
    this.source = placedBy;
    return Object.freeze({
      frame: this.frame,
      source: this.source,
      motion: this.motion,
      spacing: this.spacingOnScreen,
      mergeDistance,
      easing: this.easing,
      glide: this.glide,
      presence: this.presence.snapshot(), // sampled above: the view reads it, never samples it
      moving: this.moving,
      pressMotion: this.pressMotion,
      hitTesting: this.hitTesting,
    });
  }

  /**
   * A new server frame: its spacing is the one on screen and its spring the browser's (a
   * spacing change arrives as one frame), unless the local core's spring runs on (its last frame
   * is this one); a frame for a spacing since left is not shown (the local core draws its successor).
   */
  #takeServerSpring(source, target) {
    const response = source.response;
    if (!response || response === this.#seenResponse) return;
    this.#seenResponse = response;
    const spacing = typeof response.spacing === "number" ? response.spacing : null;
    if (this.core && spacing !== null && spacing !== target) {
      this.#staleResponse = response;
      return;
    }
    if (this.core && this.spring.running) return;
    const moved = this.source === "server" && spacing !== null && spacing !== this.spacingOnScreen;
    this.easing = {
      on: moved && Boolean(response.animation) && !reduceMotion(),
      duration: response.animation ? `${response.animation.settle}s` : this.easing.duration,
      easing: response.animation ? response.animation.easing : this.easing.easing,
    };
    if (spacing !== null) this.spacingOnScreen = spacing;
    this.spring.stop();
  }

  /**
   * A server frame with the core's necks (only the core decides what melts): those of the local
   * frame when it placed the same capsules alike at this merge distance (a resize's local frame,
   * laid out before the server's came: no layout again), else the core's packed path over the
   * server's places, once per frame. Without a local core they are not known (null).
   */
  #withNecks(source, tags, metrics, mergeDistance) {
    const frame = source.frame;
    if (frame.necks || !this.core) return frame;
    if (this.#necked?.from === frame) return this.#necked.frame;
    const local = this.#local;
    let necked;
    if (local && local.request.mergeDistance === mergeDistance && samePlaces(local.frame, frame)) {
      const { necks, neckGaps, neckAxes, neckSpans, neckCount } = local.frame;
      necked = { ...frame, necks, neckGaps, neckAxes, neckSpans, neckCount };
    } else {
      necked = frameFromLayout(source.response, tags.ids, {
        core: this.core,
        width: source.response.width,
        spacing: source.response.spacing,
        mergeDistance,
        direction: metrics.direction,
        json: frame.json,
      });
    }
    this.#necked = { from: frame, frame: necked };
    return necked;
  }

  /** The `spacing` attribute changed: spring to it through the core, frame by frame, or land. */
  #spacingChanged(target, metrics, source) {
    // With a local core the spacing animates frame by frame through it, live or not: every frame
    // is the flow at that frame's spacing (capsules change rows mid-way, groups melt exactly at
    // the merge distance); the server's frame for the new spacing ends it.
    const animatable = this.core && metrics.metrics && this.frame && this.spacingOnScreen !== null;
    if (!animatable) {
      if (source.greeted) return; // no local core: the server's frame comes with its spring
      this.spacingOnScreen = target;
    } else {
      this.spring.start(this.spacingOnScreen, target, reduceMotion() ? null : this.core.motion("spacing"));
    }
  }

  #layoutLocally({ spacing, animation, tags, selection, metrics, mergeDistance }) {
    const packed = this.#packed;
    const measured = metrics.metrics;
    if (!this.core || !measured || metrics.width === null) return null;
    const reduce = reduceMotion();
    const request = {
      width: metrics.width,
      spacing,
      mergeDistance,
      textScale: measured.textScale,
      lineHeight: measured.lineHeight,
      tags: measured.tags,
      selection: selection.ids,
      animation: reduce ? null : animation,
      reduceMotion: reduce,
    };
    if (metrics.direction === "rtl") request.direction = "rtl";
    const rowLimit = this.#rowLimitFor(metrics);
    if (rowLimit) request.rowLimit = rowLimit;
    // An update for something else (a press, a scroll, a server message) keeps the frame.
    const last = this.#local;
    const keys = Object.keys(request);
    if (last && keys.length === Object.keys(last.request).length && keys.every((key) => request[key] === last.request[key])) {
      return last.frame;
    }
    try {
      const shown = this.presence.shown(tags.list, measured);
      if (shown) {
        const frame = this.#layoutShown(request, shown, tags.list.length);
        if (frame) {
          this.#local = null; // a frame of the motion: the next request alike is laid out again
          return frame;
        }
        this.presence.land(); // a label wraps at this width: only the JSON path lays it out
      }
      // Every frame through the packed path (no JSON); the JSON path for what only it lays out.
      const frame =
        packed.layout(request) ??
        frameFromLayout(this.core.layout(request), tags.ids, {
          core: this.core,
          width: metrics.width,
          spacing,
          mergeDistance: request.mergeDistance,
          direction: request.direction,
        });
      this.#local = { request, frame };
      return frame;
    } catch (error) {
      console.error("glass-tag-cloud: the core refused the layout:", error);
      return null;
    }
  }

  /**
   * The flow of the tags and the departing ones, each capsule at its presence, as the element's
   * frame (the tags, then the departing); its JSON (keyboard, `layout`) is the tags' own layout,
   * where the motion lands. Null when only the JSON path can lay it out.
   */
  #layoutShown(request, shown, count) {
    const flow = this.#packed.layout({ ...request, tags: shown.metrics.tags, presence: shown.scale });
    if (!flow) return null;
    let json = null;
    const frame = frameInElementOrder(flow, shown.order, count);
    // The tags' own layout (under the row limit too): the packed path's JSON of the request.
    frame.json = () => (json ??= this.#packed.layout(request).json());
    return frame;
  }

  /** The request's row limit (`max-rows`), or null: the same object while nothing of it changes. */
  #rowLimitFor({ maxRows, expanded, toggleMetrics }) {
    if (!(maxRows > 0) || !toggleMetrics) return null;
    const limit = this.#rowLimit;
    if (limit?.maxRows !== maxRows || limit.expanded !== expanded || limit.labels !== toggleMetrics.tags) {
      this.#rowLimit = { maxRows, expanded, labels: toggleMetrics.tags };
    }
    return this.#rowLimit;
  }

  reduceMotionChanged() {
    if (reduceMotion() && this.spring.running) this.spring.start(this.spacingOnScreen, this.#host.spacing, null);
    if (reduceMotion()) this.presence.land();
    this.#host.requestUpdate(); // the live viewport says it
  }

  /**
   * Whether the core's hit test can say what a point beside the buttons is on (the local core is
   * loaded; the input asks it over the frame on screen, input-controller.js).
   */
  get hitTesting() {
    return Boolean(this.core);
  }
}
