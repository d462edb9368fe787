// Runs the native `tagcloud layout` (the debug build that `make test` has just made) on many
// requests and reports each outcome in the loader's terms. The requests of one line go through
// `tagcloud layout --lines` (one process for many: a process each costs 5 to 10 ms), a request
// with a newline byte (JSON whitespace the parity test's generator writes on purpose) through
// `tagcloud layout` alone, a few processes at a time.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { nativeBinary } from './paths.mjs';

export const nativeAvailable = existsSync(nativeBinary);

const ERROR_PREFIX = 'tagcloud layout: ';

/**
 * Runs `tagcloud ARGS` with `input` on stdin: `{status, signal, stdout, stderr}` once it exits
 * (stdout a Buffer, stderr text).
 */
function runBinary(args, input) {
  return new Promise((resolve, reject) => {
    const child = spawn(nativeBinary, args, { stdio: ['pipe', 'pipe', 'pipe'] });
    const out = [];
    const err = [];
    child.stdout.on('data', (chunk) => out.push(chunk));
    child.stderr.on('data', (chunk) => err.push(chunk));
    child.on('error', reject);
    child.stdin.on('error', () => {}); // the child may refuse input early; its exit says why
    child.on('close', (status, signal) =>
      resolve({ status, signal, stdout: Buffer.concat(out), stderr: Buffer.concat(err).toString('utf8') }));
    child.stdin.end(input);
  });
}

/**
 * One request through `tagcloud layout`: `{ok: true, bytes}` with the stdout line, or
 * `{ok: false, message}` with the stderr line minus its prefix. Anything else (a crash, a
 * signal, output on both streams) is an `{ok: false, message: 'native …'}` that no Wasm outcome
 * can equal, so the parity test reports it.
 */
async function runOne(request) {
  const { status, signal, stdout, stderr } = await runBinary(['layout'], request);
  if (status === 0 && stderr === '' && stdout.at(-1) === 0x0a) {
    // `tagcloud layout` ends its response with a newline; the response is the rest.
    return { ok: true, bytes: new Uint8Array(stdout.subarray(0, -1)) };
  }
  if (status === 65 && stdout.length === 0 && stderr.startsWith(ERROR_PREFIX) && stderr.endsWith('\n')) {
    return { ok: false, message: stderr.slice(ERROR_PREFIX.length, -1) };
  }
  return { ok: false, message: `native exit ${status} ${signal ?? ''}: ${stderr}` };
}

const ERROR_LINE = '{"error":';

/**
 * Requests of one line each through one `tagcloud layout --lines`: an outcome per request, its
 * output line (`{ok: true, bytes}`, or `{ok: false, message}` from `{"error":"…"}`). The process
 * must answer every line and exit 0, or 65 when it refused any; anything else fails every outcome
 * of the batch with an `{ok: false, message: 'native …'}` that no Wasm outcome can equal.
 */
async function runLines(requests) {
  const input = Buffer.concat(requests.flatMap((request) => [request, Buffer.from('\n')]));
  const { status, signal, stdout, stderr } = await runBinary(['layout', '--lines'], input);
  const lines = stdout.toString('latin1').split('\n');
  const answered = lines.pop() === '' && lines.length === requests.length;
  if (!answered || (status !== 0 && status !== 65)) {
    const failure = { ok: false, message: `native --lines exit ${status} ${signal ?? ''}, ${lines.length} lines for ${requests.length}: ${stderr}` };
    return requests.map(() => failure);
  }
  return lines.map((line) => {
    const bytes = Buffer.from(line, 'latin1');
    return line.startsWith(ERROR_LINE) ? { ok: false, message: JSON.parse(bytes.toString('utf8')).error } : { ok: true, bytes: new Uint8Array(bytes) };
  });
}

/**
 * Runs every request; outcomes in request order. One-line requests in `parallel` batches of
 * `tagcloud layout --lines`, the others `parallel` processes at a time.
 */
export async function runNative(requests, parallel = Math.max(2, availableParallelism())) {
  const outcomes = new Array(requests.length);
  const oneLine = [];
  const alone = [];
  requests.forEach((request, index) => (request.includes(0x0a) ? alone : oneLine).push(index));
  const batches = Array.from({ length: Math.min(parallel, oneLine.length) }, (_, b) => oneLine.filter((_, i) => i % parallel === b));
  const batched = Promise.all(batches.map(async (batch) => {
    const answers = await runLines(batch.map((index) => requests[index]));
    batch.forEach((index, i) => { outcomes[index] = answers[i]; });
  }));
  let next = 0;
  const worker = async () => {
    while (next < alone.length) {
      const index = alone[next++];
      outcomes[index] = await runOne(requests[index]);
    }
  };
  await Promise.all([batched, ...Array.from({ length: Math.min(parallel, alone.length) }, worker)]);
  return outcomes;
}
