// layout/layout-motion.js: one move is no motion; a second within REST_MS is, until REST_MS after
// the last; `rest` says so once; `start` runs one whatever came before.
import assert from "node:assert/strict";
import test from "node:test";

import { LayoutMotion, REST_MS } from "../../web/src/layout/layout-motion.js";

test("one move alone is no motion; a second within REST_MS is one, until REST_MS after the last", () => {
  const motion = new LayoutMotion();
  assert.equal(motion.move(1000), false);
  assert.equal(motion.moving, false);
  assert.equal(motion.restsAt, null);
  assert.equal(motion.move(1000 + REST_MS + 1), false, "a move long after the last is alone again");
  assert.equal(motion.move(1000 + REST_MS + 17), true);
  assert.equal(motion.restsAt, 1000 + 2 * REST_MS + 17);
  assert.equal(motion.rest(1000 + 2 * REST_MS + 16), false, "not yet at rest");
  assert.equal(motion.moving, true);
  assert.equal(motion.rest(1000 + 2 * REST_MS + 17), true, "at rest REST_MS after the last move");
  assert.equal(motion.moving, false);
  assert.equal(motion.rest(1000 + 3 * REST_MS), false, "said once");
});

test("a started motion runs from then, and a later move keeps it going", () => {
  const motion = new LayoutMotion();
  motion.start(50);
  assert.equal(motion.moving, true);
  assert.equal(motion.restsAt, 50 + REST_MS);
  assert.equal(motion.move(60), true);
  assert.equal(motion.rest(50 + REST_MS), false, "the move at 60 holds it");
  assert.equal(motion.rest(60 + REST_MS), true);
});
