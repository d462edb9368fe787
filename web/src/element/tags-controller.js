// The element's tags, by id: from the `tags` property, else the <glass-tag> children, and while
// live the server's. Each update commits the tags to show (unique, non-empty ids) and tells what
// changed since the last commit, keyed by id: inserted, removed, kept (a kept tag may have a new
// title, tint or place), so the view keeps the nodes of kept tags.
//
//   const tags = new TagsController(host, { onChange });   // a reactive controller
//   tags.derive()   // the update's snapshot { list, ids, changes }: the same object until the tags change
//   tags.list       // [{ id, label, tint, removable }] committed by the last update (the same array until then)
//   tags.changes    // { version, inserted, removed, kept } of the last commit that changed them
//   tags.own()      // [{ id, label, tint, selected, removable }]: the element's own tags (not the server's)
//   tags.remove(id) // takes a tag out of the element's own source (the property's list or its child)
// A tag is removable when it says so (`removable` attribute or property entry) or the host does;
// a server's tag never is (the server owns its set).
// - Complexity: O(tags) per change; nothing per frame.

import { DEFAULT_TINT, tagTitle } from "./glass-tag.js";

/** A tags-property entry as the element keeps it; throws a TypeError naming a bad entry. */
function fromProperty(tag, index) {
  if (!tag || typeof tag !== "object") throw new TypeError(`glass-tag-cloud: tags[${index}] is not an object`);
  const title = String(tag.title ?? tag.label ?? tag.id ?? "");
  const id = String(tag.id ?? title);
  return {
    id,
    label: title,
    tint: tag.tint ? String(tag.tint) : DEFAULT_TINT,
    selected: Boolean(tag.selected),
    removable: Boolean(tag.removable),
  };
}

function fromChild(child) {
  return {
    id: child.getAttribute("value") ?? tagTitle(child),
    label: tagTitle(child),
    tint: child.getAttribute("tint") || DEFAULT_TINT,
    selected: child.hasAttribute("selected"),
    removable: child.hasAttribute("removable"),
  };
}

export class TagsController {
  #host;
  #onChange;
  #property = null; // the `tags` property, or null: the <glass-tag> children
  #children = null; // the children's tags, read once per change
  #server = null; // live: the tags the server serves
  #filteredSource = null;
  #filteredAll = false; // the host's `removable` when the filtered list was made
  #filtered = [];
  #committed = null;
  #observer;
  list = [];
  ids = [];
  changes = { version: 0, inserted: [], removed: [], kept: [] };
  #snapshot = Object.freeze({ list: this.list, ids: this.ids, changes: this.changes });

  /** @param {HTMLElement} host  @param {{onChange: () => void}} callbacks  the element's own tags changed */
  constructor(host, { onChange }) {
    this.#host = host;
    this.#onChange = onChange;
    this.#observer = new MutationObserver((records) => {
      // The host's own attributes are not tags (they come through attributeChangedCallback).
      if (records.some((record) => record.target !== host || record.type !== "attributes")) this.#changed();
    });
  }

  hostConnected() {
    this.#observer.observe(this.#host, { childList: true, subtree: true, characterData: true, attributes: true });
    this.#changed();
  }

  hostDisconnected() {
    this.#observer.disconnect();
  }

  /** The element's own tags: the property's, else the children's. */
  own() {
    if (this.#property) return this.#property;
    this.#children ??= [...this.#host.children].filter((child) => child.localName === "glass-tag").map(fromChild);
    return this.#children;
  }

  setProperty(value) {
    if (value === null || value === undefined) this.#property = null;
    else if (!Array.isArray(value)) throw new TypeError("glass-tag-cloud: tags must be an array of { id, title, tint }");
    else this.#property = value.map(fromProperty);
    this.#changed();
  }

  /**
   * Takes the tag out of the element's own tags: a new `tags` array without it, or its
   * `<glass-tag>` child removed (the observer then reports the change). False when it is not
   * one of them (a server's tag while live).
   */
  remove(id) {
    if (this.#property) {
      const next = this.#property.filter((tag) => tag.id !== id);
      if (next.length === this.#property.length) return false;
      this.#property = next;
      this.#changed();
      return true;
    }
    const child = [...this.#host.children].find((element) => element.localName === "glass-tag" && fromChild(element).id === id);
    if (!child) return false;
    child.remove();
    return true;
  }

  /** The host's `removable` changed: every tag's flag is read again. */
  removableChanged() {
    this.#filteredSource = null;
    this.#host.requestUpdate();
  }

  /** The server's tags while live (null: the element's own again). */
  setServer(tags) {
    this.#server = tags;
    this.#host.requestUpdate();
  }

  #changed() {
    this.#children = null;
    this.#onChange();
  }

  /**
   * The tags to show now: the server's while live, else the element's own; unique, non-empty
   * ids. The same array until the source changes (read often: do not modify it).
   */
  current() {
    const source = this.#server ?? this.own();
    // The server's tags are the server's: no remove controls while it serves them.
    const all = this.#host.hasAttribute("removable") && this.#server === null;
    if (source === this.#filteredSource && all === this.#filteredAll) return this.#filtered;
    const seen = new Set();
    const tags = [];
    for (const tag of source) {
      if (!tag.id || seen.has(tag.id)) {
        // The core refuses a request with a duplicate id: one bad tag must not blank the cloud.
        console.warn(`glass-tag-cloud: skipped a tag with ${tag.id ? `the duplicate id "${tag.id}"` : "an empty id"}`);
        continue;
      }
      seen.add(tag.id);
      tags.push({ id: tag.id, label: tag.label, tint: tag.tint, removable: all || (this.#server === null && Boolean(tag.removable)) });
    }
    this.#filteredSource = source;
    this.#filteredAll = all;
    this.#filtered = tags;
    return tags;
  }

  /** Commits the tags to show when they changed, and returns the snapshot; O(1) otherwise. */
  derive() {
    this.#commit();
    return this.#snapshot;
  }

  #commit() {
    const next = this.current();
    if (next === this.#committed) return;
    this.#committed = next;
    const same =
      next.length === this.list.length &&
      next.every((tag, i) => {
        const was = this.list[i];
        return tag.id === was.id && tag.label === was.label && tag.tint === was.tint && tag.removable === was.removable;
      });
    if (same) return;
    const before = new Set(this.ids);
    const after = new Set(next.map((tag) => tag.id));
    this.list = next;
    this.ids = [...after];
    this.changes = {
      version: this.changes.version + 1,
      inserted: this.ids.filter((id) => !before.has(id)),
      removed: [...before].filter((id) => !after.has(id)),
      kept: this.ids.filter((id) => before.has(id)),
    };
    this.#snapshot = Object.freeze({ list: this.list, ids: this.ids, changes: this.changes });
  }
}
