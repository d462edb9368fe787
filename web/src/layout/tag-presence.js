// Tags that come and go, as Liquid Glass shapes do: an inserted tag's capsule grows in from
// nothing and a removed one shrinks away, on the seed's `.smooth` spring (the core's, sampled by
// the browser from its `linear()` easing, as the spacing spring is). A tag's presence is 0 (none)
// to 1 (all there); the layout gives the core each capsule's size times its presence, so every
// frame of the motion is the core's flow: the neighbours make room (or close the gap) as the
// capsule grows (or shrinks), and the necks are the core's at every frame. A removed tag stays
// in the flow, "departing", until its presence reaches 0; the element's tags, selection and
// form no longer have it (its capsule is inert, drawn only).
//
//   const presence = new TagPresence();
//   presence.commit(before, after, metricsBefore, motion);   // a commit of other tags; motion null: at once
//   presence.sample();           // in each update: true while something moves
//   presence.land();             // every change lands at once
//   presence.departing           // [{ tag, metric }] in flow order of the departing (same array until they change)
//   presence.valueOf(id)         // 0…1
//   presence.snapshot()          // what this update shows, immutable: { running, departing, valueOf(id) }
//   presence.shown(metrics)      // null when nothing moves, else { metrics, scale, order }: the flow to lay out
//
// Why the flow and not a glide from the old place to the new: only the core decides where a
// capsule sits and what melts, so every frame is the core's layout (a neighbour crosses to the
// next row where the flow puts it, as it does while the spacing springs), and its necks follow
// exactly. Reduce Motion (`motion` null) lands every change at once. A tag removed while it grows
// in shrinks from where it is; one inserted again while it departs grows back from there.
// - Complexity: O(tags) per commit and per frame of a motion; nothing when nothing moves.

import { SpacingAnimation } from "./spacing-animation.js";

export class TagPresence {
  #moving = new Map(); // id → { spring, value }: tags whose presence is not yet 1 (or 0, departing)
  #departing = []; // [{ tag, metric, after }]: `after` is the id it follows in the flow (null: first)
  #shown = null; // the last `shown` result, kept while the flow's members are the same
  #shownKey = null;
  #snapshot = null;
  departing = [];

  /** Whether anything comes or goes. */
  get running() {
    return this.#moving.size > 0;
  }

  /** The presence of tag `id` now (1 for a tag at rest). */
  valueOf(id) {
    return this.#moving.get(id)?.value ?? 1;
  }

  /**
   * The tags changed from `before` to `after` (each `[{ id, … }]`, in order). The inserted grow
   * in, the removed shrink away; `metricsBefore` (the label metrics of `before`, `{ tags }` by
   * index, or null) gives a departing tag its size. `motion` is the core's spring
   * (`{ settle, easing }`), null to land at once (Reduce Motion, or nothing on screen yet).
   */
  commit(before, after, metricsBefore, motion) {
    const ids = new Set(after.map((tag) => tag.id));
    if (!motion) {
      this.land();
      return;
    }
    const wasThere = new Set(before.map((tag) => tag.id));
    const departing = this.#departing.filter((entry) => !ids.has(entry.tag.id));
    for (const entry of this.#departing) if (ids.has(entry.tag.id)) this.#start(entry.tag.id, 1, motion); // back again
    for (const tag of after) {
      if (!wasThere.has(tag.id) && !this.#departing.some((entry) => entry.tag.id === tag.id)) {
        this.#moving.set(tag.id, { spring: null, value: 0 });
        this.#start(tag.id, 1, motion);
      }
    }
    // A departing tag keeps its place: after the capsule it followed on screen.
    const measured = metricsBefore?.tags.length === before.length;
    const onScreen = measured ? flowWithDeparting(before, metricsBefore, this.#departing).ids : [];
    const previous = new Map(onScreen.map((id, k) => [id, k > 0 ? onScreen[k - 1] : null]));
    before.forEach((tag, index) => {
      if (ids.has(tag.id)) return;
      if (!measured) {
        this.#moving.delete(tag.id); // never measured: nothing on screen to shrink
        return;
      }
      departing.push({ tag, metric: metricsBefore.tags[index], after: previous.get(tag.id) ?? null });
      this.#start(tag.id, 0, motion);
    });
    this.#setDeparting(departing);
  }

  /** Samples every spring: true while something still moves. Departed tags leave the flow. */
  sample() {
    for (const [id, entry] of this.#moving) {
      const { value, final } = entry.spring.sample();
      entry.value = value;
      if (final) this.#moving.delete(id);
    }
    if (this.#departing.some((entry) => !this.#moving.has(entry.tag.id))) {
      this.#setDeparting(this.#departing.filter((entry) => this.#moving.has(entry.tag.id)));
    }
    return this.running;
  }

  /**
   * What the update shows of the presence, for the view (the layout's snapshot hands it on):
   * immutable, the values as `sample` left them, so nothing after the layout samples or lands
   * a motion. The same object while nothing comes or goes.
   */
  snapshot() {
    const last = this.#snapshot;
    if (!this.running && last && !last.running && last.departing === this.departing) return last;
    const values = new Map();
    for (const [id, entry] of this.#moving) values.set(id, entry.value);
    this.#snapshot = Object.freeze({ running: this.running, departing: this.departing, valueOf: (id) => values.get(id) ?? 1 });
    return this.#snapshot;
  }

  /**
   * The flow to lay out while something moves: `metrics` the label metrics of the tags and the
   * departing ones in flow order, `scale` each one's presence, and `order`: for each capsule of
   * the element's frame (the tags in their order, then the departing), its index in that flow.
   * Null when nothing moves (lay out `metrics` as it is). `metrics` is the element's measure of
   * `tags` (`{ tags }` by index).
   */
  shown(tags, metrics) {
    if (!this.running) return null;
    const key = this.#shownKey;
    if (!this.#shown || key.tags !== tags || key.metrics !== metrics || key.departing !== this.#departing) {
      this.#shown = flowWithDeparting(tags, metrics, this.#departing);
      this.#shownKey = { tags, metrics, departing: this.#departing };
    }
    const shown = this.#shown;
    const scale = new Float64Array(shown.ids.length);
    shown.ids.forEach((id, k) => (scale[k] = this.valueOf(id)));
    return { metrics: shown.metrics, scale, order: shown.order };
  }

  /** Every change lands: nothing comes or goes any more (Reduce Motion, the element left the page). */
  land() {
    for (const entry of this.#moving.values()) entry.spring?.stop();
    this.#moving.clear();
    this.#setDeparting([]);
  }

  #start(id, to, motion) {
    const entry = this.#moving.get(id) ?? { spring: null, value: 1 };
    entry.spring?.stop();
    entry.spring = new SpacingAnimation();
    entry.spring.start(entry.value, to, motion);
    this.#moving.set(id, entry);
  }

  /** The departing tags are now `departing`; one that follows a tag that left follows its place. */
  #setDeparting(departing) {
    if (departing.length === 0 && this.#departing.length === 0) return;
    const left = new Map();
    for (const entry of this.#departing) if (!departing.includes(entry)) left.set(entry.tag.id, entry.after);
    for (const entry of departing) while (left.has(entry.after)) entry.after = left.get(entry.after);
    this.#departing = departing;
    this.departing = departing.map((entry) => entry.tag);
  }
}

/**
 * The tags with the departing ones back where they were: each after the tag it followed (or
 * the departing tag that did), else first. Returns the flow's `ids` and `metrics` and `order`
 * (`Int32Array`, the element's capsule k, tags then departing, is flow item `order[k]`).
 * - Complexity: O(tags + departing).
 */
export function flowWithDeparting(tags, metrics, departing) {
  // Every departing tag follows a tag of the flow (`after`, kept so by TagPresence), or leads.
  const followers = new Map(); // id → the departing tags that follow it, in departing order
  const leading = [];
  for (const entry of departing) {
    if (entry.after === null) leading.push(entry);
    else followers.set(entry.after, [...(followers.get(entry.after) ?? []), entry]);
  }
  const ids = [];
  const flowMetrics = [];
  const at = new Map(); // id → flow index
  const push = (id, metric) => {
    at.set(id, ids.length);
    ids.push(id);
    flowMetrics.push(metric);
  };
  const pushDeparting = (entry) => {
    if (at.has(entry.tag.id)) return;
    push(entry.tag.id, entry.metric);
    for (const next of followers.get(entry.tag.id) ?? []) pushDeparting(next);
  };
  leading.forEach(pushDeparting);
  tags.forEach((tag, index) => {
    push(tag.id, metrics.tags[index]);
    for (const next of followers.get(tag.id) ?? []) pushDeparting(next);
  });
  for (const entry of departing) pushDeparting(entry); // a cycle's leftovers: at the end
  const order = new Int32Array(tags.length + departing.length);
  tags.forEach((tag, k) => (order[k] = at.get(tag.id)));
  departing.forEach((entry, d) => (order[tags.length + d] = at.get(entry.tag.id)));
  return { ids, metrics: { ...metrics, tags: flowMetrics }, order };
}

/**
 * A packed frame of the flow (`flowWithDeparting`'s order) as the element's frame: capsule k is
 * flow item `order[k]`, the tags first (`count` of them), then the departing, then the row
 * limit's capsule when the flow has one (`items` in all).
 * The necks name the element's capsules. `json` stays the caller's.
 * - Complexity: O(items + necks).
 */
export function frameInElementOrder(flow, order, count) {
  // Items after the flow's capsules (the row limit's capsule) keep their place, last.
  const items = flow.items ?? flow.count;
  const origins = new Float64Array(2 * items);
  const sizes = new Float64Array(2 * items);
  const rows = new Int32Array(items);
  const groups = new Int32Array(items);
  const elementIndex = new Int32Array(items);
  for (let k = 0; k < items; k += 1) {
    const f = k < order.length ? order[k] : k;
    elementIndex[f] = k;
    origins[2 * k] = flow.origins[2 * f];
    origins[2 * k + 1] = flow.origins[2 * f + 1];
    sizes[2 * k] = flow.sizes[2 * f];
    sizes[2 * k + 1] = flow.sizes[2 * f + 1];
    rows[k] = flow.rows[f];
    groups[k] = flow.groups[f];
  }
  let necks = null;
  if (flow.necks) {
    necks = new Int32Array(flow.necks.length);
    for (let p = 0; p < flow.necks.length; p += 2) {
      const i = elementIndex[flow.necks[p]];
      const j = elementIndex[flow.necks[p + 1]];
      necks[p] = i;
      necks[p + 1] = j;
    }
  }
  return { ...flow, count, items, origins, sizes, rows, groups, necks };
}
