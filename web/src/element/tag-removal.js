// Removing a tag by the user: its remove control, or Delete or Backspace on the focused tag
// (input-controller.js hears both). It holds nothing: it reads the tags it is handed (the last
// update's snapshot) and answers with an intent that the host routes to the tags, the focus and
// the selection, so no part of the element reaches into another from here.
//
//   removable(tags, id)                          // whether tag `id` has a remove control
//   const removal = requestRemoval(host, id, { tags, disabled });   // { id, title, neighbour } or null
//   // the host: tags.remove(id), then focusNeighbour(host, buttons, removal.neighbour), then
//   // selection.removed(id, removal.title) (true: it was selected, `change` fires)
//
// A cancelable `remove` event (`detail: { id, title }`, bubbles, composed) fires first; unless
// prevented, the tag leaves the element's own tags (tags-controller.js: a new `tags` array, or
// its `<glass-tag>` child removed), focus moves to the next tag (the previous one when it was
// the last; the host when none is left), its selection drops (a `change` event when it was
// selected: the user changed the value) and "Removed TITLE." is announced. Nothing here writes
// the shadow tree: the tags and the selection change, and the next update's frame shows it (and
// a live server is told the selection then: live-controller.js).
// - Complexity: O(tags) per removal.

/**
 * Whether tag `id` has a remove control (Delete and Backspace remove only such a tag).
 * @param {{id: string, removable: boolean}[]} tags  the tags on screen (the tags' snapshot's list)
 */
export function removable(tags, id) {
  return tags.some((tag) => tag.id === id && tag.removable);
}

/**
 * The user asked to remove the tag `id`: fires the cancelable `remove` and returns the intent
 * for the host to carry out, `{ id, title, neighbour }` (`neighbour`: the id of the tag focus
 * goes to, or null), or null when the tag is not removable, the control is disabled, or the page
 * prevented the event.
 * @param {HTMLElement} host  @param {string} id
 * @param {{tags: {id: string, label: string, removable: boolean}[], disabled: boolean}} state
 */
export function requestRemoval(host, id, { tags, disabled }) {
  if (disabled || !removable(tags, id)) return null;
  const index = tags.findIndex((tag) => tag.id === id);
  const title = tags[index].label;
  const event = new CustomEvent("remove", { bubbles: true, composed: true, cancelable: true, detail: { id, title } });
  if (!host.dispatchEvent(event)) return null;
  const neighbour = tags[index + 1] ?? tags[index - 1] ?? null;
  return { id, title, neighbour: neighbour?.id ?? null };
}

/**
 * Focus to the neighbour's capsule (`buttons`: the view's), or the host when no tag is left.
 * Also after a click, whatever the engine did with the clicked control's focus (Safari on macOS
 * focuses no clicked button): the user's place in the cloud is where the tag was.
 */
export function focusNeighbour(host, buttons, neighbour) {
  const button = neighbour !== null ? buttons.find((candidate) => candidate.dataset.tagId === neighbour) : null;
  if (button) {
    button.focus();
    return;
  }
  if (!host.hasAttribute("tabindex")) host.tabIndex = -1;
  host.focus();
}
