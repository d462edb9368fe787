// Times the Wasm core in node 20 beside its JavaScript peer:
//   wasm-node arrange         the loader's `arrange()` on the core's own view (`sizesBuffer`):
//                             what a page on the packed path calls; nothing copied
//   wasm-node arrange-copy    `arrange()` on a caller-owned Float64Array, origins into `into`
//                             (copy in, copy out)
//   wasm-node layout-packed   `layoutPacked()` on the view: flow, rows and merge groups
//   wasm-node arrange-kernel  the module's `tc_arrange` export alone (the compiled loop)
//   js-node arrange           the peer: the same flow loop in plain JavaScript
//                             (bench/js/flow_peer.mjs) on the same Float64Array as `arrange()`
//
//   node bench/js/wasm_node.mjs DIR COUNTS WIDTHS [REPEATS] [MIN_SAMPLE_MS] [WASM]
//
// One JSON line per (engine, op, n, width). Times are the main thread's CPU time
// (bench/js/thread_clock.mjs), the ops' batches taking turns after a warm-up
// (bench/js/timing.mjs); `process_median_ns` is the whole process's CPU over the same batches
// (V8's compiler and GC threads included), `wall_median_ns` the wall clock's.
import { readFile } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import path from 'node:path';
import { measureInTurns, repeatsFor, SPACING, WIDTH_CYCLE } from './timing.mjs';
import { processCpuNs, threadCpuNs } from './thread_clock.mjs';
import { flowInJavaScript } from './flow_peer.mjs';

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

const wallClock = () => performance.now() * 1e6;

// One node process per tag count: V8 compiles the JavaScript peer for the inputs it has seen, and
// code optimised while the peer ran on 10 tags ran 1,000 tags 1.4× slower than code optimised on
// 1,000 (10.5 µs against 7.6 µs per call here): each count gets a fresh JIT, as a page that lays
// out its own tags would.
if (counts.length > 1) {
  const { spawnSync } = await import('node:child_process');
  for (const n of counts) {
    const child = spawnSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), dir, String(n),
      widthsArg, repeatsArg, minMsArg, ...(wasmArg ? [wasmArg] : [])], { stdio: ['ignore', 'inherit', 'inherit'] });
    if (child.status !== 0) process.exit(child.status ?? 1);
  }
  process.exit(0);
}

const { loadTagCloudCore } = await import(pathToFileURL(path.join(root, 'web/src/core/tagcloud-core.js')));
const wasmBytes = await readFile(wasmPath);
const core = await loadTagCloudCore(wasmBytes);
const { instance } = await WebAssembly.instantiate(wasmBytes, {});
const raw = instance.exports;

for (const n of counts) {
  const bytes = await readFile(path.join(dir, `sizes-${n}.f64`));
  const sizes = new Float64Array(bytes.buffer, bytes.byteOffset, 2 * n).slice();
  // The page's way: the sizes written once into the core's own buffer.
  const view = core.sizesBuffer(n);
  view.set(sizes);
  // The kernel's buffers live in its own instance's memory for the whole count.
  const input = raw.tc_alloc(8 * (4 * n + 2));
  if (input === 0) throw new Error(`wasm_node: module memory exhausted at n=${n}`);
  const output = input + 16 * n;
  new Float64Array(raw.memory.buffer, input, 2 * n).set(sizes);

  for (const width of widths) {
    const cycle = Array.from({ length: WIDTH_CYCLE }, (_, k) => width - k);
    // The caller-owned buffers of the copying path and of the JavaScript peer.
    const origins = new Float64Array(2 * n);
    const peerOrigins = new Float64Array(2 * n);
    const options = {
      repeats: repeatsFor(n, repeats), minSampleNs, clock: threadCpuNs, wallClock, processClock: processCpuNs,
    };
    const packedOptions = { width, spacing: SPACING };
    const ops = [
      ['js-node', 'arrange', (i) => flowInJavaScript(view, cycle[i % WIDTH_CYCLE], SPACING, peerOrigins).height],
      ['wasm-node', 'arrange', (i) => core.arrange(view, cycle[i % WIDTH_CYCLE], SPACING).height],
      ['wasm-node', 'arrange-copy', (i) => core.arrange(sizes, cycle[i % WIDTH_CYCLE], SPACING, origins).height],
      ['wasm-node', 'layout-packed', (i) => {
        packedOptions.width = cycle[i % WIDTH_CYCLE];
        return core.layoutPacked(view, packedOptions).size[1];
      }],
      ['wasm-node', 'arrange-kernel', (i) => {
        raw.tc_arrange(input, n, cycle[i % WIDTH_CYCLE], SPACING, output);
        return 0;
      }, () => new Float64Array(raw.memory.buffer, output + 16 * n, 2)[1]],
    ];
    const heights = ops.map(([, , body, readHeight = body]) => {
      body(0);
      return readHeight(0);
    });
    const timings = measureInTurns(Object.fromEntries(ops.map(([engine, op, body]) => [`${engine} ${op}`, body])), options);
    ops.forEach(([engine, op], k) => {
      const timing = timings[`${engine} ${op}`];
      console.log(JSON.stringify({ engine, op, n, width, clock: 'thread CPU', ...timing, height: heights[k] }));
    });
    // Same results: the loader's origins on the view equal the peer's, bit for bit.
    const ours = core.arrange(view, width, SPACING).origins;
    const theirs = flowInJavaScript(view, width, SPACING, peerOrigins).origins;
    if (!ours.every((value, k) => Object.is(value, theirs[k]))) {
      throw new Error(`wasm_node: arrange() and the JavaScript loop disagree at n=${n}, width=${width}`);
    }
  }
  raw.tc_free(input);
}
