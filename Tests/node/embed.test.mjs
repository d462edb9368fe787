// web/examples/embed.html from a plain static file server in headless Chromium: it lays out its
// ten tags with the Wasm core alone, lays them out again when its container narrows, toggles a
// tag with the core's spring easing, and moves focus with the arrow keys, Home/End and
// PageUp/PageDown by the core's rule.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { test } from 'node:test';
import { requirement } from './support/require.mjs';
import { chromiumAvailable, launchChromium } from './support/chromium.mjs';
import { repoRoot } from './support/paths.mjs';

const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml', '.wasm': 'application/wasm' };
const webRoot = join(repoRoot, 'web');

/** A static file server for web/ on a free port of 127.0.0.1. */
async function serveWeb() {
  const server = createServer(async (request, response) => {
    const path = normalize(join(webRoot, decodeURIComponent(new URL(request.url, 'http://x').pathname)));
    try {
      if (!path.startsWith(webRoot)) throw new Error('outside web/');
      const body = await readFile(path);
      response.writeHead(200, { 'content-type': TYPES[extname(path)] ?? 'application/octet-stream' });
      response.end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

// Reads the drawn capsules once the page has settled for two animation frames.
const READ_TAGS = `new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(
  [...document.querySelectorAll('.tag')].map((b) => ({ label: b.textContent,
    pressed: b.getAttribute('aria-pressed') === 'true',
    x: new DOMMatrix(b.style.transform).e, y: new DOMMatrix(b.style.transform).f,
    w: parseFloat(b.style.width), h: parseFloat(b.style.height) }))))))`;

const rows = (tags) => new Set(tags.map((tag) => tag.y)).size;

const chromium = requirement('chromium', chromiumAvailable,
  'no /usr/bin/chromium: apt-get install chromium (make test runs scripts/install-deps.sh)');

test('embed.html: layout, resize, selection with motion, keyboard focus', { ...chromium.options, timeout: 120_000 }, chromium.guard(async (t) => {
  const server = await serveWeb();
  t.after(() => server.close());
  const browser = await launchChromium();
  t.after(() => browser.close());
  await browser.navigate(`http://127.0.0.1:${server.address().port}/examples/embed.html`);
  // The module script awaits the core; wait until the tags are placed.
  await browser.evaluate(`new Promise((done) => { const poll = () =>
    document.querySelector('.tag')?.style.transform ? done() : setTimeout(poll, 20); poll(); })`);

  const wide = await browser.evaluate(READ_TAGS);
  assert.equal(wide.length, 10, 'ten tags drawn');
  assert.deepEqual(wide.filter((tag) => tag.pressed).map((tag) => tag.label), ['SwiftUI']);
  assert.ok(wide.every((tag) => tag.h === 40 && tag.w > 32), 'capsules sized from their labels');
  const right = Math.max(...wide.map((tag) => tag.x + tag.w));
  assert.ok(right <= (await browser.evaluate(`document.querySelector('.cloud').clientWidth`)));

  await browser.evaluate(`document.querySelector('.frame').style.width = '200px'`);
  const narrow = await browser.evaluate(READ_TAGS);
  assert.ok(rows(narrow) > rows(wide), `the narrower container has more rows (${rows(narrow)} vs ${rows(wide)})`);
  assert.ok(narrow.every((tag) => tag.x + tag.w <= 168 || tag.x === 0), 'every row fits, or holds one tag');

  await browser.evaluate(`document.querySelectorAll('.tag')[2].click()`);
  const selected = await browser.evaluate(READ_TAGS);
  assert.deepEqual(selected.filter((tag) => tag.pressed).map((tag) => tag.label), ['SwiftUI', 'Layout']);
  const easing = await browser.evaluate(`getComputedStyle(document.querySelector('.tag')).transitionTimingFunction`);
  assert.match(easing, /^linear\(/, "the transition uses the core's spring as a linear() easing");

  const focusAfter = (key) => browser.evaluate(`(() => {
    document.activeElement.dispatchEvent(new KeyboardEvent('keydown', { key: '${key}', bubbles: true }));
    return [...document.querySelectorAll('.tag')].indexOf(document.activeElement); })()`);
  await browser.evaluate(`document.querySelectorAll('.tag')[0].focus()`);
  assert.equal(await focusAfter('ArrowRight'), 1);
  assert.equal(await focusAfter('End'), 9);
  assert.equal(await focusAfter('Home'), 0);
  const below = await focusAfter('ArrowDown');
  assert.ok(narrow[below].y > narrow[0].y, 'ArrowDown goes to the next row');

  // PageUp/PageDown: the first tag (the leftmost) of the row above or below, in reading order;
  // the first and last rows are edges. Against a plain reference: the rows of the capsules drawn.
  const rowStarts = [...new Set(narrow.map((tag) => tag.y))].sort((a, b) => a - b)
    .map((y) => narrow.findIndex((tag) => tag.y === y));
  assert.ok(rowStarts.length >= 3, `three rows or more to page through (${rowStarts.length})`);
  const rowOf = (index) => rowStarts.findLastIndex((start) => start <= index);
  // From the last tag of the first row, where PageDown is not simply "next" in general.
  await browser.evaluate(`document.querySelectorAll('.tag')[${rowStarts[1] - 1}].focus()`);
  for (let row = 1; row < rowStarts.length; row += 1) {
    assert.equal(await focusAfter('PageDown'), rowStarts[row], `PageDown from row ${row - 1} to the first tag of row ${row}`);
  }
  assert.equal(await focusAfter('PageDown'), rowStarts.at(-1), 'PageDown on the last row stays');
  await browser.evaluate(`document.querySelectorAll('.tag')[9].focus()`);
  assert.equal(await focusAfter('PageUp'), rowStarts[rowOf(9) - 1], 'PageUp from the last tag: the row above');
  for (let row = rowOf(9) - 2; row >= 0; row -= 1) assert.equal(await focusAfter('PageUp'), rowStarts[row]);
  assert.equal(await focusAfter('PageUp'), 0, 'PageUp on the first row stays');
  // With Ctrl the key is the browser's: focus does not move, the default is not prevented.
  const prevented = await browser.evaluate(`(() => {
    const event = new KeyboardEvent('keydown', { key: 'PageDown', ctrlKey: true, bubbles: true, cancelable: true });
    document.activeElement.dispatchEvent(event);
    return [event.defaultPrevented, [...document.querySelectorAll('.tag')].indexOf(document.activeElement)]; })()`);
  assert.deepEqual(prevented, [false, 0]);
}));
