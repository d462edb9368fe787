// Runs the native `tagcloud layout` (the debug build that `make test` has just made) on many
// requests, a few processes at a time, and reports each outcome in the loader's terms.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { nativeBinary } from './paths.mjs';

export const nativeAvailable = existsSync(nativeBinary);

const ERROR_PREFIX = 'tagcloud layout: ';

/**
 * One request through `tagcloud layout`: `{ok: true, bytes}` with the stdout line, or
 * `{ok: false, message}` with the stderr line minus its prefix. Anything else (a crash, a
 * signal, output on both streams) is an `{ok: false, message: 'native …'}` that no Wasm outcome
 * can equal, so the parity test reports it.
 */
function runOne(request) {
  return new Promise((resolve, reject) => {
    const child = spawn(nativeBinary, ['layout'], { stdio: ['pipe', 'pipe', 'pipe'] });
    const out = [];
    const err = [];
    child.stdout.on('data', (chunk) => out.push(chunk));
    child.stderr.on('data', (chunk) => err.push(chunk));
    child.on('error', reject);
    child.stdin.on('error', () => {}); // the child may refuse input early; its exit says why
    child.on('close', (status, signal) => {
      const stdout = Buffer.concat(out);
      const stderr = Buffer.concat(err).toString('utf8');
      if (status === 0 && stderr === '' && stdout.at(-1) === 0x0a) {
        // `tagcloud layout` ends its response with a newline; the response is the rest.
        resolve({ ok: true, bytes: new Uint8Array(stdout.subarray(0, -1)) });
      } else if (status === 65 && stdout.length === 0 && stderr.startsWith(ERROR_PREFIX) &&
        stderr.endsWith('\n')) {
        resolve({ ok: false, message: stderr.slice(ERROR_PREFIX.length, -1) });
      } else {
        resolve({ ok: false, message: `native exit ${status} ${signal ?? ''}: ${stderr}` });
      }
    });
    child.stdin.end(request);
  });
}

/** Runs every request, `parallel` processes at a time; outcomes in request order. */
export async function runNative(requests, parallel = Math.max(2, availableParallelism())) {
  const outcomes = new Array(requests.length);
  let next = 0;
  const worker = async () => {
    while (next < requests.length) {
      const index = next++;
      outcomes[index] = await runOne(requests[index]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallel, requests.length) }, worker));
  return outcomes;
}
