// Every module under web/src imports without side effects: in a process without a DOM (no
// `window`, `document`, `matchMedia`, observers, timers…; support/import-probe.mjs), each
// module's import throws nothing, reads or writes no browser global and adds no global. What a
// page offers (media queries, observers, listeners) is taken when an element connects and given
// back when it disconnects (page-resources.js, the controllers). The modules the package declares
// to have side effects (web/package.json `sideEffects`: they define the elements) may only reach
// `customElements` and `CSS` (registering the custom properties its styles ease:
// registered-properties.js).
// Seen to fail: on the modules as they were, it named page-resources.js (its ResizeObserver),
// cloud-view.js, backdrop-controller.js and backdrop-learner.js (`matchMedia`), and every module
// that imports one of them.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { repoRoot } from './support/paths.mjs';

const run = promisify(execFile);
const probe = new URL('./support/import-probe.mjs', import.meta.url);

async function modules(folder) {
  const found = [];
  for (const entry of await readdir(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) found.push(...(await modules(path)));
    else if (entry.name.endsWith('.js')) found.push(path);
  }
  return found.sort();
}

test('every module under web/src imports without a DOM, touching no global', async () => {
  const web = join(repoRoot, 'web');
  const declared = new Set(JSON.parse(await readFile(join(web, 'package.json'), 'utf8')).sideEffects
    .map((path) => join(web, path)));
  const files = await modules(join(web, 'src'));
  assert.ok(files.length > 40, `found ${files.length} modules`);
  const failures = [];
  // Two at a time: each is a node process of its own.
  for (let i = 0; i < files.length; i += 2) {
    await Promise.all(files.slice(i, i + 2).map(async (file) => {
      const { stdout } = await run(process.execPath, [probe.pathname, pathToFileURL(file).href]);
      const { touched, added, error } = JSON.parse(stdout);
      const allowed = declared.has(file) ? ['customElements', 'CSS'] : [];
      const stray = touched.filter((name) => !allowed.includes(name));
      const name = relative(repoRoot, file);
      if (error) failures.push(`${name} threw: ${error.split('\n')[0]}`);
      if (stray.length) failures.push(`${name} touched ${stray.join(', ')}`);
      if (added.length) failures.push(`${name} added the globals ${added.join(', ')}`);
    }));
  }
  assert.deepEqual(failures, []);
});
