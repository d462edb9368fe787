// The module's allocator through its exports (tc_alloc, tc_free, tc_live_bytes): blocks never
// overlap, are 16-byte aligned, are all handed back, are reused, and a request too big for
// wasm32 memory gets 0 rather than a trap.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { test } from 'node:test';
import { wasmURL } from './support/paths.mjs';
import { seeded } from './support/random.mjs';

async function instance() {
  const { instance } = await WebAssembly.instantiate(await readFile(wasmURL), {});
  return instance.exports;
}

test('random allocations never overlap, stay aligned, and all come back', async () => {
  const e = await instance();
  const random = seeded(0xa110c);
  const baseline = e.tc_live_bytes();
  const live = new Map(); // pointer -> [size, fill byte]
  const check = (pointer) => {
    const [size, fill] = live.get(pointer);
    const view = new Uint8Array(e.memory.buffer, pointer, size);
    assert.ok(view.every((byte) => byte === fill), `block ${pointer} (${size} bytes) was overwritten`);
  };
  let footprint = 0;
  for (let cycle = 0; cycle < 3; cycle++) {
    for (let step = 0; step < 4000; step++) {
      if (live.size > 0 && random.chance(0.45)) {
        const pointers = [...live.keys()];
        const pointer = pointers[random.int(0, pointers.length - 1)];
        check(pointer);
        live.delete(pointer);
        e.tc_free(pointer);
      } else {
        const size = random.chance(0.02) ? random.int(0, 300_000) : random.int(0, 600);
        const pointer = e.tc_alloc(size);
        assert.notEqual(pointer, 0);
        assert.equal(pointer % 16, 0, 'payloads are 16-byte aligned');
        const fill = step & 0xff;
        new Uint8Array(e.memory.buffer, pointer, size).fill(fill);
        live.set(pointer, [size, fill]);
      }
    }
    for (const pointer of live.keys()) {
      check(pointer);
      e.tc_free(pointer);
    }
    live.clear();
    assert.equal(e.tc_live_bytes(), baseline, 'every block was handed back');
    if (cycle === 0) footprint = e.memory.buffer.byteLength;
  }
  // The same random workload again reuses freed blocks: at most a little more memory.
  assert.ok(e.memory.buffer.byteLength <= 2 * footprint, 'freed blocks are reused');
});

test('the same allocation pattern repeated does not grow memory', async () => {
  const e = await instance();
  const sizes = [24, 1000, 7, 70_000, 300, 300, 5];
  const round = () => sizes.map((size) => e.tc_alloc(size)).forEach((p) => e.tc_free(p));
  round();
  const bytes = e.memory.buffer.byteLength;
  for (let i = 0; i < 10_000; i++) round();
  assert.equal(e.memory.buffer.byteLength, bytes);
});

test('impossible sizes get 0, not a trap, and the allocator still works after', async () => {
  const e = await instance();
  assert.equal(e.tc_alloc(-1), 0);
  assert.equal(e.tc_alloc(0x7fff_ffff), 0);
  e.tc_free(0); // freeing nothing is allowed
  const pointer = e.tc_alloc(100);
  assert.notEqual(pointer, 0);
  e.tc_free(pointer);
});
