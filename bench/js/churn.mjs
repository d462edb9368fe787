// The browser half of bench/py/page_churn.py: tags inserted into a laid-out cloud one per
// animation frame, then removed again one per frame, in the subject drag.mjs set up.
//
//   await window.drag.setup('element', 1000, 10);
//   window.churn.prepare(1000, 100);  // the changes, made ready outside the measurement
//   await window.churn.insert();      // [frame intervals, ms]: 100 tags, spread over the cloud
//   await window.churn.remove();      // the same 100 again, in the order they came
//   window.churn.check(1000);         // throws unless 1,000 tags are shown, laid out
//
// The element gets each new tag list through its public `tags` property (what a page does
// today: the element has no insert motion yet, it lays the new list out at once); the chips
// peer gets a `<button>` inserted into (removed from) its flex-wrap box. Tag k goes before the
// original tag ⌊(k + ½)·N / count⌋, so the insertions are spread over the whole cloud. Every
// list and button is made by `prepare`, and `check` runs after, so the measured calls do only the changes. Each call
// ends two frames after its last change, so that work a change leaves for the next frame (the
// element lays out in its own animation frame callback) is inside the call.
import { tags } from './drag.mjs';

const box = document.getElementById('box');
const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
const TINTS = ['#64D2FF', '#FF375F', '#30D158', '#FFD60A'];

let plan = null; // { base, count, insertSteps, removeSteps }

function chipFor(tag) {
  const button = document.createElement('button');
  button.type = 'button';
  button.textContent = tag.title;
  button.setAttribute('aria-pressed', 'false');
  button.style.setProperty('--tint', tag.tint);
  return button;
}

/** The changes of inserting `count` tags into the subject's `base` and removing them again. */
function prepare(base, count) {
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
    insertSteps = added.map(({ before }, k) => () => chips.insertBefore(made[k], buttons[before]));
    removeSteps = made.map((button) => () => button.remove());
  }
  plan = { base, count, insertSteps, removeSteps };
  return true;
}

async function stream(steps) {
  const intervals = [];
  let last = await frame();
  for (const step of steps) {
    step();
    const now = await frame();
    intervals.push(now - last);
    last = now;
  }
  await frame();
  await frame();
  return intervals;
}

const insert = () => stream(plan.insertSteps);
const remove = () => stream(plan.removeSteps);

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
