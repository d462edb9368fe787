// web/examples/embed.html: the Wasm core alone, without <glass-tag-cloud> (no inline scripts: CSP script-src 'self').

import { loadTagCloudCore } from '../src/core/tagcloud-core.js';

const core = await loadTagCloudCore();
const tags = [['SwiftUI', 215], ['Animation', 330], ['Layout', 30], ['Glass', 175],
  ['Gestures', 275], ['Symbols', 130], ['Charts', 0], ['Navigation', 240], ['Metal', 155],
  ['Widgets', 50]];
const selection = new Set(['SwiftUI']);
const cloud = document.querySelector('.cloud');

// The core sizes each capsule from its label's metrics, measured in the capsule's font.
const measure = document.createElement('canvas').getContext('2d');
measure.font = '600 15px system-ui, -apple-system, sans-serif'; // the .tag font
const label = (text) => ({
  width: measure.measureText(text).width,
  words: text.split(' ').map((word) => measure.measureText(word).width),
});

const buttons = tags.map(([id, hue]) => {
  const button = document.createElement('button');
  button.className = 'tag';
  button.textContent = id;
  button.style.setProperty('--hue', hue);
  button.addEventListener('click', () => {
    selection.has(id) ? selection.delete(id) : selection.add(id);
    render('snappy');
  });
  cloud.append(button);
  return button;
});

let response = null;
function render(animation) {
  const reduceMotion = matchMedia('(prefers-reduced-motion: reduce)').matches;
  response = core.layout({
    width: cloud.clientWidth, spacing: 18,
    tags: tags.map(([id]) => ({ id, label: label(id) })),
    selection: [...selection], animation, reduceMotion,
  });
  // The core answers the spring as a CSS linear() easing and its settle time.
  const motion = response.animation;
  cloud.style.setProperty('--settle', motion ? `${motion.settle}s` : '0s');
  cloud.style.setProperty('--easing', motion ? motion.easing : 'linear');
  cloud.style.height = `${response.size[1]}px`;
  response.items.forEach(({ x, y, w, h, selected }, i) => {
    const button = buttons[i];
    button.style.transform = `translate(${x}px, ${y}px)`;
    button.style.width = `${w}px`;
    button.style.height = `${h}px`;
    button.setAttribute('aria-pressed', String(selected));
  });
}

// Arrow keys move focus by the layout's geometry, as the core's navigation rule says; PageUp
// and PageDown to the first tag of the row above or below (the core knows the rows). With a
// modifier the key is the browser's (Ctrl+PageDown switches tabs).
const keys = { ArrowRight: 'next', ArrowLeft: 'previous', ArrowUp: 'up', ArrowDown: 'down',
  Home: 'first', End: 'last', PageUp: 'previousRow', PageDown: 'nextRow' };
cloud.addEventListener('keydown', (event) => {
  const key = keys[event.key];
  if (!key || !response || event.altKey || event.ctrlKey || event.metaKey) return;
  event.preventDefault();
  const next = core.navigate(response, buttons.indexOf(document.activeElement), key);
  if (next >= 0) buttons[next].focus();
});

// Only a new width needs a new layout (the height is ours).
let laidOutWidth = -1;
new ResizeObserver(() => {
  if (cloud.clientWidth === laidOutWidth) return;
  laidOutWidth = cloud.clientWidth;
  render(null);
}).observe(cloud);
