// The JSON path through the loader: plain objects in and out, the core's refusals as Errors,
// the fast path agreeing with it, the motion rules, and recovery from a trap.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { test } from 'node:test';
import { loadTagCloudCore } from '../../web/src/core/tagcloud-core.js';
import { seeded } from './support/random.mjs';

const demo = JSON.parse(await readFile(new URL('../../docs/examples/demo-request.json', import.meta.url)));

test('layout takes and returns the protocol\'s plain objects', async () => {
  const core = await loadTagCloudCore();
  const response = core.layout({
    width: 200, spacing: 18, tags: [{ id: 'SwiftUI', size: [96, 40] }, { id: 'Layout', size: [120, 40] }],
    selection: ['Layout'],
  });
  assert.deepEqual(response, {
    size: [120, 98],
    items: [
      { id: 'SwiftUI', x: 0, y: 0, w: 96, h: 40, selected: false, touch: [0, -3, 96, 46] },
      { id: 'Layout', x: 0, y: 58, w: 120, h: 40, selected: true, touch: [0, 55, 120, 46] },
    ],
    groups: [[0], [1]],
    rows: [0, 1],
    animation: null,
  });
  assert.deepEqual(core.layout(JSON.stringify(demo)), core.layout(demo), 'JSON text works too');
});

test('a refused request throws an Error with the core\'s message', async () => {
  const core = await loadTagCloudCore();
  assert.throws(() => core.layout({ width: 390, spacing: 18, tags: [{ id: 'A' }] }),
    (error) => error instanceof Error && /^tags\[0\] needs "size" or "label" at byte \d+$/.test(error.message));
  assert.throws(() => core.layout('{"width": 390,'), /at byte 14$/);
  assert.throws(() => core.layoutBytes(new Uint8Array([0xff])), { message: 'unexpected byte 0xFF at byte 0' });
  assert.throws(() => core.layout(undefined), TypeError);
  assert.throws(() => core.layoutBytes('{}'), TypeError);
});

test('the fast path places capsules exactly where the JSON path does', async () => {
  const core = await loadTagCloudCore();
  const random = seeded(0xfa57);
  for (let round = 0; round < 1000; round++) {
    const count = random.int(0, 40);
    const tags = Array.from({ length: count }, (_, i) => ({
      id: `t${i}`,
      size: [random.chance(0.5) ? random.int(0, 200) : random.float(0, 200), random.float(0, 60)],
    }));
    const width = random.pick([null, 0, random.int(1, 600), random.float(0, 600)]);
    const spacing = random.pick([18, 3, random.float(0, 30)]);
    const response = core.layout({ width, spacing, tags });
    const fast = core.arrange(Float64Array.from(tags.flatMap((tag) => tag.size)), width, spacing);
    assert.deepEqual([...fast.origins], response.items.flatMap(({ x, y }) => [x, y]), `round ${round}`);
    assert.deepEqual([fast.width, fast.height], response.size, `round ${round}`);
  }
});

test('motion gives the seed\'s springs with settle time and CSS easing', async () => {
  const core = await loadTagCloudCore();
  const snappy = core.motion('snappy');
  assert.equal(snappy.duration, 0.5);
  assert.equal(snappy.bounce, 0.15);
  assert.ok(snappy.settle > 0.6 && snappy.settle < 0.8, `settle ${snappy.settle}`);
  assert.match(snappy.easing, /^linear\(0, .*, 1\)$/);
  assert.deepEqual(core.motion('spacing'), core.motion({ duration: 0.7, bounce: 0 }));
  assert.equal(core.motion('smooth').bounce, 0);
  assert.equal(core.motion(null), null);
  assert.throws(() => core.motion('wobbly'), /animation/);
  // What a response carries when the request asks for motion is the same thing.
  assert.deepEqual(core.layout({ ...demo, animation: 'snappy' }).animation, snappy);
  assert.equal(core.layout({ ...demo, animation: 'snappy', reduceMotion: true }).animation, null);
});

/**
 * A stand-in module with the loader's exports whose `tc_layout` traps on a 1-byte request, as a
 * bug in the core would: assembled from text by binaryen's wasm-as (a dependency of the build).
 */
function trappingModule() {
  const text = `(module
    (memory (export "memory") 1)
    (data (i32.const 64) "\\02\\00\\00\\00\\00\\00\\00\\00{}")
    (func (export "tc_alloc") (param i32) (result i32) (i32.const 16))
    (func (export "tc_free") (param i32))
    (func (export "tc_live_bytes") (result i32) (i32.const 0))
    (func (export "tc_layout") (param i32 i32) (result i32)
      (if (i32.eq (local.get 1) (i32.const 1)) (then (unreachable)))
      (i32.const 64)))`;
  const bytes = execFileSync('wasm-as', ['-', '-o', '-'], { input: text });
  return new WebAssembly.Module(bytes);
}

test('a trap in the module is an Error, and the core keeps working after it', async () => {
  const core = await loadTagCloudCore(trappingModule());
  await new Promise((resolve) => setTimeout(resolve, 20)); // the spare instance arrives
  assert.deepEqual(core.layout({}), {});
  assert.throws(() => core.layoutBytes(Uint8Array.of(0)), /the core trapped \(unreachable\); it was restarted/);
  assert.deepEqual(core.layout({}), {}, 'the spare instance took over');
  // A second trap before a new spare is ready: a fresh instance is made on the spot.
  assert.throws(() => core.layoutBytes(Uint8Array.of(0)), /trapped/);
  assert.deepEqual(core.layout({}), {});
});
