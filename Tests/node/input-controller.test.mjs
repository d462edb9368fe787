// The cloud's input controller (web/src/element/input-controller.js) and the tab stop it moves
// (roving-focus.js), without a browser: fake buttons and a fake cloud, the real Wasm core's hit
// test and navigation. Every pointer, key and focus event leaves as press state, the tab stop or
// one of the host's actions, and what a pointer beside the buttons is on is the core's answer over
// the packed frame on screen.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { loadTagCloudCore } from '../../web/src/core/tagcloud-core.js';
import { InputController } from '../../web/src/element/input-controller.js';
import { RovingFocus } from '../../web/src/element/roving-focus.js';
import { ScreenSnapshot } from '../../web/src/view/screen-snapshot.js';

const CLOUD_ORIGIN = { left: 100, top: 50 };

/** A tag button as the controller reads it; `slot` is the element holding it. */
function fakeButton(id, { disabled = false, refused = false } = {}) {
  const button = {
    dataset: { tagId: id },
    disabled,
    focused: 0,
    offsetWidth: 80,
    offsetHeight: 40,
    rect: { left: 0, top: 0 },
    closest: (selector) => (selector.includes('button[data-tag-id]') ? button : null),
    contains: (node) => node === button,
    getAttribute: (name) => (name === 'aria-disabled' && refused ? 'true' : null),
    getBoundingClientRect: () => button.rect,
    focus: () => { button.focused += 1; },
  };
  return button;
}

/** A control in a slot, by the attribute it carries (`data-remove-id`, `data-row-toggle`). */
function fakeControl(attribute, dataset) {
  const control = { dataset, closest: (selector) => (selector.includes(attribute) ? control : null) };
  return control;
}

/** A cloud of three tags in a row (80 × 40, 10 apart), laid out by the core's packed path. */
async function setUp({ ids = ['a', 'b', 'c'], removable = [], direction = 'ltr' } = {}) {
  const core = await loadTagCloudCore();
  const sizes = new Float64Array(ids.flatMap(() => [80, 40]));
  const laidOut = core.layoutPacked(sizes, { width: 400, spacing: 10 });
  const frame = { count: ids.length, origins: laidOut.origins.slice(), sizes, rows: laidOut.rows.slice() };
  const buttons = ids.map((id, i) => {
    const button = fakeButton(id);
    button.rect = { left: CLOUD_ORIGIN.left + frame.origins[2 * i], top: CLOUD_ORIGIN.top + frame.origins[2 * i + 1] };
    return button;
  });
  const cloud = new EventTarget();
  cloud.getBoundingClientRect = () => CLOUD_ORIGIN;
  const page = new EventTarget();
  const log = [];
  // What the last update put on screen, as the host hands it over: the frame only (the keyboard,
  // as the pointer, needs no JSON layout), no view.
  const tags = ids.map((id) => ({ id, label: id, removable: removable.includes(id) }));
  const shown = { tags, tagsVersion: 1, buttons, frame, direction };
  const screen = new ScreenSnapshot(shown);
  const press = {
    press: (id, x, y) => log.push(['press', id, x, y]),
    release: (id) => log.push(['release', id]),
    hover: (id, beside) => log.push(['hover', id, beside]),
  };
  const hits = [];
  const navigations = [];
  // The page's core, as the input loads it: its hit test and navigation, each call recorded.
  const rules = {
    hitTest: (onScreen, x, y) => {
      hits.push([onScreen, x, y]);
      return core.hitTest(onScreen, x, y);
    },
    navigate: (onScreen, index, key) => {
      navigations.push(key);
      assert.equal(onScreen, frame, 'the keyboard navigates the frame on screen');
      return core.navigate(onScreen, index, key);
    },
  };
  const roving = new RovingFocus();
  let updates = 0;
  const input = new InputController(cloud, {
    press,
    roving,
    loadCore: async () => rules,
    requestUpdate: () => { updates += 1; },
    page,
    actions: {
      toggle: (id) => log.push(['toggle', id]),
      toggleRows: () => log.push(['toggleRows']),
      remove: (id) => log.push(['remove', id]),
      focusEntered: () => log.push(['focusEntered']),
    },
  });
  await input.hostConnected();
  input.shown(screen);
  const at = (x, y) => ({ clientX: CLOUD_ORIGIN.left + x, clientY: CLOUD_ORIGIN.top + y });
  return { core, frame, shown, buttons, cloud, page, log, hits, navigations, roving, input, at, updates: () => updates };
}

test('the module imports without side effects and listens only on the cloud it is given', async () => {
  const { cloud, log, at } = await setUp();
  assert.equal(globalThis.document, undefined, 'no DOM needed to import or construct it');
  // A pointer on the cloud reaches the controller through its listener.
  const event = new Event('pointerdown');
  Object.assign(event, { button: 0, ...at(40, -2) });
  cloud.dispatchEvent(event);
  assert.deepEqual(log[0].slice(0, 2), ['press', 'a']);
});

test('beside the buttons, a press and its click are for the tag the core hit-tests over the frame on screen', async () => {
  const { core, frame, input, cloud, page, log, hits, at } = await setUp();
  // 2 px above tag b (its touch target reaches 3 px beyond the capsule): on the cloud, no button.
  const b = { x: frame.origins[2], y: frame.origins[3] };
  const point = at(b.x + 30, b.y - 2);
  input.handleEvent({ type: 'pointerdown', target: cloud, button: 0, ...point });
  assert.deepEqual(hits.at(-1), [frame, b.x + 30, b.y - 2], 'the frame on screen, in cloud coordinates');
  assert.equal(core.hitTest(frame, b.x + 30, b.y - 2), 1);
  assert.deepEqual(log, [['press', 'b', 30, -2]], 'pressed where it was pressed, in the capsule');
  page.dispatchEvent(new Event('pointerup'));
  assert.deepEqual(log.at(-1), ['release', 'b'], 'the press ends on the page');
  page.dispatchEvent(new Event('pointerup'));
  assert.equal(log.filter(([kind]) => kind === 'release').length, 1, 'one release per press');
  input.handleEvent({ type: 'click', target: cloud, ...point });
  assert.deepEqual(log.at(-1), ['toggle', 'b']);
  // A click beside tag c that was pressed beside tag b (a drag between them) toggles nothing.
  const c = { x: frame.origins[4], y: frame.origins[5] };
  input.handleEvent({ type: 'click', target: cloud, ...at(c.x + 5, c.y + 41) });
  assert.deepEqual(log.at(-1), ['toggle', 'b']);
  // In the gap between two capsules: no tag.
  input.handleEvent({ type: 'pointerdown', target: cloud, button: 0, ...at(b.x - 5, b.y + 20) });
  assert.deepEqual(log.at(-1), ['toggle', 'b'], 'nothing pressed in the gap');
});

test('on a button no hit test runs; a secondary button, a disabled tag and a frame not yet placed press nothing', async () => {
  const { shown, buttons, input, cloud, log, hits, at } = await setUp();
  input.handleEvent({ type: 'pointerdown', target: buttons[2], button: 0, ...at(200, 10) });
  assert.equal(hits.length, 0);
  assert.deepEqual(log.at(-1).slice(0, 2), ['press', 'c']);
  input.handleEvent({ type: 'click', target: buttons[2], ...at(200, 10) });
  assert.deepEqual(log.at(-1), ['toggle', 'c']);
  const before = log.length;
  input.handleEvent({ type: 'pointerdown', target: buttons[0], button: 2, ...at(10, 10) });
  buttons[1].disabled = true;
  input.handleEvent({ type: 'pointerdown', target: buttons[1], button: 0, ...at(100, 10) });
  input.handleEvent({ type: 'click', target: buttons[1], ...at(100, 10) });
  input.shown(new ScreenSnapshot({ ...shown, frame: null })); // CSS lays the tags out: a touch target is the button's own box
  input.handleEvent({ type: 'pointerdown', target: cloud, button: 0, ...at(10, -2) });
  assert.equal(log.length, before);
  assert.equal(hits.length, 0);
});

test('a hover beside a capsule is its touch target (the pointer cursor), on it not; a touch never hovers', async () => {
  const { frame, buttons, input, cloud, log, at } = await setUp();
  const a = { x: frame.origins[0], y: frame.origins[1] };
  input.handleEvent({ type: 'pointermove', target: cloud, pointerType: 'mouse', ...at(a.x + 10, a.y + 42) });
  assert.deepEqual(log.at(-1), ['hover', 'a', true]);
  input.handleEvent({ type: 'pointermove', target: buttons[0], pointerType: 'mouse', ...at(a.x + 10, a.y + 10) });
  assert.deepEqual(log.at(-1), ['hover', 'a', false]);
  input.handleEvent({ type: 'pointermove', target: cloud, pointerType: 'touch', ...at(a.x + 10, a.y + 42) });
  assert.deepEqual(log.at(-1), ['hover', 'a', false]);
  input.handleEvent({ type: 'pointerleave', target: cloud });
  assert.deepEqual(log.at(-1), ['hover', null, false]);
});

test('arrows go where the core navigates: the tab stop, focus and an update; modified keys are the browser\'s', async () => {
  const { buttons, input, roving, log, updates } = await setUp();
  const tags = buttons.map((button) => ({ id: button.dataset.tagId }));
  let prevented = 0;
  const key = (target, keyName, extra = {}) =>
    input.handleEvent({ type: 'keydown', target, key: keyName, preventDefault: () => { prevented += 1; }, ...extra });
  key(buttons[0], 'ArrowRight');
  assert.equal(roving.activeIn(tags), 1);
  assert.equal(buttons[1].focused, 1);
  assert.equal(updates(), 1);
  key(buttons[1], 'End');
  assert.equal(roving.activeIn(tags), 2);
  key(buttons[2], 'ArrowRight'); // at the edge: stays, the key is still the cloud's
  assert.equal(buttons[2].focused, 1);
  assert.equal(prevented, 3);
  key(buttons[2], 'Home', { ctrlKey: true });
  assert.equal(prevented, 3);
  assert.equal(roving.activeIn(tags), 2);
  assert.equal(log.length, 0, 'arrows press nothing');
});

test('Space and Enter press the focused tag at its centre; Space\'s key-up and focus leaving release it', async () => {
  const { buttons, input, log } = await setUp();
  input.handleEvent({ type: 'keydown', target: buttons[1], key: ' ', repeat: false });
  assert.deepEqual(log.at(-1), ['press', 'b', 40, 20]);
  input.handleEvent({ type: 'keydown', target: buttons[1], key: ' ', repeat: true });
  assert.equal(log.length, 1, 'an auto-repeat presses nothing more');
  input.handleEvent({ type: 'keyup', target: buttons[1], key: ' ' });
  assert.deepEqual(log.at(-1), ['release', 'b']);
  input.handleEvent({ type: 'focusout', target: buttons[2] });
  assert.deepEqual(log.at(-1), ['release', 'c']);
});

test('Delete and Backspace remove a removable tag only; the remove control and the row toggle are actions', async () => {
  const { buttons, input, log } = await setUp({ removable: ['b'] });
  let prevented = 0;
  const key = (target, keyName, extra = {}) =>
    input.handleEvent({ type: 'keydown', target, key: keyName, preventDefault: () => { prevented += 1; }, ...extra });
  key(buttons[0], 'Delete');
  key(buttons[1], 'Delete', { repeat: true });
  key(buttons[1], 'Backspace', { altKey: true });
  assert.equal(log.length, 0);
  key(buttons[1], 'Backspace');
  assert.deepEqual(log, [['remove', 'b']]);
  assert.equal(prevented, 1);
  input.handleEvent({ type: 'click', target: fakeControl('data-remove-id', { removeId: 'c' }) });
  assert.deepEqual(log.at(-1), ['remove', 'c'], 'the control removes its tag (whether it may is the removal\'s to say)');
  input.handleEvent({ type: 'click', target: fakeControl('data-row-toggle', { rowToggle: '' }) });
  assert.deepEqual(log.at(-1), ['toggleRows']);
  assert.ok(!log.some(([kind]) => kind === 'toggle'), 'no tag toggled');
});

test('focus entering a capsule makes it the tab stop and the next update\'s to place; the tab stop stays on its tag', async () => {
  const { buttons, input, roving, log, updates } = await setUp();
  input.handleEvent({ type: 'focusin', target: buttons[2] });
  assert.deepEqual(log, [['focusEntered']]);
  assert.equal(input.takeFocused(), buttons[2], 'the update takes the capsule focus entered');
  assert.equal(input.takeFocused(), null, 'once');
  assert.equal(updates(), 1);
  input.handleEvent({ type: 'focusin', target: buttons[2] });
  assert.equal(updates(), 1, 'the same tab stop again: no update of its own');
  // Tags come and go: the tab stop follows its tag by id, and stays where it was when its tag left.
  assert.equal(roving.activeIn([{ id: 'x' }, { id: 'a' }, { id: 'b' }, { id: 'c' }]), 3);
  assert.equal(roving.activeIn([{ id: 'x' }, { id: 'a' }, { id: 'b' }, { id: 'd' }]), 3);
  input.handleEvent({ type: 'focusin', target: { dataset: {} } });
  assert.equal(log.length, 2, 'focus on something else than a tag is not the input\'s');
});

test('no other module of web/src listens to a pointer, key, focus or click event', async () => {
  // One input controller: a listener for input anywhere else would be a second way in. Seen to
  // fail with a `keydown` listener added to view/kept-nodes.js.
  const { readdirSync, readFileSync } = await import('node:fs');
  const { join, relative } = await import('node:path');
  const root = new URL('../../web/src/', import.meta.url).pathname;
  const walk = (dir) => readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? walk(join(dir, entry.name)) : entry.name.endsWith('.js') ? [join(dir, entry.name)] : []);
  const input = /addEventListener\(\s*["'`](pointer\w*|key\w*|focus\w*|click|dblclick|mouse\w*|touch\w*)["'`]|\.on(pointer|key|focus|click|mouse|touch)\w*\s*=/;
  const listening = walk(root).filter((file) => input.test(readFileSync(file, 'utf8'))).map((file) => relative(root, file));
  assert.deepEqual(listening, []);
});

test('events are read against the screen snapshot last handed over, not a view: a button since gone is no tag', async () => {
  // Seen to fail with the controller reading the first snapshot it was handed (the buttons of
  // tags since removed still toggling).
  const { shown, buttons, input, log, at } = await setUp();
  input.handleEvent({ type: 'click', target: buttons[0], ...at(10, 10) });
  assert.deepEqual(log.at(-1), ['toggle', 'a']);
  // The next update shows b and c only: a's button is gone from the screen.
  const rest = { ...shown, tags: shown.tags.slice(1), tagsVersion: 2, buttons: buttons.slice(1) };
  input.shown(new ScreenSnapshot(rest));
  input.handleEvent({ type: 'click', target: buttons[0], ...at(10, 10) });
  assert.equal(log.length, 1, 'a button of the last screen only');
  input.handleEvent({ type: 'click', target: buttons[2], ...at(200, 10) });
  assert.deepEqual(log.at(-1), ['toggle', 'c']);
});

test('right to left (the screen\'s direction), ← is forward: the core is asked for the next tag', async () => {
  // Seen to fail with the keys not mirrored (← going back in right-to-left reading order).
  const { buttons, input, navigations, roving } = await setUp({ direction: 'rtl' });
  const tags = buttons.map((button) => ({ id: button.dataset.tagId }));
  input.handleEvent({ type: 'keydown', target: buttons[0], key: 'ArrowLeft', preventDefault() {} });
  assert.deepEqual(navigations, ['next']);
  assert.equal(roving.activeIn(tags), 1);
  input.handleEvent({ type: 'keydown', target: buttons[1], key: 'ArrowRight', preventDefault() {} });
  assert.deepEqual(navigations, ['next', 'previous']);
  input.handleEvent({ type: 'keydown', target: buttons[0], key: 'ArrowDown', preventDefault() {} });
  assert.deepEqual(navigations.at(-1), 'down', 'rows are not mirrored');
});

test('the host hands the input no controller and no view: what is on screen comes as a snapshot', async () => {
  // Seen to fail with the input built on `view: this.#view` and closures over the layout
  // controller's hit test and navigation.
  const { readFileSync } = await import('node:fs');
  const { constructorArguments, hostSource } = await import('./support/host-source.mjs');
  const args = constructorArguments('InputController');
  // Actions route a cause (a call); nothing reads another part's state.
  assert.doesNotMatch(args, /this\.#view\s*[,}]|this\.#\w+\.(buttons|indexOf|frame|list|layout|hitTest|navigate|core)\b/, args);
  assert.match(hostSource(), /this\.#input\.shown\(/, 'the update hands the input what it put on screen');
  const source = readFileSync(new URL('../../web/src/element/input-controller.js', import.meta.url), 'utf8');
  assert.doesNotMatch(source, /#view\b/);
});

test('a press in progress ends with the element: released, and the page no longer heard', async () => {
  // Seen to fail with hostDisconnected only removing the page's listener (the capsule left pressed).
  const { buttons, input, page, log, at } = await setUp();
  input.handleEvent({ type: 'pointerdown', target: buttons[1], button: 0, ...at(100, 10) });
  assert.deepEqual(log.at(-1).slice(0, 2), ['press', 'b']);
  input.hostDisconnected();
  assert.deepEqual(log.at(-1), ['release', 'b']);
  page.dispatchEvent(new Event('pointerup'));
  assert.equal(log.filter(([kind]) => kind === 'release').length, 1, 'the page\'s pointerup is not heard any more');
});
