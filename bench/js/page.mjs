// The browser half of bench/py/chromium_runner.py: Chromium's own flex-wrap reflow of the
// workload's boxes, and the Wasm core in the same page, both timed here with performance.now().
//
//   await window.bench.ready;
//   await window.bench.setup(1000);                  // fetches sizes, builds the boxes
//   window.bench.timeReflow(390, { repeats: 7, minSampleMs: 10 });
//   window.bench.timeWasm(390, { repeats: 7, minSampleMs: 10 });
//
// A reflow is timed as the browser does it for a resize: the container's width changes, then a
// read of its height forces style and layout. Call i uses width W - (i mod 4), so every call
// really lays out again.
import { measure, repeatsFor, SPACING, WIDTH_CYCLE } from './timing.mjs';
import { loadTagCloudCore } from '../../web/tagcloud-core.js';

const clock = () => performance.now() * 1e6;
const cloud = document.getElementById('cloud');
let sizes = null;
let count = 0;
let core = null;
let raw = null;

async function load() {
  const bytes = await (await fetch('../../web/tagcloud.wasm')).arrayBuffer();
  core = await loadTagCloudCore(bytes);
  raw = (await WebAssembly.instantiate(bytes, {})).instance.exports;
}

async function setup(n) {
  const response = await fetch(`/workload/sizes-${n}.f64`);
  if (!response.ok) throw new Error(`page: no workload for ${n} tags`);
  sizes = new Float64Array(await response.arrayBuffer());
  count = n;
  const fragment = document.createDocumentFragment();
  for (let i = 0; i < n; i++) {
    const box = document.createElement('div');
    box.style.width = `${sizes[2 * i]}px`;
    fragment.appendChild(box);
  }
  cloud.replaceChildren(fragment);
  return cloud.childElementCount;
}

function cycleOf(width) {
  return Array.from({ length: WIDTH_CYCLE }, (_, k) => width - k);
}

function options({ repeats = 7, minSampleMs = 10 }) {
  return { repeats: repeatsFor(count, repeats), minSampleNs: minSampleMs * 1e6, clock };
}

/** The container's content height at `width`, laid out by Chromium (fractions kept). */
function heightAt(width) {
  cloud.style.width = `${width}px`;
  return cloud.getBoundingClientRect().height;
}

function timeReflow(width, settings) {
  const cycle = cycleOf(width);
  const height = heightAt(width);
  const timing = measure((i) => {
    cloud.style.width = `${cycle[i % WIDTH_CYCLE]}px`;
    return cloud.offsetHeight;
  }, options(settings));
  return { ...timing, height };
}

/** The Wasm core on the same sizes: the loader's `arrange`, and the exported loop alone. */
function timeWasm(width, settings) {
  const cycle = cycleOf(width);
  const height = core.arrange(sizes, width, SPACING).height;
  const loader = measure(
    (i) => core.arrange(sizes, cycle[i % WIDTH_CYCLE], SPACING).height,
    options(settings),
  );
  const input = raw.tc_alloc(8 * (4 * count + 2));
  if (input === 0) throw new Error(`page: module memory exhausted at ${count} tags`);
  const output = input + 16 * count;
  new Float64Array(raw.memory.buffer, input, 2 * count).set(sizes);
  const kernel = measure((i) => {
    raw.tc_arrange(input, count, cycle[i % WIDTH_CYCLE], SPACING, output);
    return 0;
  }, options(settings));
  raw.tc_free(input);
  return { arrange: { ...loader, height }, 'arrange-kernel': { ...kernel, height } };
}

function teardown() {
  cloud.replaceChildren();
  sizes = null;
  count = 0;
}

window.bench = { ready: load(), setup, timeReflow, timeWasm, teardown };
