// loadTagCloudCore takes every kind of source the docs promise, and refuses the rest clearly.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { relative } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { loadTagCloudCore } from '../../web/src/core/tagcloud-core.js';
import { wasmURL } from './support/paths.mjs';

const sizes = new Float64Array([96, 40, 60, 40, 120, 40]);
const expected = [0, 0, 114, 0, 0, 58];

async function assertWorks(source) {
  const core = await loadTagCloudCore(source);
  assert.deepEqual([...core.arrange(sizes, 200, 18).origins], expected);
}

test('the default source is tagcloud.wasm beside the module (a file: URL in node)', async () => {
  await assertWorks(undefined);
  assert.equal(await loadTagCloudCore(), await loadTagCloudCore(), 'one shared default core');
});

test('a URL, an absolute URL string and a relative path string', async () => {
  await assertWorks(wasmURL);
  await assertWorks(wasmURL.href);
  await assertWorks(relative(process.cwd(), fileURLToPath(wasmURL)));
});

test('an ArrayBuffer, a Uint8Array, a Response, a promise of one, a compiled Module', async () => {
  const bytes = await readFile(wasmURL);
  await assertWorks(new Uint8Array(bytes));
  await assertWorks(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length));
  await assertWorks(new Response(bytes, { headers: { 'content-type': 'application/wasm' } }));
  await assertWorks(new Response(bytes)); // no wasm content type: compiled from its bytes
  await assertWorks(Promise.resolve(new Response(bytes)));
  await assertWorks(await WebAssembly.compile(bytes));
});

test('bad sources fail with a clear error', async () => {
  await assert.rejects(loadTagCloudCore(42), TypeError);
  await assert.rejects(loadTagCloudCore(new Response('gone', { status: 404 })), /404/);
  await assert.rejects(loadTagCloudCore(new Uint8Array([1, 2, 3])), WebAssembly.CompileError);
  await assert.rejects(loadTagCloudCore(new URL('missing.wasm', wasmURL)), /ENOENT/);
});
