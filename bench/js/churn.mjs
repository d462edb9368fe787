// The browser half of bench/py/page_churn.py: tags inserted into a laid-out cloud one per
// animation frame, then removed again one per frame, in the subject drag.mjs set up.
//
//   await window.drag.setup('element', 1000, 10);
//   window.churn.prepare(1000, 100);  // the changes, made ready outside the measurement
//   window.churn.prepare(1000, 100, { motion: true });  // chips: each change shown with motion (below)
//   await window.churn.insert();      // [frame intervals, ms]: 100 tags, spread over the cloud
//   await window.churn.remove();      // the same 100 again, in the order they came
//   window.churn.check(1000);         // throws unless 1,000 tags are shown, laid out
//
// The element gets each new tag list through its public `tags` property, as a page gives it,
// and shows the change as it does for a page: the inserted capsule grows in (the removed one
// shrinks away) on the core's spring, every frame of that motion a layout of the whole flow; the
// chips peer gets a `<button>` inserted into (removed from) its flex-wrap box and has no motion.
// With `motion`, the chips show each change the way a page animates a flex-wrap box (FLIP): the
// chips' places read before and after it, every chip that moved glides from its old place on a
// Web Animation of `translate` (the compositor runs it), an inserted chip scales in and a removed
// one is taken out at once, all over MOTION_MS on an ease-out: the motion the element has, drawn
// the cheapest way plain CSS can, to tell what a motion costs this machine from what the element's
// way of drawing it costs.
// Tag k goes before the original tag ⌊(k + ½)·N / count⌋, so the insertions are spread over the
// whole cloud. Every list and button is made by `prepare`, and `check` runs after, so the
// measured calls do only the changes and what they set going. Each call ends when the subject is
// at rest (`atRest`) after its last change, plus two frames, so that the whole motion and the
// work a change leaves for the next frame (the element lays out in its own animation frame
// callback) are inside the call; it returns the interval of every frame it spanned, so their
// number is the phase's frames. The bench runs in Chromium only: `:state()` needs no fallback.
import { tags } from './drag.mjs';

const box = document.getElementById('box');
const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
const TINTS = ['#64D2FF', '#FF375F', '#30D158', '#FFD60A'];
// A motion is about half a second of the core's `.smooth` spring, timed by the clock, not by
// frames; a minute is far beyond it on any machine, so a phase that takes longer never rests.
const REST_TIMEOUT_MS = 60_000;
const MOTION_MS = 500; // about the core's `.smooth` spring's settle

let plan = null; // { base, count, insertSteps, removeSteps }

function chipFor(tag) {
  const button = document.createElement('button');
  button.type = 'button';
  button.textContent = tag.title;
  button.setAttribute('aria-pressed', 'false');
  button.style.setProperty('--tint', tag.tint);
  return button;
}

/** Shows a change of the chips' box with motion (FLIP): each moved chip glides, `grown` scales in. */
function withMotion(chips, change, grown = null) {
  const before = new Map([...chips.children].map((chip) => [chip, chip.getBoundingClientRect()]));
  change();
  for (const chip of chips.children) {
    const was = before.get(chip);
    if (chip === grown) {
      chip.animate([{ scale: 0 }, { scale: 1 }], { duration: MOTION_MS, easing: 'ease-out' });
      continue;
    }
    if (!was) continue;
    const now = chip.getBoundingClientRect();
    const dx = was.left - now.left;
    const dy = was.top - now.top;
    if (dx === 0 && dy === 0) continue;
    chip.animate([{ translate: `${dx}px ${dy}px` }, { translate: '0 0' }], { duration: MOTION_MS, easing: 'ease-out' });
  }
}

/** The changes of inserting `count` tags into the subject's `base` and removing them again. */
function prepare(base, count, { motion = false } = {}) {
  const original = tags(base);
  const added = Array.from({ length: count }, (_, k) => ({
    tag: { id: `new-${k}`, title: `New ${k}`, tint: TINTS[k % TINTS.length] },
    before: Math.floor(((k + 0.5) * base) / count), // an index into `original`
  }));
  const cloud = box.querySelector('glass-tag-cloud');
  // The list with the first `from`…`to` (exclusive) insertions in it.
  const listWith = (from, to) => {
    const list = [];
    let next = from;
    original.forEach((tag, i) => {
      while (next < to && added[next].before === i) list.push(added[next++].tag);
      list.push(tag);
    });
    return list;
  };
  let insertSteps;
  let removeSteps;
  if (cloud) {
    insertSteps = added.map((_, k) => { const list = listWith(0, k + 1); return () => { cloud.tags = list; }; });
    removeSteps = added.map((_, k) => { const list = listWith(k + 1, count); return () => { cloud.tags = list; }; });
  } else {
    const chips = box.querySelector('.chips');
    const buttons = [...chips.children];
    const made = added.map(({ tag }) => chipFor(tag));
    const insert = (k) => chips.insertBefore(made[k], buttons[added[k].before]);
    insertSteps = made.map((button, k) => (motion ? () => withMotion(chips, () => insert(k), button) : () => insert(k)));
    removeSteps = made.map((button) => (motion ? () => withMotion(chips, () => button.remove()) : () => button.remove()));
  }
  plan = { base, count, insertSteps, removeSteps };
  return true;
}

/**
 * Whether the subject is at rest: for the element, no motion runs (`:state(animating)`) and no
 * removed tag's capsule is left in its shadow tree (`data-departing-id`); for the chips, no
 * animation of theirs runs (none without `motion`).
 */
function atRest() {
  const cloud = box.querySelector('glass-tag-cloud');
  if (cloud) return !cloud.matches(':state(animating)') && !cloud.shadowRoot.querySelector('[data-departing-id]');
  return document.getAnimations().length === 0;
}

async function stream(steps, settle) {
  const intervals = [];
  let last = await frame();
  const next = async () => {
    const now = await frame();
    intervals.push(now - last);
    last = now;
  };
  for (const step of steps) {
    step();
    await next();
  }
  for (let i = 0; i < settle; i++) await next();
  const deadline = performance.now() + REST_TIMEOUT_MS;
  while (!atRest()) {
    if (performance.now() > deadline) throw new Error(`churn: not at rest ${REST_TIMEOUT_MS} ms after the last change`);
    await next();
  }
  await next();
  await next();
  return intervals;
}

const insert = (settle = 0) => stream(plan.insertSteps, settle);
const remove = (settle = 0) => stream(plan.removeSteps, settle);

/** Throws unless the subject shows `count` tags, laid out (the element: by its core). Not measured. */
function check(count) {
  const cloud = box.querySelector('glass-tag-cloud');
  const shown = cloud ? cloud.shadowRoot.querySelectorAll('button[data-tag-id]').length : box.querySelectorAll('.chips > button').length;
  if (shown !== count) throw new Error(`churn: ${shown} tags shown, not ${count}`);
  if (cloud && !(cloud.layoutSource === 'wasm' && cloud.layout?.items.length === count)) {
    throw new Error(`churn: the element's layout (${cloud.layoutSource}) is not the core's of ${count} tags`);
  }
  return true;
}

window.churn = { prepare, insert, remove, check };
