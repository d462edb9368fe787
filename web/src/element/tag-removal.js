// Removing a tag by the user: its remove control, or Delete or Backspace on the focused tag
// (input-controller.js hears both).
//
//   const removal = new TagRemoval(host, { tags, selection, view, onSelectionChange });
//   removal.request(id)     // the user asked to remove the tag `id`
//   removal.removable(id)   // whether it can be
//
// A cancelable `remove` event (`detail: { id, title }`, bubbles, composed) fires first; unless
// prevented, focus moves to the next tag (the previous one when it was the last; the host when
// none is left), the tag leaves the element's own tags (tags-controller.js: a new `tags` array,
// or its `<glass-tag>` child removed), its selection drops (a `change` event when it was
// selected: the user changed the value) and "Removed TITLE." is announced. It writes nothing of
// the shadow tree: the tags and the selection change, and the next update's frame shows it (and
// a live server is told the selection then: live-controller.js).
// - Complexity: O(tags) per removal.

export class TagRemoval {
  #host;
  #tags;
  #selection;
  #view;
  #onSelectionChange;

  /**
   * @param {HTMLElement} host
   * @param {{tags: import("./tags-controller.js").TagsController,
   *   selection: import("./selection-controller.js").SelectionController,
   *   view: import("../view/cloud-view.js").CloudView,
   *   onSelectionChange: () => void}} parts
   */
  constructor(host, { tags, selection, view, onSelectionChange }) {
    this.#host = host;
    this.#tags = tags;
    this.#selection = selection;
    this.#view = view;
    this.#onSelectionChange = onSelectionChange;
  }

  /** Whether tag `id` has a remove control (Delete and Backspace remove only such a tag). */
  removable(id) {
    return this.#tags.list.some((tag) => tag.id === id && tag.removable);
  }

  /** The user's removal of the tag `id`: false when it is not removable, disabled or prevented. */
  request(id) {
    if (this.#host.disabled || this.#selection.formDisabled || !this.removable(id)) return false;
    const tags = this.#tags.list;
    const index = tags.findIndex((tag) => tag.id === id);
    const title = tags[index].label;
    const event = new CustomEvent("remove", { bubbles: true, composed: true, cancelable: true, detail: { id, title } });
    if (!this.#host.dispatchEvent(event)) return false;
    const neighbour = tags[index + 1] ?? tags[index - 1] ?? null;
    if (!this.#tags.remove(id)) return false;
    // Also after a click, whatever the engine did with the clicked control's focus (Safari on
    // macOS focuses no clicked button): the user's place in the cloud is where the tag was.
    this.#focus(neighbour);
    const wasSelected = this.#selection.has(id);
    this.#selection.forget([id]);
    this.#selection.announce(`Removed ${title}.`);
    if (wasSelected) this.#onSelectionChange();
    return true;
  }

  /** Focus to the neighbour's capsule, or the host when no tag is left. */
  #focus(neighbour) {
    const button = neighbour ? this.#view.buttons.find((candidate) => candidate.dataset.tagId === neighbour.id) : null;
    if (button) {
      button.focus();
      return;
    }
    if (!this.#host.hasAttribute("tabindex")) this.#host.tabIndex = -1;
    this.#host.focus();
  }
}
