// The backdrop controller (web/src/element/backdrop-controller.js) without a DOM: it derives the
// view's backdrop state from the frame's height it is handed (no closure over the layout), learns
// once per cause, never per update, and hands no map while the appearance is forced.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import './support/element-base.mjs';
import { BackdropController } from '../../web/src/element/backdrop-controller.js';

globalThis.ResizeObserver ??= class { observe() {} unobserve() {} disconnect() {} };

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
  await new Promise((resolve) => setTimeout(resolve, 200));
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
