// The glass window's controller (web/src/view/glass-window-controller.js) without a DOM: the
// scrolls it hears are causes, each burst of them one update at once (a microtask: the scroll's
// own frame), and what they asked for is taken by the update for the view's frame, then cleared. A fake
// page gives the window's scroll listener; a fake cloud has no ancestors.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { GlassWindowController } from '../../web/src/view/glass-window-controller.js';

test('scrolls ask for one update at once; the view takes what they asked for, once', async () => {
  // Seen to fail with the asking flag left set (a second burst of scrolls asked for no update).
  const listeners = [];
  globalThis.addEventListener = (type, listener) => listeners.push({ type, listener });
  globalThis.removeEventListener = () => {};
  globalThis.Element ??= class Element {};
  globalThis.document ??= { documentElement: {} };
  let updates = 0;
  const cloud = { isConnected: true, getRootNode: () => ({}) };
  const controller = new GlassWindowController({ updateNow: () => { updates += 1; } }, cloud);
  controller.window.drawn({ x: -Infinity, y: -Infinity, width: Infinity, height: Infinity }); // nothing melts: no move to measure
  const scroll = listeners.find(({ type }) => type === 'scroll').listener;
  scroll({ type: 'scroll', target: {} });
  scroll({ type: 'scroll', target: {} });
  assert.equal(updates, 0, 'not inside the listener');
  await Promise.resolve();
  assert.equal(updates, 1, 'one update for the burst');
  const asked = controller.take();
  assert.deepEqual({ scrolled: asked.scrolled, moved: asked.moved }, { scrolled: true, moved: false });
  assert.equal(asked.window(), controller.window, 'the window the scrolls were heard by, for the view\'s frame');
  const again = controller.take();
  assert.deepEqual({ scrolled: again.scrolled, moved: again.moved }, { scrolled: false, moved: false }, 'cleared once taken');
  scroll({ type: 'scroll', target: {} });
  await Promise.resolve();
  assert.equal(updates, 2);
  controller.hostDisconnected();
});
