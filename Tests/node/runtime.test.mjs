// The C runtime's libm functions (Sources/CWasmRuntime/math.c), built for wasm32 on their own
// and compared with JavaScript's, which are exact too: `round` with Math.round of the magnitude
// (ties away from zero), `fmod` with `%` (ECMAScript's remainder is C's fmod).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { repoRoot } from './support/paths.mjs';
import { seeded } from './support/random.mjs';

function buildMathModule() {
  const bin = execFileSync('sh', ['-c', 'dirname "$(readlink -f "$(command -v swiftc)")"'])
    .toString().trim();
  const dir = mkdtempSync(join(tmpdir(), 'tagcloud-math-'));
  try {
    execFileSync(join(bin, 'clang'), ['--target=wasm32-unknown-none-wasm', '-mbulk-memory', '-Oz',
      '-ffreestanding', '-nostdlib', '-fno-builtin', '-c', join(repoRoot, 'Sources/CWasmRuntime/math.c'),
      '-o', join(dir, 'math.o')]);
    execFileSync(join(bin, 'wasm-ld'), ['--no-entry', '--export=round', '--export=fmod',
      join(dir, 'math.o'), '-o', join(dir, 'math.wasm')]);
    return new WebAssembly.Instance(new WebAssembly.Module(readFileSync(join(dir, 'math.wasm')))).exports;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const referenceRound = (x) => (x < 0 || Object.is(x, -0) ? -Math.round(-x) : Math.round(x));

/** Doubles of every kind: integers, halves, tiny, huge, subnormal, signed zeros, specials. */
function interesting(random) {
  switch (random.int(0, 7)) {
    case 0: return random.int(-1e6, 1e6) + random.pick([0, 0.5, -0.5, 0.49999999999999994]);
    case 1: return random.float(-1e3, 1e3);
    case 2: return (random.chance(0.5) ? -1 : 1) * 2 ** random.int(-1074, 1023) * random.float(1, 2);
    case 3: return random.pick([0, -0, Infinity, -Infinity, NaN, 5e-324, -5e-324, 1.7976931348623157e308]);
    case 4: return (random.chance(0.5) ? -1 : 1) * random.int(0, 2 ** 20) * 5e-324;
    case 5: return random.pick([2 ** 52 + 0.5 - 0.5, 2 ** 52 + 1, 4503599627370495.5, -4503599627370495.5]);
    default: return random.float(-10, 10);
  }
}

test('round and fmod equal JavaScript\'s on 200,000 doubles of every kind', () => {
  const math = buildMathModule();
  const random = seeded(0x3a7);
  for (let i = 0; i < 200_000; i++) {
    const x = interesting(random);
    const y = interesting(random);
    assert.ok(Object.is(math.round(x), referenceRound(x)), `round(${x})`);
    assert.ok(Object.is(math.fmod(x, y), x % y), `fmod(${x}, ${y})`);
  }
});
