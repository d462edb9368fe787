// The browser half of bench/py/chromium_runner.py: Chromium's own flex-wrap reflow of the
// workload's boxes, and the Wasm core in the same page beside its plain-JavaScript peer (the
// same flow loop, bench/js/flow_peer.mjs, on the same Float64Array as the loader's `arrange()`:
// the core's own view from `sizesBuffer`). The runner times batches of calls by
// the renderer main thread's CPU time (DevTools' Performance.getMetrics, ThreadTime); the page
// also returns each batch's performance.now() duration.
//
//   await window.bench.ready;
//   await window.bench.setup(1000);          // fetches sizes, builds the boxes and Wasm buffers
//   window.bench.heights(390);               // {reflow, arrange, kernel, js}: the cloud's height
//   window.bench.run('reflow', 390, 64);     // 64 calls; returns the wall-clock ns they took
//
// A reflow is what a browser does for a resize: the container's width changes, then a read of
// its height forces style and layout. Call i uses width W - (i mod 4), so every call really
// lays out again.
import { SPACING, WIDTH_CYCLE } from './timing.mjs';
import { loadTagCloudCore } from '../../web/src/core/tagcloud-core.js';
import { flowInJavaScript } from './flow_peer.mjs';

const cloud = document.getElementById('cloud');
let sizes = null; // the workload, caller-owned (the copying path)
let view = null; // the same sizes in the core's own buffer (the packed path)
let origins = null; // the copying path's output buffer, kept as a resizing page keeps it
let peerOrigins = null; // the JavaScript peer's output buffer
let count = 0;
let core = null;
let raw = null;
let input = 0;
let output = 0;

async function load() {
  const bytes = await (await fetch('../../web/tagcloud.wasm')).arrayBuffer();
  core = await loadTagCloudCore(bytes);
  raw = (await WebAssembly.instantiate(bytes, {})).instance.exports;
}

async function setup(n) {
  const response = await fetch(`/workload/sizes-${n}.f64`);
  if (!response.ok) throw new Error(`page: no workload for ${n} tags`);
  sizes = new Float64Array(await response.arrayBuffer());
  origins = new Float64Array(sizes.length);
  peerOrigins = new Float64Array(sizes.length);
  view = core.sizesBuffer(n);
  view.set(sizes);
  count = n;
  const fragment = document.createDocumentFragment();
  for (let i = 0; i < n; i++) {
    const box = document.createElement('div');
    box.style.width = `${sizes[2 * i]}px`;
    fragment.appendChild(box);
  }
  cloud.replaceChildren(fragment);
  // The export's buffers live in module memory for the whole count: sizes copied in once.
  input = raw.tc_alloc(8 * (4 * n + 2));
  if (input === 0) throw new Error(`page: module memory exhausted at ${n} tags`);
  output = input + 16 * n;
  new Float64Array(raw.memory.buffer, input, 2 * n).set(sizes);
  view = core.sizesBuffer(n); // live again if the allocation above grew memory
  return cloud.childElementCount;
}

/** The cloud's height at `width` by each engine of the page (Chromium keeps fractions). */
function heights(width) {
  cloud.style.width = `${width}px`;
  raw.tc_arrange(input, count, width, SPACING, output);
  return {
    reflow: cloud.getBoundingClientRect().height,
    arrange: core.arrange(view, width, SPACING).height,
    'arrange-copy': core.arrange(sizes, width, SPACING).height,
    js: flowInJavaScript(view, width, SPACING, peerOrigins).height,
    kernel: new Float64Array(raw.memory.buffer, output + 16 * count, 2)[1],
  };
}

const bodies = {
  reflow: (width) => {
    cloud.style.width = `${width}px`;
    return cloud.offsetHeight;
  },
  arrange: (width) => core.arrange(view, width, SPACING).height,
  'arrange-copy': (width) => core.arrange(sizes, width, SPACING, origins).height,
  'js-flow': (width) => flowInJavaScript(view, width, SPACING, peerOrigins).height,
  'arrange-kernel': (width) => {
    raw.tc_arrange(input, count, width, SPACING, output);
    return 0;
  },
};

/** Runs `iterations` calls of `op`; returns the wall-clock nanoseconds they took. */
function run(op, width, iterations) {
  const body = bodies[op];
  if (!body) throw new Error(`page: unknown op ${op}`);
  const cycle = Array.from({ length: WIDTH_CYCLE }, (_, k) => width - k);
  let sink = 0;
  const start = performance.now();
  for (let i = 0; i < iterations; i++) sink += body(cycle[i % WIDTH_CYCLE]);
  const wall = (performance.now() - start) * 1e6;
  if (Number.isNaN(sink)) throw new Error('page: a body returned NaN');
  return wall;
}

function teardown() {
  cloud.replaceChildren();
  if (input) raw.tc_free(input);
  input = output = 0;
  sizes = view = null;
  count = 0;
}

window.bench = { ready: load(), setup, heights, run, teardown };
