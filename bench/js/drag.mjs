// The browser half of bench/py/page_runner.py: one subject in a 700 px box, then a drag that
// narrows the box 3 px per animation frame, recording each frame's interval.
//
//   await window.drag.setup('element', 1000, 10); // <glass-tag-cloud spacing="10">, 1,000 tags
//   await window.drag.setup('chips', 1000, 10);   // 1,000 <button> chips, flex-wrap, gap 10px
//   await window.drag.run(120, 3);                // [frame intervals, ms]; the box back at 700
//
// Subjects hold the same tags (titles and tints). The element gets them through its public
// `tags` property and is ready when it reports a layout from the Wasm core; the chips are
// plain buttons in a `display: flex; flex-wrap: wrap; gap` box, each with
// `backdrop-filter: blur(12px) saturate(180%)`, a tint and a 1 px rim (drag.html).
const box = document.getElementById('box');
const TINTS = ['#0A84FF', '#FF375F', '#FF9F0A', '#40C8E0', '#BF5AF2', '#30D158', '#FF453A',
  '#5E5CE6', '#66D4CF', '#FFD60A'];
const WORDS = ['SwiftUI', 'Animation', 'Layout', 'Glass', 'Gestures', 'Symbols', 'Charts',
  'Navigation', 'Metal', 'Widgets', 'Accessibility', 'Maps', 'Text', 'Core ML'];
const BOX_WIDTH = 700;

/** Tag i: a word (some with a number, so widths vary) and a tint, the same for both subjects. */
export function tags(count) {
  return Array.from({ length: count }, (_, i) => ({
    id: `tag-${i}`,
    title: i < WORDS.length ? WORDS[i] : `${WORDS[i % WORDS.length]} ${i}`,
    tint: TINTS[i % TINTS.length],
  }));
}

const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));

async function setup(subject, count, spacing) {
  box.replaceChildren();
  box.style.width = `${BOX_WIDTH}px`;
  if (subject === 'element') {
    await customElements.whenDefined('glass-tag-cloud');
    const cloud = document.createElement('glass-tag-cloud');
    cloud.setAttribute('spacing', String(spacing));
    cloud.setAttribute('aria-label', 'Tags');
    box.append(cloud);
    cloud.tags = tags(count);
    const deadline = performance.now() + 60_000;
    while (!(cloud.layoutSource === 'wasm' && cloud.shadowRoot?.querySelectorAll('button').length === count)) {
      if (performance.now() > deadline) throw new Error(`drag: the element did not lay out ${count} tags from the core`);
      await frame();
    }
  } else if (subject === 'chips') {
    const chips = document.createElement('div');
    chips.className = 'chips';
    chips.style.gap = `${spacing}px`;
    chips.setAttribute('role', 'group');
    chips.setAttribute('aria-label', 'Tags');
    for (const tag of tags(count)) {
      const button = document.createElement('button');
      button.type = 'button';
      button.textContent = tag.title;
      button.setAttribute('aria-pressed', 'false');
      button.style.setProperty('--tint', tag.tint);
      chips.append(button);
    }
    box.append(chips);
  } else {
    throw new Error(`drag: unknown subject ${subject}`);
  }
  await frame();
  await frame();
  return box.querySelector('glass-tag-cloud, .chips') !== null;
}

/**
 * Narrows the box `step` px per animation frame for `frames` frames; returns the intervals
 * between consecutive frames (ms). Then puts the box back and waits two frames.
 */
async function run(frames, step) {
  const intervals = [];
  let last = await frame();
  for (let i = 1; i <= frames; i++) {
    box.style.width = `${BOX_WIDTH - step * i}px`;
    const now = await frame();
    intervals.push(now - last);
    last = now;
  }
  box.style.width = `${BOX_WIDTH}px`;
  await frame();
  await frame();
  return intervals;
}

window.drag = { setup, run, tags };
