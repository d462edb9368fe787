// The backdrop controller (web/src/element/backdrop-controller.js) without a DOM: it derives the
// view's backdrop state from the frame's height it is handed (no closure over the layout), learns
// once per cause, never per update, and hands no map while the appearance is forced.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import './support/element-base.mjs';
import { BackdropController } from '../../web/src/element/backdrop-controller.js';

// The host's ResizeObserver, kept so that a test can report a resize (a drag's step).
const resizeCallbacks = [];
globalThis.ResizeObserver = class {
  constructor(callback) { resizeCallbacks.push(callback); }
  observe() {}
  unobserve() {}
  disconnect() {}
};
// Animation frames that run only when a test says so.
let frameCallbacks = new Map();
let frameIds = 0;
globalThis.requestAnimationFrame = (callback) => { frameIds += 1; frameCallbacks.set(frameIds, callback); return frameIds; };
globalThis.cancelAnimationFrame = (id) => { frameCallbacks.delete(id); };
function runFrame() {
  const due = frameCallbacks;
  frameCallbacks = new Map();
  for (const callback of due.values()) callback(performance.now());
}
const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function setUp(attributes = {}) {
  const host = {
    attributes,
    isConnected: true,
    updates: 0,
    getAttribute: (name) => host.attributes[name] ?? null,
    requestUpdate: () => { host.updates += 1; },
  };
  const backdrop = new BackdropController(host, { cloud: {}, probe: {}, styled: () => true });
  const heights = [];
  // One learning, as the learner would make it: a map that covers what it was learned for.
  backdrop.learn = () => ({ provisional: false, frameHeight: heights.at(-1), covers: (x, y, w, h) => h <= 200 });
  return { host, backdrop, heights };
}

test('learns once per cause, and again for a frame taller than its map; the same state until something changed', async () => {
  // Seen to fail with the dirty flag left set after a learning (a learning in every update).
  const { host, backdrop, heights } = setUp();
  let learned = 0;
  const learn = backdrop.learn;
  backdrop.learn = () => { learned += 1; return learn(); };
  heights.push(120);
  const first = backdrop.derive(120);
  assert.equal(learned, 1);
  assert.ok(first.map);
  assert.equal(backdrop.derive(120), first, 'nothing changed: the same state, no learning');
  assert.equal(learned, 1);
  backdrop.refresh();
  heights.push(150);
  assert.notEqual(backdrop.derive(150), first);
  assert.equal(learned, 2);
  // A frame taller than the map covers: learned again once the box holds still.
  const updates = host.updates;
  backdrop.derive(300);
  await wait(200);
  runFrame();
  runFrame();
  assert.equal(host.updates, updates + 1, 'an update asked for the learning');
  backdrop.derive(300);
  assert.equal(learned, 3);
});

test('a forced appearance hands no map', () => {
  const { backdrop } = setUp({ appearance: 'dark' });
  const state = backdrop.derive(100);
  assert.equal(state.map, null);
  assert.equal(state.appearance, 'dark');
});

test('a drag whose frames come slower than the quiet time is learned once it holds still for two frames', async () => {
  // Seen to fail with the learning asked for when the quiet time alone has passed (a learning in
  // every other frame of a 1,000-tag drag on a loaded machine).
  const { host, backdrop, heights } = setUp();
  heights.push(120);
  backdrop.derive(120);
  const resized = resizeCallbacks.at(-1);
  const updates = host.updates;
  for (let step = 0; step < 3; step += 1) {
    resized(); // the drag's step in this frame
    await wait(180); // a slow frame: longer than the quiet time
    runFrame(); // the next frame comes with the drag's next step (below), before the second
  }
  assert.equal(host.updates, updates, 'a learning asked for between two steps of the drag');
  resized();
  await wait(180);
  runFrame();
  assert.equal(host.updates, updates, 'asked for after one frame without a step');
  runFrame();
  assert.equal(host.updates, updates + 1, 'not asked for once the drag held still for two frames');
});
