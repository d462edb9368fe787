// The shared animation frame that runs every cloud's update (web/src/shared/page-resources.js):
// one update per cloud and frame. An update asked for during a frame's own updates (a cloud the
// page changed from its animation frame callback, whose motion asks for the next step) runs in
// the next frame, not again in this one. A fake clock stands in for requestAnimationFrame and
// document.timeline, which share the frame's time as in a browser.
import assert from 'node:assert/strict';
import { test } from 'node:test';

const callbacks = [];
let time = 0;
globalThis.document ??= {};
globalThis.document.timeline = { get currentTime() { return time; } };
globalThis.requestAnimationFrame = (callback) => callbacks.push(callback);
/** The browser's next frame: its time, then every callback asked for before it began. */
function nextFrame(beforeUpdates = () => {}) {
  time += 16;
  const due = callbacks.splice(0);
  beforeUpdates();
  for (const callback of due) callback(time);
}

const { scheduleUpdate, unscheduleUpdate } = await import('../../web/src/shared/page-resources.js');

test('each asked-for update runs once, in the next frame', () => {
  const runs = [];
  scheduleUpdate('a', () => runs.push(['a', time]));
  scheduleUpdate('b', () => runs.push(['b', time]));
  scheduleUpdate('a', () => runs.push(['a again', time])); // the last asked replaces the first, in its place
  nextFrame();
  assert.deepEqual(runs, [['a again', 16], ['b', 16]]);
  nextFrame();
  assert.equal(runs.length, 2);
});

test('an update asked for during this frame, before its callback ran, runs in the next frame', () => {
  const runs = [];
  scheduleUpdate('cloud', () => runs.push(time)); // the motion's next step, asked in the last frame
  // The page's own callback runs first in this frame and updates the cloud at once (a property
  // set, a microtask update), whose motion asks for its next step: that belongs to the next frame.
  nextFrame(() => {
    unscheduleUpdate('cloud');
    scheduleUpdate('cloud', () => runs.push(time));
  });
  assert.deepEqual(runs, [], 'the cloud was updated in this frame already');
  nextFrame();
  assert.deepEqual(runs, [time]);
});

test('an update asked for between frames (an event, a timer) runs in the next frame', () => {
  const runs = [];
  nextFrame();
  scheduleUpdate('cloud', () => runs.push(time)); // asked at the last frame's time, after it
  nextFrame();
  assert.deepEqual(runs, [time]);
});
