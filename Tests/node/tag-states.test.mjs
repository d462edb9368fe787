// TagStates (web/src/view/tag-states.js) reads the styles' tint amounts from a capsule's computed
// style, a read that makes the browser recalculate styles. The amounts are the styles', so a tag
// inserted or removed does not read them again; only a kind of capsule not read yet does (the
// first selected one), and a preference or variant change (`forgetTints`).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { TagStates } from '../../web/src/view/tag-states.js';

let reads = 0;
globalThis.getComputedStyle = () => {
  reads += 1;
  return { getPropertyValue: () => '30%' };
};
const button = (name) => ({ name });

test('the tint amounts are read once, not again when tags come and go', () => {
  const states = new TagStates();
  const [a, b, c] = [button('a'), button('b'), button('c')];
  states.retarget([], [a, b]);
  reads = 0;
  assert.equal(states.tintAmounts([a, b])[0], 0.3); // the selected kind: the default till one shows
  assert.equal(reads, 1, 'an unselected capsule read');
  states.retarget([a, b], [a, c, b]); // a tag inserted
  states.tintAmounts([a, c, b]);
  states.retarget([a, c, b], [a, b]); // and removed
  states.tintAmounts([a, b]);
  assert.equal(reads, 1, 'a tag change read the styles again');
  states.forgetTints();
  states.tintAmounts([a, b]);
  assert.equal(reads, 2, 'forgetTints did not read them again');
});
