// What a frame put on screen (web/src/view/screen-snapshot.js), as the view hands it back from
// writeFrame: immutable, the same object while it shows the same, and a new one for a new frame
// over the same buttons keeps their index (a drag makes one per frame).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ScreenSnapshot } from '../../web/src/view/screen-snapshot.js';

test('a screen snapshot is frozen, the same object while nothing of it changes, and finds its buttons', () => {
  // Seen to fail with `next` always making a new snapshot (every update a new object for the
  // input and the selection), and with indexOf matching a button by its tag id only.
  const tags = [{ id: 'a' }, { id: 'b' }];
  const buttons = [{ dataset: { tagId: 'a' } }, { dataset: { tagId: 'b' } }];
  const frame = { count: 2 };
  const shown = { tags, tagsVersion: 1, buttons, frame, direction: 'ltr' };
  const screen = ScreenSnapshot.NONE.next(shown);
  assert.ok(Object.isFrozen(screen) && Object.isFrozen(ScreenSnapshot.NONE));
  assert.throws(() => { screen.frame = null; }, TypeError);
  assert.equal(screen.next({ ...shown }), screen, 'the same tags, buttons, frame and direction: the same object');
  assert.equal(screen.indexOf(buttons[1]), 1);
  assert.equal(screen.indexOf({ dataset: { tagId: 'b' } }), -1, 'another node with the same tag id is no button of this screen');
  assert.equal(ScreenSnapshot.NONE.indexOf(buttons[0]), -1);
  const moved = screen.next({ ...shown, frame: { count: 2 } });
  assert.notEqual(moved, screen);
  assert.equal(moved.indexOf(buttons[0]), 0);
  assert.equal(screen.frame, frame, 'the snapshot before is left as it was');
  const rtl = moved.next({ ...shown, frame: moved.frame, direction: 'rtl' });
  assert.equal(rtl.direction, 'rtl');
  const fewer = rtl.next({ tags: tags.slice(1), tagsVersion: 2, buttons: buttons.slice(1), frame: null, direction: 'rtl' });
  assert.equal(fewer.indexOf(buttons[1]), 0, 'other buttons: their own index');
  assert.equal(fewer.indexOf(buttons[0]), -1);
});
