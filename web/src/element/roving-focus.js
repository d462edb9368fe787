// The cloud's one tab stop (a roving tabindex): the tag that Tab reaches, kept by id so that it
// stays on its tag when others come and go, and where it was when its tag left. State only: the
// input controller (input-controller.js) moves it on focus and on the navigation keys, and the
// view writes it as the buttons' tabindex in its frame.
//
//   const roving = new RovingFocus();
//   roving.set(index, id)   // tag `id`, at `index`, is the tab stop now: true when that changed
//   roving.activeIn(tags)   // the tab stop's index in `tags`

export class RovingFocus {
  #activeId = null;
  #active = 0; // the last index found (where the tab stop stays when its tag left)

  /** The tab stop's index in `tags`: its tag's, else where it last was. */
  activeIn(tags) {
    if (this.#activeId !== null && tags[this.#active]?.id !== this.#activeId) {
      const index = tags.findIndex((tag) => tag.id === this.#activeId);
      if (index >= 0) this.#active = index;
    }
    return this.#active;
  }

  /** Tag `id` at `index` is the tab stop: whether it was another. */
  set(index, id) {
    const changed = id !== this.#activeId;
    this.#active = index;
    this.#activeId = id;
    return changed;
  }
}
