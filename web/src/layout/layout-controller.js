// The element's layout: width, label metrics, the spacing spring and the frame to show, from
// the best source there is: a current server frame (live), else the local Wasm core, else none
// (CSS flex-wrap, the same rule, shows the tags until the core answers). A reactive controller:
// it writes nothing; each update it decides `frame` (the packed layout, packed-layout.js),
// `source` and `motion`, which the view then writes.
//
//   const layout = new LayoutController(host, { tags, selection, cloud, remProbe, hasButtons });
//   layout.hostUpdate();   // measure when needed, sample the spring, choose the frame
//   layout.frame, layout.source ("none" | "css" | "wasm" | "server"), layout.motion
//   layout.presence        // tags coming and going (tag-presence.js): their capsules grow and shrink in the flow
//   layout.toggleRows()    // under `max-rows`: the "+K" capsule shows every tag, "Show less" folds them again
// - Complexity: O(tags) per update (one packed layout), O(label text) per measure.

import { frameFromLayout, PackedLayout, samePacked } from "./packed-layout.js";
import { LabelMeasure, watchTextMetrics } from "../shared/label-metrics.js";
import { reduceMotion, sharedCore, unwatchResize, watchResize } from "../shared/page-resources.js";
import { RowLimitLabels } from "../element/row-limit-labels.js";
import { SpacingAnimation } from "./spacing-animation.js";
import { frameInElementOrder, TagPresence } from "./tag-presence.js";

/** Whether `after` holds the same tags as `before` in another order (none inserted or removed). */
function reordered(before, after) {
  if (before.length !== after.length || before.length < 2) return false;
  const ids = new Set(before.map((tag) => tag.id));
  return after.every((tag) => ids.has(tag.id)) && after.some((tag, i) => tag.id !== before[i].id);
}

export class LayoutController {
  #host;
  #tags;
  #selection;
  #cloud;
  #remProbe;
  #hasButtons;
  #packed = null;
  #local = null; // { request, frame }: the last local layout
  #snappy = null;
  measuredVersion = -1; // the tags' version the metrics are for
  #committedVersion = -1; // the tags' version the presence has taken
  #measuredTags = []; // the tags the metrics are for (those on screen)
  #stopWatchingText = null;
  core = null;
  live = null; // the LiveController, when the host has made it
  metrics = null;
  width = null;
  styled = false;
  spacingOnScreen = null;
  spring = new SpacingAnimation();
  presence = new TagPresence();
  glide = null; // tags reordered: each slot glides to its new place ({ duration: ms, easing })
  #glideTimer = 0;
  expanded = false; // under `max-rows`: every tag shown
  #toggleMetrics = null; // the row limit's capsules' label metrics
  #moreSizes = null; // { from, more }: the row limit's capsule sizes, and the "+K" ones of them
  rowLabels = new RowLimitLabels(); // the row limit's words (`more-label`, `less-label`)
  #rowLimit = null; // the request's `rowLimit`, the same object while it holds
  #labels = new LabelMeasure(); // the labels measured in the current font
  frame = null;
  source = "none";
  motion = undefined; // the CSS spring for this frame's changes; undefined: as it is
  needsPass = false; // the labels can be measured once the view has made their buttons

  /**
   * @param {HTMLElement} host
   * @param {{tags: object, selection: object, cloud: HTMLElement, remProbe: HTMLElement, hasButtons: () => boolean}} parts
   */
  constructor(host, { tags, selection, cloud, remProbe, hasButtons }) {
    this.#host = host;
    this.#tags = tags;
    this.#selection = selection;
    this.#cloud = cloud;
    this.#remProbe = remProbe;
    this.#hasButtons = hasButtons;
  }

  hostConnected() {
    this.rowLabels = RowLimitLabels.of(this.#host);
    watchResize(this.#host, (width) => {
      if (width === this.width) return;
      this.width = width;
      this.#host.requestUpdate();
    });
    this.#stopWatchingText = watchTextMetrics(this.#remProbe, () => this.remeasure());
    sharedCore().then((core) => {
      this.core = core;
      this.#packed = core ? new PackedLayout(core) : null;
      this.#host.requestUpdate();
    });
  }

  hostDisconnected() {
    unwatchResize(this.#host);
    this.#stopWatchingText?.();
    this.#stopWatchingText = null;
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

  /** The labels may measure differently (styles arrived, fonts loaded, the text size changed). */
  remeasure() {
    this.metrics = null;
    this.#labels = new LabelMeasure();
    this.#host.requestUpdate();
  }

  get rightToLeft() {
    // The element's directionality (its own or an ancestor's `dir`): a selector match, where
    // getComputedStyle would force a style recalculation per cloud per frame.
    return this.#host.matches(":dir(rtl)");
  }

  get mergeDistance() {
    return this.live?.mergeDistance ?? this.#host.mergeDistance;
  }

  /** The spring's "snappy" for the press, once there is a core (null: no motion); asked of the core once. */
  get pressMotion() {
    if (!this.core || reduceMotion()) return null;
    this.#snappy ??= this.core.motion("snappy");
    return this.#snappy;
  }

  hostUpdate() {
    const tags = this.#tags;
    if (tags.changes.version !== this.#committedVersion) {
      // Other tags: the inserted grow in and the removed shrink away on the seed's `.smooth`
      // spring, when capsules are on screen to move and motion is welcome.
      this.#committedVersion = tags.changes.version;
      const animate = this.core && this.frame && this.metrics && !reduceMotion();
      const motion = animate ? this.core.motion("smooth") : null;
      this.presence.commit(this.#measuredTags, tags.list, this.metrics, motion);
      // (Not while tags still come and go: their frames are the core's flow, one by one.)
      if (motion && !this.presence.running && reordered(this.#measuredTags, tags.list)) this.#startGlide(motion);
    }
    if (tags.changes.version !== this.measuredVersion) {
      this.metrics = null; // other tags: measured again, and no frame of the old ones is shown
      this.frame = null;
    }
    this.width ??= this.#host.getBoundingClientRect().width;
    this.needsPass = false;
    if (this.styled && !this.metrics && tags.list.length > 0) {
      if (this.#hasButtons()) {
        this.metrics = this.#labels.measure(this.#cloud, tags.list);
        this.#toggleMetrics = null; // measured below, in the same font
        this.measuredVersion = tags.changes.version;
        this.#measuredTags = tags.list;
      } else {
        this.needsPass = true;
      }
    }
    // Other row limit words: their capsules measured again, in the font the tags were.
    if (this.metrics && !this.#toggleMetrics) this.#toggleMetrics = this.#labels.measure(this.#cloud, this.rowLabels.measured);
    this.live?.syncMeasure();
    this.live?.syncViewport();
    this.spacingOnScreen ??= this.#host.spacing;
    const animation = this.#selection.animation;
    this.#selection.animation = null;
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
    const server = this.live?.frameFor(this.width);
    let frame = null;
    let source = this.source;
    // While tags come and go the local core lays out every frame; the server's frame ends it.
    // Unfolded, the row limit's "Show less" capsule is the local core's: the server's frames
    // show every tag then (maxRows 0), without it.
    const unfolded = this.#host.maxRows > 0 && this.expanded && this.core;
    if (server && !(coming && this.core) && !unfolded && (!springing || (final && server.spacing === spacing))) {
      frame = server.frame;
      source = "server";
    } else if ((frame = this.#layoutLocally(spacing, animation))) {
      source = "wasm";
    } else if (!this.frame) {
      source = tags.list.length ? "css" : "none";
    }
    const changed = frame !== null && (source !== this.source || !samePacked(frame, this.frame));
    this.motion = undefined;
    if (animation && this.core && !reduceMotion()) this.motion = this.core.motion(animation);
    else if (changed && frame.animation !== undefined) this.motion = reduceMotion() ? null : frame.animation;
    if (frame) this.frame = frame;
    this.source = source;
  }

  #layoutLocally(spacing, animation) {
    const packed = this.#packed;
    if (!this.core || !this.metrics || this.width === null) return null;
    const reduce = reduceMotion();
    const request = {
      width: this.width,
      spacing,
      mergeDistance: this.mergeDistance,
      textScale: this.metrics.textScale,
      lineHeight: this.metrics.lineHeight,
      tags: this.metrics.tags,
      selection: this.#selection.ids(),
      animation: reduce ? null : animation,
      reduceMotion: reduce,
    };
    if (this.rightToLeft) request.direction = "rtl";
    const rowLimit = this.#rowLimitFor(this.#host.maxRows);
    if (rowLimit) request.rowLimit = rowLimit;
    // An update for something else (a press, a scroll, a server message) keeps the frame.
    const last = this.#local;
    const keys = Object.keys(request);
    if (last && keys.length === Object.keys(last.request).length && keys.every((key) => request[key] === last.request[key])) {
      return last.frame;
    }
    try {
      const shown = this.presence.shown(this.#tags.list, this.metrics);
      if (shown) {
        const frame = this.#layoutShown(request, shown);
        if (frame) {
          this.#local = null; // a frame of the motion: the next request alike is laid out again
          return frame;
        }
        this.presence.land(); // a label wraps at this width: only the JSON path lays it out
      }
      // Every frame through the packed path (no JSON); the JSON path for what only it lays out.
      const frame =
        packed.layout(request) ??
        frameFromLayout(this.core.layout(request), this.#tags.ids, {
          core: this.core,
          width: this.width,
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
  #layoutShown(request, shown) {
    const flow = this.#packed.layout({ ...request, tags: shown.metrics.tags, presence: shown.scale });
    if (!flow) return null;
    let json = null;
    const frame = frameInElementOrder(flow, shown.order, this.#tags.list.length);
    // The tags' own layout (under the row limit too): the packed path's JSON of the request.
    frame.json = () => (json ??= this.#packed.layout(request).json());
    return frame;
  }

  /** The request's row limit (`max-rows`), or null: the same object while nothing of it changes. */
  #rowLimitFor(maxRows) {
    if (!(maxRows > 0) || !this.#toggleMetrics) return null;
    const limit = this.#rowLimit;
    if (limit?.maxRows !== maxRows || limit.expanded !== this.expanded || limit.labels !== this.#toggleMetrics.tags) {
      this.#rowLimit = { maxRows, expanded: this.expanded, labels: this.#toggleMetrics.tags };
    }
    return this.#rowLimit;
  }

  /** The rows shown: `max-rows` while folded, 0 (every tag) without a limit or unfolded. */
  get rowsShown() {
    const maxRows = this.#host.maxRows;
    return maxRows > 0 && !this.expanded ? maxRows : 0;
  }

  /** The row limit's "+K" capsule's `[w, h]` for 1 digit, 2, … (the core sizes them), or null before the core and the labels. */
  get moreSizes() {
    if (!this.#packed || !this.#toggleMetrics) return null;
    const sizes = this.#packed.toggleSizes(this.#toggleMetrics, this.#toggleMetrics.tags);
    if (this.#moreSizes?.from !== sizes) this.#moreSizes = { from: sizes, more: sizes.slice(0, -1) };
    return this.#moreSizes.more;
  }

  /** The row limit's capsule was pressed: every tag shows, or the limit folds them again. */
  toggleRows() {
    this.expanded = !this.expanded;
    this.#host.requestUpdate();
  }

  /** `more-label`, `less-label` or `lang` changed: other words, measured again when they differ. */
  rowLabelsChanged() {
    const labels = RowLimitLabels.of(this.#host);
    if (!labels.measuresAs(this.rowLabels)) this.#toggleMetrics = null;
    this.rowLabels = labels;
    this.#host.requestUpdate();
  }

  /** `max-rows` changed: folded again under the new limit. */
  maxRowsChanged() {
    this.expanded = false;
    this.#host.requestUpdate();
  }

  /** The `spacing` attribute changed: spring to it through the core, frame by frame, or land. */
  spacingChanged() {
    const target = this.#host.spacing;
    this.live?.sendSpacing(target);
    // With a local core the spacing animates frame by frame through it, live or not: every frame
    // is the flow at that frame's spacing (capsules change rows mid-way, groups melt exactly at
    // the merge distance); the server's frame for the new spacing ends it.
    const animatable = this.core && this.metrics && this.frame && this.spacingOnScreen !== null;
    if (!animatable) {
      if (this.live?.greeted) return; // no local core: the server's frame comes with its spring
      this.spacingOnScreen = target;
    } else {
      this.spring.start(this.spacingOnScreen, target, reduceMotion() ? null : this.core.motion("spacing"));
    }
    this.#host.requestUpdate();
  }

  reduceMotionChanged() {
    if (reduceMotion() && this.spring.running) this.spring.start(this.spacingOnScreen, this.#host.spacing, null);
    if (reduceMotion()) this.presence.land();
    this.#host.requestUpdate(); // the live viewport says it
  }

  /** Where focus goes from `index` on `key`, by the core's rule over `frame` (the packed frame on screen). */
  navigate(frame, index, key) {
    if (!this.core) return index;
    if (this.rightToLeft && (key === "next" || key === "previous")) {
      key = key === "next" ? "previous" : "next"; // ← is forward in right-to-left reading order
    }
    return this.core.navigate(frame, index, key);
  }

  /** Whether `hitTest` can answer: the local core is loaded. */
  get hitTesting() {
    return Boolean(this.core);
  }

  /**
   * The tag whose touch target holds `(x, y)` of `frame` (the packed frame on screen, cloud
   * coordinates), or -1: the core's rule over the frame itself, so a hover or a press runs no
   * JSON layout, also while a drag lays the cloud out every frame.
   */
  hitTest(frame, x, y) {
    return this.core && frame ? this.core.hitTest(frame, x, y) : -1;
  }
}
