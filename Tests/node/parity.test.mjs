// Parity: the Wasm module and the native `tagcloud layout` run the same TagCloudCore, so the
// same request must give byte-identical responses, and the same refusal message.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { requirement } from './support/require.mjs';
import { loadTagCloudCore } from '../../web/src/core/tagcloud-core.js';
import { nativeAvailable, runNative } from './support/native.mjs';
import { seeded } from './support/random.mjs';
import { hostileRequests, randomRequest } from './support/requests.mjs';

const RANDOM_REQUESTS = 2000;
const decoder = new TextDecoder();

function wasmOutcome(core, request) {
  try {
    return { ok: true, bytes: core.layoutBytes(request) };
  } catch (error) {
    return { ok: false, message: error.message };
  }
}

/** Compares every outcome; returns how many were accepted. */
async function assertParity(requests, label) {
  const core = await loadTagCloudCore();
  const native = await runNative(requests);
  let accepted = 0;
  requests.forEach((request, i) => {
    const wasm = wasmOutcome(core, request);
    const where = `${label} ${i}: ${decoder.decode(request.subarray(0, 300))}`;
    if (native[i].ok && wasm.ok) {
      assert.ok(Buffer.from(wasm.bytes).equals(Buffer.from(native[i].bytes)),
        `${where}\n  wasm:   ${decoder.decode(wasm.bytes)}\n  native: ${decoder.decode(native[i].bytes)}`);
      accepted++;
    } else {
      assert.deepEqual(
        wasm.ok ? { ok: true, text: decoder.decode(wasm.bytes) } : wasm,
        native[i].ok ? { ok: true, text: decoder.decode(native[i].bytes) } : native[i],
        where);
    }
  });
  return accepted;
}

const native = requirement('native', nativeAvailable,
  'the native build .build/debug/tagcloud is missing: run `swift build` (make test does)');

test(`${RANDOM_REQUESTS} seeded random requests: byte-identical responses`, native.options, native.guard(async () => {
  const random = seeded(20261130);
  const requests = Array.from({ length: RANDOM_REQUESTS }, () => randomRequest(random));
  const accepted = await assertParity(requests, 'random request');
  // Line breaks as JSON whitespace stay covered, on both paths of the native runner.
  const broken = requests.filter((request) => request.includes(0x0a)).length;
  assert.ok(broken > 0.05 * RANDOM_REQUESTS && broken < 0.5 * RANDOM_REQUESTS,
    `${broken} of ${RANDOM_REQUESTS} requests have a line break in their whitespace`);
  // The generator aims at valid requests: if most were refused, this test would only compare
  // error messages and miss the layout itself.
  assert.ok(accepted > 0.8 * RANDOM_REQUESTS, `only ${accepted} of ${RANDOM_REQUESTS} were accepted`);
}));

test('hostile requests: the same refusal (or answer) on both, and no crash', native.options, native.guard(async () => {
  const requests = hostileRequests();
  const accepted = await assertParity(requests, 'hostile request');
  assert.ok(accepted < requests.length / 4, `${accepted} hostile requests were accepted`);
}));
