// web/examples/tag-input.html: a tag input built on <glass-tag-cloud>'s public `tags` property
// (no inline scripts: CSP script-src 'self').
//
// Enter (or Add) adds the field's text as a tag; Backspace in the empty field removes the last
// tag; the cloud's tags are `removable`, so a tag's × (or Delete or Backspace on the focused tag)
// removes that tag through the element itself, which announces it; a tag already in the cloud (compared trimmed, inner spaces collapsed, case-insensitively)
// is refused and said so; an empty field adds nothing. Every change is announced in a polite
// live region, so a screen reader hears what happened without leaving the field.

import '../src/element/glass-tag-cloud.js';

/** The tints new tags take in turn: the seed's palette. */
const TINTS = ['#0A84FF', '#FF375F', '#FF9F0A', '#40C8E0', '#BF5AF2', '#30D158', '#FF453A',
  '#5E5CE6', '#66D4CF', '#FFD60A'];

/** A tag's title as it is kept: trimmed, runs of white space collapsed to one space. */
function tidyTitle(text) {
  return text.trim().replace(/\s+/g, ' ');
}

/** The key two titles are compared by: equal keys are the same tag. */
function titleKey(title) {
  return tidyTitle(title).normalize('NFC').toLowerCase();
}

await customElements.whenDefined('glass-tag-cloud');
const cloud = document.querySelector('#tags');
const field = document.querySelector('#new-tag');
const status = document.querySelector('#tag-status');

// Until the first change the tags are the cloud's <glass-tag> children (shown without this
// script); from then on the `tags` property holds them, read and written whole.

function add() {
  const title = tidyTitle(field.value);
  if (title === '') {
    field.value = '';
    return;
  }
  const tags = cloud.tags;
  const existing = tags.find((tag) => titleKey(tag.title) === titleKey(title));
  if (existing) {
    field.setAttribute('aria-invalid', 'true');
    announce(`“${existing.title}” is already a tag.`, 'refused');
    return;
  }
  cloud.tags = [...tags, { id: title, title, tint: TINTS[tags.length % TINTS.length] }];
  field.value = '';
  field.removeAttribute('aria-invalid');
  announce(`Added “${title}”. ${count(tags.length + 1)}.`);
}

function removeLast() {
  const tags = cloud.tags;
  const last = tags.at(-1);
  if (!last) return;
  cloud.tags = tags.slice(0, -1);
  announce(`Removed “${last.title}”. ${count(tags.length - 1)}.`);
}

function count(n) {
  return n === 1 ? '1 tag' : `${n} tags`;
}

// A polite live region reads a change of its text; the same message twice in a row is not a
// change, so the region is emptied first and filled a moment later.
let pending = 0;
function announce(message, kind = 'done') {
  clearTimeout(pending);
  status.textContent = '';
  status.dataset.kind = kind;
  pending = setTimeout(() => (status.textContent = message), 50);
}

field.addEventListener('keydown', (event) => {
  if (event.altKey || event.ctrlKey || event.metaKey) return;
  // Enter while an input method composes a word confirms the word, not the tag.
  if (event.key === 'Enter' && !event.isComposing) {
    event.preventDefault();
    add();
  } else if (event.key === 'Backspace' && field.value === '' && !event.repeat) {
    // Not on auto-repeat: holding Backspace to clear the text must not go on into the tags.
    event.preventDefault();
    removeLast();
  }
});
field.addEventListener('input', () => field.removeAttribute('aria-invalid'));
document.querySelector('#add-tag').addEventListener('click', () => {
  add();
  field.focus();
});
