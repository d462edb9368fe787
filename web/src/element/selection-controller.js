// The selection and the form: the one place the selected ids live. Everything else (the
// buttons' aria-pressed, the form value, the live hello, the limit's refusals) is derived from
// it and never read back.
//
//   const selection = new SelectionController(host, internals);
//   selection.derive(tags, screen) // the update's snapshot over the tags' snapshot: { version, ids, flags, full, dirty, animation, log, … }
//   selection.ids()        // the selected ids that are counted tags, in tag order
//   selection.set(ids)     // the program's (silent); selection.toggle(id) the user's
//   selection.ownTagsChanged(list, own) · selection.count(list)   // the tags a cause changed, handed by the host
//   selection.removed(id, title)   // the user removed the tag (tag-removal.js)
//   changesSince(snapshot, version)   // what changed since: [{ version, kind, id }], null when too far back
//
// The tags come in as data, never fetched from their controller: the update hands over the
// tags' snapshot (`derive`), and a cause that changes the tags has the host hand over the list
// to show (`ownTagsChanged`, `count`), so that a read in the same task (`selection`, the form's
// value and validity) already counts them, as a native control's value follows at once. What
// the last update put on screen comes in as data too (`screen`, view/screen-snapshot.js): its
// first button is where the validity messages point.
//
// Every change is logged by kind, so that what follows a change is derived from the log, never
// called from where the change was made: "toggle" (the user's, with its id: the live server is
// told the toggle), "page" (the page's or the user's choice of the whole selection: the server
// adopts it) and "quiet" (the tags' defaults or the server's own: nothing to tell anyone).
//
// Whose selection shows (docs/ELEMENT.md, "Whose selection"): the user's choice (a toggle, a
// removal, or one the program set or restored: `dirty`), else, once a live server has answered,
// the server's (`served`: a new session's is its tags file's), else the tags' own `selected`.
//
// Decisions (docs/ELEMENT.md has the reasons):
// - Ids of tags that are not (yet) there are kept aside and count again when their tag appears.
// - `max-selected`: at the limit, unselected tags are refused (the view marks them
//   aria-disabled) and a try is announced; a programmatic selection above the limit is kept but
//   makes the control invalid (`rangeOverflow`), as an over-long value does for a native input.
// - Complexity: O(tags) per change; O(1) per frame (cached by tags and version).

/** How many changes the log keeps: more between two updates are told as one whole selection. */
const LOG_LENGTH = 32;

/**
 * The changes of a selection snapshot after `version`, oldest first; null when its log no
 * longer reaches back to it.
 */
export function changesSince(selection, version) {
  if (version === selection.version) return [];
  const first = selection.log[0];
  if (!first || first.version > version + 1) return null;
  return selection.log.filter((change) => change.version > version);
}

export class SelectionController {
  #host;
  #internals;
  #anchor = undefined; // the first tag's button on screen: where the validity messages point
  #tags = []; // the tags counted: the update's snapshot's list, or the list a cause handed over since
  #own = []; // the element's own tags, whose `selected` are the defaults
  #formTags = null;
  #raw = new Set(); // may hold ids that are not current tags
  #served = null; // live: the server's selection, the defaults in place of the tags' own
  #cache = { tags: null, version: -1, ids: [], flags: new Uint8Array(0) };
  version = 0; // bumped whenever the selection changes
  dirty = false; // set by the user or the program: the tags' defaults no longer apply
  formDisabled = false;
  animation = null; // { version, name }: the spring of the change at `version` ("snappy"), or null
  announcement = { text: "", serial: 0 };
  #log = Object.freeze([]); // the last changes, oldest first: { version, kind, id }
  #snapshot = null;

  /** @param {HTMLElement} host  @param {ElementInternals} internals */
  constructor(host, internals) {
    this.#host = host;
    this.#internals = internals;
  }

  hostConnected() {}

  hostDisconnected() {}

  /**
   * The update's snapshot over the tags' snapshot (`{ list }`, tags-controller.js): the tags may
   * have changed what counts as selected, and the form follows (once per change), as it does
   * when the last update put another first button on screen (`screen.buttons`: the validity's
   * anchor). The same object while nothing of it changed.
   */
  derive(tags, screen) {
    this.#tags = tags.list;
    const anchor = screen.buttons[0];
    if (tags.list !== this.#formTags || anchor !== this.#anchor) {
      this.#formTags = tags.list;
      this.#anchor = anchor;
      this.updateForm();
    }
    const { ids, flags } = this.#current();
    const next = {
      version: this.version,
      ids,
      flags,
      full: this.full,
      dirty: this.dirty,
      formDisabled: this.formDisabled,
      announcement: this.announcement,
      animation: this.animation,
      log: this.#log,
    };
    const last = this.#snapshot;
    if (!last || Object.keys(next).some((key) => next[key] !== last[key])) this.#snapshot = Object.freeze(next);
    return this.#snapshot;
  }

  #changed(kind, id = null) {
    this.version += 1;
    this.#log = Object.freeze([...this.#log.slice(-(LOG_LENGTH - 1)), Object.freeze({ version: this.version, kind, id })]);
  }

  #current() {
    const tags = this.#tags;
    const cache = this.#cache;
    if (cache.tags !== tags || cache.version !== this.version) {
      const ids = [];
      const flags = new Uint8Array(tags.length);
      tags.forEach((tag, i) => {
        if (!this.#raw.has(tag.id)) return;
        ids.push(tag.id);
        flags[i] = 1;
      });
      this.#cache = { tags, version: this.version, ids, flags };
    }
    return this.#cache;
  }

  /** The selected ids that are counted tags, in tag order (the same array until they change: do not modify it). */
  ids() {
    return this.#current().ids;
  }

  /** Per counted tag, 1 when selected (the same array until they change). */
  flags() {
    return this.#current().flags;
  }

  /**
   * A cause changed the element's own tags (`own`: their `selected` are the defaults); `list` is
   * the tags to show now. Unless the user has chosen (`dirty`), the defaults show, quietly;
   * else the form follows the tags.
   */
  ownTagsChanged(list, own) {
    this.#tags = list;
    this.#own = own;
    if (!this.dirty) this.set(this.defaults(), { dirty: false, quiet: true });
    else this.updateForm();
  }

  /**
   * The tags to show now, handed over by a cause (the server's tags; the element's own when the
   * page sets `selection` before the element is in the page, where no tag change is heard):
   * they count from now on; the update's form follows.
   */
  count(list) {
    this.#tags = list;
  }

  get limit() {
    return this.#host.maxSelected;
  }

  /** Whether the limit is reached: the unselected tags are refused. */
  get full() {
    const limit = this.limit;
    return limit !== null && this.ids().length >= limit;
  }

  /**
   * The program's selection (property, reset, restored state): no `change` event. `quiet`: the
   * tags' defaults or the server's own selection, which no one is told.
   */
  set(ids, { dirty = true, animation = null, quiet = false } = {}) {
    this.#raw = new Set(ids);
    this.#changed(quiet ? "quiet" : "page");
    this.dirty = dirty;
    this.animation = animation ? { version: this.version, name: animation } : null;
    this.updateForm();
    this.#host.requestUpdate();
  }

  /**
   * Tags that are gone for good (the server stopped serving them): their selections drop, as
   * the server drops them, so a tag served again later comes back unselected. Silent: no
   * `change` event, nothing announced. `quiet`: the server dropped them itself.
   */
  forget(ids, { quiet = false } = {}) {
    let changed = false;
    for (const id of ids) changed = this.#raw.delete(id) || changed;
    if (!changed) return;
    this.#changed(quiet ? "quiet" : "page");
    this.updateForm();
    this.#host.requestUpdate();
  }

  /** The defaults (what shows until the user chooses, and what a form reset restores): the
   * server's selection once a live server has stated it, else the tags' own `selected`. */
  defaults() {
    return this.#served ?? this.#own.filter((tag) => tag.selected).map((tag) => tag.id);
  }

  /**
   * The live server's selection (its welcome, a `tags` message; null: none any more, the tags'
   * own again). It shows at once unless the user has chosen (`dirty`). Silent, as every change
   * the user did not make.
   */
  serve(ids) {
    this.#served = ids;
    if (!this.dirty) this.set(this.defaults(), { dirty: false, quiet: true });
  }

  /** Whether the selection is exactly these ids (any order; only current tags count). */
  matches(ids) {
    const mine = this.ids();
    return mine.length === ids.length && ids.every((id) => this.#raw.has(id));
  }

  /**
   * The user's toggle (click, Space/Enter): false when refused (disabled, or the limit), which
   * is announced; true when the selection changed.
   */
  toggle(id) {
    if (this.#host.disabled || this.formDisabled) return false;
    const selecting = !this.#raw.has(id);
    const limit = this.limit;
    if (selecting && limit !== null && this.ids().length >= limit) {
      this.#announce(
        limit === 1
          ? "Only one tag can be selected. Deselect it first."
          : `At most ${limit} tags can be selected. Deselect one first.`,
      );
      return false;
    }
    if (selecting) this.#raw.add(id);
    else this.#raw.delete(id);
    this.#changed("toggle", id);
    this.dirty = true;
    this.animation = { version: this.version, name: "snappy" };
    this.#announce("");
    this.updateForm();
    return true;
  }

  /**
   * The user removed the tag `id` (tag-removal.js): its selection drops for good and "Removed
   * TITLE." is announced. True when it was selected: the user changed the value.
   */
  removed(id, title) {
    const wasSelected = this.#raw.has(id);
    this.forget([id]);
    this.#announce(`Removed ${title}.`);
    return wasSelected;
  }

  #announce(text) {
    // A new serial each time, so the same message is announced again on a second try.
    this.announcement = { text, serial: this.announcement.serial + 1 };
    this.#host.requestUpdate();
  }

  /** The form value (one entry per selected id under `name`) and validity. */
  updateForm() {
    const ids = this.ids();
    const name = this.#host.getAttribute("name");
    let value = null;
    if (name) {
      value = new FormData();
      for (const id of ids) value.append(name, id);
    }
    this.#internals.setFormValue(value, JSON.stringify(ids));
    const anchor = this.#anchor;
    const limit = this.limit;
    if (this.#host.required && ids.length === 0) {
      this.#internals.setValidity({ valueMissing: true }, "Select at least one tag.", anchor);
    } else if (limit !== null && ids.length > limit) {
      this.#internals.setValidity({ rangeOverflow: true }, `Select at most ${limit} ${limit === 1 ? "tag" : "tags"}.`, anchor);
    } else {
      this.#internals.setValidity({});
    }
  }
}
