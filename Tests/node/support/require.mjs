// What a node test needs, and what happens when it is missing: the test FAILS, naming the
// dependency and how to get it. A skip happens only when the run asks for it explicitly
// (TAGCLOUD_ALLOW_SKIP=chromium,native or `all`), and scripts/run-node-tests.sh, which
// `make test` runs, fails the run on any other skip and lists the allowed ones with reasons.
//
//   import { requirement } from './support/require.mjs';
//   const native = requirement('native', nativeAvailable, 'run `swift build` (make test does)');
//   test('parity with the native build', native.options, native.guard(async (t) => { ... }));
//
// Stable API (other branches' tests use it): requirement(name, available, howToGet) ->
// { name, available, options, guard(fn), skipReason }, allowedSkips(), ALLOWED_SKIP_PREFIX.
// Names used so far: chromium, native, wasm, git, committed-wasm.

export const ALLOW_VARIABLE = 'TAGCLOUD_ALLOW_SKIP';
/** Every allowed skip's reason starts with this; the runner script fails on any other skip. */
export const ALLOWED_SKIP_PREFIX = 'allowed skip: missing ';

/** The names TAGCLOUD_ALLOW_SKIP lists. */
export function allowedSkips(env = process.env) {
  return new Set((env[ALLOW_VARIABLE] ?? '').split(',').map((name) => name.trim()).filter(Boolean));
}

/**
 * A dependency of some tests. `options` goes into `test(name, options, fn)`: it skips only when
 * the dependency is missing and the skip is allowed; `guard(fn)` wraps the test body so that a
 * missing, not allowed dependency fails the test with a message that names it.
 */
export function requirement(name, available, howToGet, env = process.env) {
  const allowed = allowedSkips(env);
  const skipReason = !available && (allowed.has(name) || allowed.has('all'))
    ? `${ALLOWED_SKIP_PREFIX}${name} (${howToGet})` : false;
  const message = `missing dependency ${name}: ${howToGet}. (To skip instead, which the run's ` +
    `summary reports: ${ALLOW_VARIABLE}=${name}.)`;
  return {
    name,
    available: Boolean(available),
    skipReason,
    options: { skip: skipReason },
    guard(fn) {
      return (t, ...rest) => {
        if (!available) throw new Error(message);
        return fn(t, ...rest);
      };
    },
    /** For a condition found inside a test (t.skip when allowed, else a failure). */
    check(t, ok = available, detail = howToGet) {
      if (ok) return true;
      if (allowed.has(name) || allowed.has('all')) {
        t.skip(`${ALLOWED_SKIP_PREFIX}${name} (${detail})`);
        return false;
      }
      throw new Error(`missing dependency ${name}: ${detail}. (To skip instead: ${ALLOW_VARIABLE}=${name}.)`);
    },
  };
}
