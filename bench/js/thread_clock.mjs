// This thread's CPU time in node 20, in nanoseconds: CLOCK_THREAD_CPUTIME_ID, as the C, Swift
// and Python runners read it. Node 20 has no `process.threadCpuUsage` (node 23.9 added it), and
// `process.cpuUsage()` is the whole process's: it also counts V8's background threads, which
// compile optimised JavaScript (TurboFan) and Wasm (tier-up) and run the garbage collector's
// concurrent and parallel phases while the timed loop runs (bench/README.md, "Clock").
//
//   import { threadCpuNs } from './thread_clock.mjs';
//   const start = threadCpuNs(); work(); const spent = threadCpuNs() - start;
//
// The clock is WASI's `clock_time_get` with clock id 3 (thread CPU time), which node's uvwasi
// answers with clock_gettime(CLOCK_THREAD_CPUTIME_ID) on the calling thread. WASI writes the
// result into a module's memory: a minimal module (one page of memory, an empty `_initialize`)
// lends its memory.
import { WASI } from 'node:wasi';

const utf8 = (text) => [...Buffer.from(text)];
// (module (memory (export "memory") 1) (func (export "_initialize")))
const MODULE = new Uint8Array([
  0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00, // magic, version
  0x01, 0x04, 0x01, 0x60, 0x00, 0x00, // type section: () -> ()
  0x03, 0x02, 0x01, 0x00, // function section: one function of type 0
  0x05, 0x03, 0x01, 0x00, 0x01, // memory section: one memory, min 1 page
  0x07, 0x18, 0x02, // export section, 24 bytes, 2 exports
  0x06, ...utf8('memory'), 0x02, 0x00,
  0x0b, ...utf8('_initialize'), 0x00, 0x00,
  0x0a, 0x04, 0x01, 0x02, 0x00, 0x0b, // code section: an empty body
]);
const CLOCK_PROCESS_CPUTIME = 2;
const CLOCK_THREAD_CPUTIME = 3;

// WASI is "experimental" in node 20 and says so once on stderr; the runner's stdout stays clean.
const wasi = new WASI({ version: 'preview1', returnOnExit: true });
const instance = new WebAssembly.Instance(new WebAssembly.Module(MODULE), {});
wasi.initialize(instance);
const result = new BigUint64Array(instance.exports.memory.buffer, 0, 1);
const clockTimeGet = wasi.wasiImport.clock_time_get;

function read(clock) {
  const errno = clockTimeGet(clock, 0n, 0);
  if (errno !== 0) throw new Error(`thread_clock: clock_time_get(${clock}) failed, WASI errno ${errno}`);
  return Number(result[0]);
}

/** CPU time of the calling thread so far, ns (CLOCK_THREAD_CPUTIME_ID). */
export const threadCpuNs = () => read(CLOCK_THREAD_CPUTIME);
/** CPU time of the whole process so far, ns (every thread: V8's compilers and GC included). */
export const processCpuNs = () => read(CLOCK_PROCESS_CPUTIME);
