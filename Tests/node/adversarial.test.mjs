// Hostile requests aimed at the unchecked reads and wrapping arithmetic of the Wasm size work:
// every prefix of a request full of escapes, UTF-8 and numbers (the same refusal as the native
// build), and the limits at their edges (values, depth, tags, string and number lengths).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { requirement } from './support/require.mjs';
import { loadTagCloudCore } from '../../web/src/core/tagcloud-core.js';
import { nativeAvailable, runNative } from './support/native.mjs';

const encoder = new TextEncoder();
const decoder = new TextDecoder();

function outcome(core, bytes) {
  try {
    return { ok: true, text: decoder.decode(core.layoutBytes(bytes)) };
  } catch (error) {
    return { ok: false, message: error.message };
  }
}

const tricky = '{"width": 390.5, "spacing": 1.8e1, "mergeDistance": 0.000012e6, "textScale": 1.25,' +
  ' "tags": [{"id": "\\uD83D\\uDE00é€😀\\"\\\\\\/\\b\\f\\n\\r\\t\\u0000", "size": [96, 40]},' +
  ' {"id": "x", "label": {"width": 46.5, "words": [20, 2e1], "space": 6.5}},' +
  ' {"id": "\\u00e9", "size": [-0, 1e-7]}], "selection": ["é", "x"],' +
  ' "animation": {"duration": 0.6, "bounce": -0.2}, "direction": "rtl", "reduceMotion": false}';

const native = requirement('native', nativeAvailable,
  'the native build .build/debug/tagcloud is missing: run `swift build` (make test does)');

test('every prefix of a tricky request: the native refusal, byte for byte', native.options, native.guard(async () => {
  const core = await loadTagCloudCore();
  const whole = encoder.encode(tricky);
  assert.equal(outcome(core, whole).ok, true, 'the whole request is accepted');
  const prefixes = Array.from({ length: whole.length }, (_, n) => whole.slice(0, n));
  const native = await runNative(prefixes);
  prefixes.forEach((prefix, n) => {
    const wasm = outcome(core, prefix);
    assert.equal(wasm.ok, false, `prefix ${n} accepted`);
    assert.deepEqual(wasm, native[n], `prefix ${n}: ${decoder.decode(prefix)}`);
    assert.ok(Number(/at byte (\d+)$/.exec(wasm.message)[1]) <= n, `prefix ${n}: ${wasm.message}`);
  });
}));

test('many keys, long numbers and strings, deep nesting: as the native build says', native.options, native.guard(async () => {
  const core = await loadTagCloudCore();
  const keys = Array.from({ length: 20000 }, (_, i) => `"${'k'.repeat(i % 50)}${i}":0`);
  const texts = [
    // A duplicate among many keys (sorted, not compared pairwise), at the end and in the middle.
    `{"width":1,"spacing":1,"tags":[],"animation":{${keys.join(',')},"k1":1}}`,
    `{"width":1,"spacing":1,"tags":[{"id":"a","size":[1,1],${keys.slice(0, 50).join(',')},${keys[25]}}]}`,
    // Numbers at and past the 1,100-byte limit; thousands of digits of a halfway value.
    `{"width":0.${'0'.repeat(1097)}1,"spacing":0,"tags":[]}`,
    `{"width":0.${'0'.repeat(1098)}1,"spacing":0,"tags":[]}`,
    `{"width":9007199254740993.${'0'.repeat(1070)}1,"spacing":0,"tags":[]}`,
    `{"width":1${'0'.repeat(1000)}e-1000,"spacing":0,"tags":[]}`,
    `{"width":1e${'9'.repeat(1090)},"spacing":0,"tags":[]}`,
    `{"width":1e-${'9'.repeat(1090)},"spacing":0,"tags":[]}`,
    // Strings at and past the 1 MiB limit, with a 4-byte character straddling it.
    `{"width":1,"spacing":1,"tags":[{"id":"${'a'.repeat(1 << 20)}","size":[1,1]}]}`,
    `{"width":1,"spacing":1,"tags":[{"id":"${'a'.repeat((1 << 20) - 2)}😀","size":[1,1]}]}`,
    `{"width":1,"spacing":1,"tags":[],"${'é'.repeat(40000)}":0}`,
    // Nesting at the limit and one past it.
    `{"width":1,"spacing":1,"tags":[],"selection":${'['.repeat(62)}${']'.repeat(62)}}`,
    `{"width":1,"spacing":1,"tags":[],"selection":${'['.repeat(63)}${']'.repeat(63)}}`,
    `{"width":1,"spacing":1,"tags":[],"selection":${'{"a":'.repeat(63)}0${'}'.repeat(63)}}`,
  ];
  const requests = texts.map((text) => encoder.encode(text));
  const native = await runNative(requests);
  const accepted = requests.filter((request, i) => {
    const wasm = outcome(core, request);
    assert.deepEqual(
      wasm, native[i].ok ? { ok: true, text: decoder.decode(native[i].bytes) } : native[i],
      `request ${i}: ${texts[i].slice(0, 200)}`);
    return wasm.ok;
  }).length;
  assert.equal(accepted, 4, 'the requests within every limit are answered');
}));

test('200,000 tags are laid out; the tag and value limits refuse at their edges', async () => {
  const core = await loadTagCloudCore();
  // A large request laid out whole: 200,000 tags, 5 MB of JSON in, 18 MB out, the module's
  // memory grown to hold them. (800,000, the most such tags within the 4 Mi values, took 8 s
  // here and 42 s beside the other suites; the limits' exact edges are the requests of zeros
  // below, which the reader refuses, or lets through to the next check, without a layout.)
  const tags = (n) => Array.from({ length: n }, (_, i) => `{"id":"${i.toString(36)}","size":[1,1]}`).join(',');
  const text = decoder.decode(core.layoutBytes(encoder.encode(`{"width":1000,"spacing":0,"tags":[${tags(200000)}]}`)));
  assert.ok(text.startsWith('{"size":[1000,200]'), text.slice(0, 100));
  assert.ok(text.includes(`{"id":"${(199999).toString(36)}","x":999,"y":199,`));
  const zeros = (n) => '0,'.repeat(n - 1) + '0';
  assert.throws(() => core.layoutBytes(encoder.encode(`{"tags":[${zeros(1000001)}]}`)),
    { message: 'too many tags (at most 1000000) at byte 8' });
  assert.throws(() => core.layoutBytes(encoder.encode(`{"tags":[${zeros(1000000)}]}`)),
    { message: 'tags[0] must be an object at byte 9' });
  // 4 Mi values in all (the root object and the array are two of them).
  assert.throws(() => core.layoutBytes(encoder.encode(`{"tags":[${zeros((1 << 22) - 2)}]}`)),
    { message: 'too many tags (at most 1000000) at byte 8' });
  const overLimit = `{"tags":[${zeros((1 << 22) - 1)}]}`;
  assert.throws(() => core.layoutBytes(encoder.encode(overLimit)),
    { message: `more than 4194304 values at byte ${overLimit.length - 3}` });
});
