// What the layout is asked for, measured: the cloud's width, its writing direction, the labels
// in the page's font (label-metrics.js), and the row limit (`max-rows`: the rows shown, its
// words and the "+K" capsule's sizes), and which version of the styles' tint amounts the view
// reads (Reduce Transparency and Increase Contrast change them). A reactive controller that writes nothing: each update
// derives one snapshot from the tags' snapshot, read by the frame source (the local core or the
// live server) and the layout after it.
//
//   const metrics = new MetricsController(host, { cloud, remProbe });
//   const snapshot = metrics.derive(tags, screen);   // the tags' snapshot (tags-controller.js), what is on screen (screen-snapshot.js)
//   // { version, tags, metrics, toggleMetrics, moreSizes, width, direction, maxRows, rowsShown,
//   //   expanded, rowLabels, transparencyVersion, needsPass }   the same object while nothing of it changed
//   metrics.toggleRows()      // the "+K" capsule shows every tag, "Show less" folds them again
//
// A tag change is measured in its own update, from the font read once (label-metrics.js): only
// the first measure (or one after the font may have changed) needs a label on screen to read the
// font from: the screen snapshot says whether the view has made the buttons of these tags; until
// it has, `needsPass` asks the host for a second pass, over the screen its first pass made.
// - Complexity: O(length of the labels not measured before) per tag change; O(1) otherwise.

import { LabelMeasure, watchTextMetrics } from "../shared/label-metrics.js";
import { PackedLayout } from "./packed-layout.js";
import { RowLimitLabels } from "../element/row-limit-labels.js";
import { sharedCore, unwatchResize, watchResize } from "../shared/page-resources.js";

export class MetricsController {
  #host;
  #cloud;
  #remProbe;
  #labels = new LabelMeasure(); // the labels measured in the current font
  #stopWatchingText = null;
  #packed = null;
  #width = null;
  #styled = false;
  #metrics = null;
  #measuredTags = [];
  #measuredVersion = -1; // the tags' version the metrics are for
  #toggleMetrics = null; // the row limit's capsules' label metrics
  #moreSizes = null; // { from, more }: the row limit's capsule sizes, and the "+K" ones of them
  #rowLabels = new RowLimitLabels(); // the row limit's words (`more-label`, `less-label`)
  #expanded = false; // under `max-rows`: every tag shown
  #transparencyVersion = 0; // one more at each change of Reduce Transparency or Increase Contrast
  #snapshot = null;

  /** @param {HTMLElement} host  @param {{cloud: HTMLElement, remProbe: HTMLElement}} parts */
  constructor(host, { cloud, remProbe }) {
    this.#host = host;
    this.#cloud = cloud;
    this.#remProbe = remProbe;
  }

  hostConnected() {
    this.#rowLabels = RowLimitLabels.of(this.#host);
    watchResize(this.#host, (width) => {
      if (width === this.#width) return;
      this.#width = width;
      this.#host.requestUpdate();
    });
    this.#stopWatchingText = watchTextMetrics(this.#remProbe, () => this.remeasure());
    sharedCore().then((core) => {
      this.#packed = core ? new PackedLayout(core) : null;
      this.#host.requestUpdate();
    });
  }

  hostDisconnected() {
    unwatchResize(this.#host);
    this.#stopWatchingText?.();
    this.#stopWatchingText = null;
  }

  /** The element's stylesheet is adopted: the labels measure as they show from now on. */
  styled() {
    this.#styled = true;
    this.remeasure();
  }

  /** The labels may measure differently (styles arrived, fonts loaded, the text size changed). */
  remeasure() {
    this.#metrics = null;
    this.#toggleMetrics = null;
    this.#labels = new LabelMeasure();
    this.#host.requestUpdate();
  }

  /** `more-label`, `less-label` or `lang` changed: other words, measured again when they differ. */
  rowLabelsChanged() {
    const labels = RowLimitLabels.of(this.#host);
    if (!labels.measuresAs(this.#rowLabels)) this.#toggleMetrics = null;
    this.#rowLabels = labels;
    this.#host.requestUpdate();
  }

  /**
   * Reduce Transparency or Increase Contrast changed (page-resources.js): the styles give other
   * tint amounts, which the view reads again (`transparencyVersion`).
   */
  transparencyChanged() {
    this.#transparencyVersion += 1;
    this.#host.requestUpdate();
  }

  /** `max-rows` changed: folded again under the new limit. */
  maxRowsChanged() {
    this.#expanded = false;
    this.#host.requestUpdate();
  }

  /** The row limit's capsule was pressed: every tag shows, or the limit folds them again. */
  toggleRows() {
    this.#expanded = !this.#expanded;
    this.#host.requestUpdate();
  }

  /**
   * The snapshot for the tags' snapshot `tags` (`{ list, changes }`) and what the last update (or
   * pass) put on screen (`screen.tagsVersion`: the tags whose buttons, and labels, are there).
   */
  derive(tags, screen) {
    const version = tags.changes.version;
    if (version !== this.#measuredVersion) this.#metrics = null; // other tags: measured again
    this.#width ??= this.#host.getBoundingClientRect().width;
    let needsPass = false;
    if (this.#styled && !this.#metrics && tags.list.length > 0) {
      // The font is read from a label on screen once; after that any labels measure at once.
      if (this.#labels.hasFont || screen.tagsVersion === version) {
        this.#metrics = this.#labels.measure(this.#cloud, tags.list);
        this.#measuredVersion = version;
        this.#measuredTags = tags.list;
      } else {
        needsPass = true;
      }
    }
    // Other row limit words: their capsules measured again, in the font the tags were.
    if (this.#metrics && !this.#toggleMetrics) this.#toggleMetrics = this.#labels.measure(this.#cloud, this.#rowLabels.measured);
    const maxRows = this.#host.maxRows;
    const next = {
      version: this.#measuredVersion, // the tags' version measured last (the metrics are null while measured again)
      tags: this.#measuredTags,
      metrics: this.#metrics,
      toggleMetrics: this.#toggleMetrics,
      moreSizes: maxRows > 0 ? this.#moreSizesNow() : null,
      width: this.#width,
      // The element's directionality (its own or an ancestor's `dir`): a selector match, where
      // getComputedStyle would force a style recalculation per cloud per frame.
      direction: this.#host.matches(":dir(rtl)") ? "rtl" : "ltr",
      maxRows,
      expanded: this.#expanded,
      rowsShown: maxRows > 0 && !this.#expanded ? maxRows : 0,
      rowLabels: this.#rowLabels,
      transparencyVersion: this.#transparencyVersion,
      needsPass,
    };
    const last = this.#snapshot;
    const same = last && Object.keys(next).every((key) => next[key] === last[key]);
    if (!same) this.#snapshot = Object.freeze(next);
    return this.#snapshot;
  }

  /** The row limit's "+K" capsule's `[w, h]` for 1 digit, 2, … (the core sizes them), or null before the core and the labels. */
  #moreSizesNow() {
    if (!this.#packed || !this.#toggleMetrics) return null;
    const sizes = this.#packed.toggleSizes(this.#toggleMetrics, this.#toggleMetrics.tags);
    if (this.#moreSizes?.from !== sizes) this.#moreSizes = { from: sizes, more: sizes.slice(0, -1) };
    return this.#moreSizes.more;
  }
}
