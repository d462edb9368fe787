// Times the Wasm core in node 20: the loader's `arrange` (what an app calls: argument checks,
// copy in, copy out) and the module's `tc_arrange` export alone (the compiled loop).
//
//   node bench/js/wasm_node.mjs DIR COUNTS WIDTHS [REPEATS] [MIN_SAMPLE_MS] [WASM]
//
// One JSON line per (op, n, width), engine "wasm-node"; times are this process's CPU time.
import { readFile } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import path from 'node:path';
import { measure, repeatsFor, SPACING, WIDTH_CYCLE } from './timing.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const [dir, countsArg, widthsArg, repeatsArg = '7', minMsArg = '10', wasmArg] =
  process.argv.slice(2);
if (!dir || !countsArg || !widthsArg) {
  console.error('usage: wasm_node.mjs DIR COUNTS WIDTHS [REPEATS] [MIN_SAMPLE_MS] [WASM]');
  process.exit(2);
}
const counts = countsArg.split(',').map(Number);
const widths = widthsArg.split(',').map(Number);
const repeats = Number(repeatsArg);
const minSampleNs = Number(minMsArg) * 1e6;
const wasmPath = wasmArg ?? path.join(root, 'web/tagcloud.wasm');

const cpuClock = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) * 1000;
};
const wallClock = () => performance.now() * 1e6;

const { loadTagCloudCore } = await import(pathToFileURL(path.join(root, 'web/tagcloud-core.js')));
const wasmBytes = await readFile(wasmPath);
const core = await loadTagCloudCore(wasmBytes);
const { instance } = await WebAssembly.instantiate(wasmBytes, {});
const raw = instance.exports;

for (const n of counts) {
  const bytes = await readFile(path.join(dir, `sizes-${n}.f64`));
  const sizes = new Float64Array(bytes.buffer, bytes.byteOffset, 2 * n).slice();
  // The kernel's buffers live in module memory for the whole count: input copied once.
  const input = raw.tc_alloc(8 * (4 * n + 2));
  if (input === 0) throw new Error(`wasm_node: module memory exhausted at n=${n}`);
  const output = input + 16 * n;
  new Float64Array(raw.memory.buffer, input, 2 * n).set(sizes);

  for (const width of widths) {
    const cycle = Array.from({ length: WIDTH_CYCLE }, (_, k) => width - k);
    const height = core.arrange(sizes, width, SPACING).height;
    // The loader as a resizing page uses it: origins into a buffer the page keeps.
    const origins = new Float64Array(2 * n);
    const options = { repeats: repeatsFor(n, repeats), minSampleNs, clock: cpuClock, wallClock };
    const ops = {
      arrange: (i) => core.arrange(sizes, cycle[i % WIDTH_CYCLE], SPACING, origins).height,
      'arrange-kernel': (i) => {
        raw.tc_arrange(input, n, cycle[i % WIDTH_CYCLE], SPACING, output);
        return 0;
      },
    };
    for (const [op, body] of Object.entries(ops)) {
      const timing = measure(body, options);
      console.log(JSON.stringify({ engine: 'wasm-node', op, n, width, ...timing, height }));
    }
  }
  raw.tc_free(input);
}
