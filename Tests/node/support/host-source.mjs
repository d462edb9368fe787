// The host class's source (web/src/element/glass-tag-cloud.js), read as text: what the tests of
// the one-way structure check, that the host hands a part no other part.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './paths.mjs';

/** The host module's text. */
export function hostSource() {
  return readFileSync(join(repoRoot, 'web/src/element/glass-tag-cloud.js'), 'utf8');
}

/** The arguments of `new NAME(…)` in the host, parentheses and all (the first such call). */
export function constructorArguments(name) {
  const host = hostSource();
  const call = `new ${name}`;
  const start = host.indexOf(`${call}(`);
  if (start < 0) throw new Error(`no ${call}( in glass-tag-cloud.js`);
  let depth = 0;
  let end = start + call.length;
  do {
    if (host[end] === '(') depth += 1;
    if (host[end] === ')') depth -= 1;
    end += 1;
  } while (depth > 0);
  return host.slice(start, end);
}
