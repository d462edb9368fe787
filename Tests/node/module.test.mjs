// The module itself: it imports nothing, fits the 24 KB gzip budget, exports what the loader uses,
// and the committed web/tagcloud.wasm is what the sources build (so `web/` works from a clone).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { repoRoot, wasmURL } from './support/paths.mjs';

// The project's budget (issue 12): the gzip size, the transfer a page pays, measured exactly as
// the project's hook does (`gzip -9 -c web/tagcloud.wasm | wc -c`); there is no raw limit.
// docs/WASM.md ("Size") says where the bytes go and how to find them
// (`scripts/build-wasm.sh --sizes`) when a change pushes the module over. Checked to fail: with
// the budget set to 17,000 bytes this test failed on the 17,5xx-byte module.
const GZIP_BUDGET = 24 * 1024;

/** `gzip -9 -c FILE | wc -c` (Debian's gzip, an essential package; a missing one fails loudly). */
function gzipSize(path) {
  return execFileSync('gzip', ['-9', '-c', path], { maxBuffer: 1 << 26 }).length;
}

test('the module imports nothing', async () => {
  const module = await WebAssembly.compile(await readFile(wasmURL));
  assert.deepEqual(WebAssembly.Module.imports(module), []);
});

test(`the module is at most ${GZIP_BUDGET} bytes gzipped (gzip -9)`, () => {
  const gzipped = gzipSize(fileURLToPath(wasmURL));
  assert.ok(
    gzipped <= GZIP_BUDGET,
    `web/tagcloud.wasm is ${gzipped} bytes gzipped, over the budget by ${gzipped - GZIP_BUDGET}`,
  );
});

test('the module exports its memory and the calls of docs/WASM.md', async () => {
  const module = await WebAssembly.compile(await readFile(wasmURL));
  const exports = WebAssembly.Module.exports(module)
    .map(({ name, kind }) => `${kind} ${name}`)
    .sort();
  assert.deepEqual(exports, [
    'function tc_alloc',
    'function tc_arrange',
    'function tc_free',
    'function tc_hit_test',
    'function tc_layout',
    'function tc_layout_packed',
    'function tc_live_bytes',
    'function tc_navigate',
    'memory memory',
  ]);
});

function git(...args) {
  return execFileSync('git', args, { cwd: repoRoot, encoding: 'buffer', stdio: 'pipe' });
}

test('the committed web/tagcloud.wasm is the one its sources build', async (t) => {
  // `make test` has just rebuilt web/tagcloud.wasm from the working tree. When the inputs are
  // the committed ones, the rebuilt file must be the committed file byte for byte; a difference
  // means someone changed the core and committed a stale module.
  let head;
  try {
    head = git('show', 'HEAD:web/tagcloud.wasm');
  } catch {
    t.skip('not a git checkout with a committed web/tagcloud.wasm');
    return;
  }
  const inputs = ['Sources/TagCloudCore', 'Sources/TagCloudWasm', 'Sources/CWasmRuntime',
    'scripts/build-wasm.sh'];
  const dirty = git('status', '--porcelain', '--', ...inputs).toString().trim();
  if (dirty !== '') {
    t.skip(`the module's inputs have uncommitted changes:\n${dirty}`);
    return;
  }
  const built = await readFile(wasmURL);
  assert.ok(
    built.equals(head),
    'web/tagcloud.wasm differs from the committed one: run `make wasm` and commit it',
  );
});
