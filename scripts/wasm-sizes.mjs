#!/usr/bin/env node
// Where the bytes of a Wasm module go: the size of each function body, largest first, by name
// (from the module's name section: build with `scripts/build-wasm.sh --names`), with the
// data segments, a per-module and a per-source-type subtotal. Usage: node scripts/wasm-sizes.mjs FILE [N]
import { readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';

const [file, top = '40'] = process.argv.slice(2);
const bytes = readFileSync(file);
let at = 8;
const u32 = () => {
  let result = 0;
  let shift = 0;
  for (;;) {
    const byte = bytes[at++];
    result |= (byte & 0x7f) << shift;
    if (byte < 0x80) return result >>> 0;
    shift += 7;
  }
};
const name = () => {
  const length = u32();
  const text = bytes.subarray(at, at + length).toString('utf8');
  at += length;
  return text;
};
let importedFunctions = 0;
const bodies = [];
const names = new Map();
const sections = [];
while (at < bytes.length) {
  const id = bytes[at++];
  const size = u32();
  const end = at + size;
  sections.push([id, size]);
  if (id === 2) {
    for (let count = u32(); count > 0; count--) {
      name();
      name();
      const kind = bytes[at++];
      if (kind === 0) importedFunctions++;
      break; // imports are not expected; stop counting precisely
    }
  } else if (id === 10) {
    for (let count = u32(), i = 0; i < count; i++) {
      const bodySize = u32();
      bodies.push({ index: importedFunctions + i, size: bodySize });
      at += bodySize;
    }
  } else if (id === 0 && name() === 'name') {
    while (at < end) {
      const sub = bytes[at++];
      const subSize = u32();
      const subEnd = at + subSize;
      if (sub === 1) {
        for (let count = u32(); count > 0; count--) {
          const index = u32();
          names.set(index, name());
        }
      }
      at = subEnd;
    }
  }
  at = end;
}
const sectionNames = { 0: 'custom', 1: 'type', 3: 'function', 5: 'memory', 6: 'global', 7: 'export',
  10: 'code', 11: 'data', 12: 'datacount' };
console.log(`${file}: ${bytes.length} bytes; sections: ${sections
  .map(([id, size]) => `${sectionNames[id] ?? id} ${size}`).join(', ')}`);
let mangled = bodies.map((b) => names.get(b.index) ?? `func${b.index}`);
let demangled = mangled;
try {
  demangled = execFileSync('swift-demangle', ['--simplified', '--compact'], { input: mangled.join('\n') })
    .toString().trimEnd().split('\n');
} catch {}
const rows = bodies.map((b, i) => ({ size: b.size, name: demangled[i] }));
rows.sort((a, b) => b.size - a.size);
for (const row of rows.slice(0, Number(top))) console.log(String(row.size).padStart(7), row.name);
// Subtotals by the type a function belongs to (the part before the last '.').
const byType = new Map();
for (const row of rows) {
  const match = /^(?:.*? )?(?:static )?([A-Za-z_][\w]*(?:\.[A-Za-z_][\w]*)*)\./.exec(row.name.replace(/^(merged |outlined |specialized |generic specialization <.*?> of )+/, ''));
  const key = match ? match[1].split('.').slice(0, 2).join('.') : row.name.slice(0, 30);
  byType.set(key, (byType.get(key) ?? 0) + row.size);
}
console.log('\nby type:');
[...byType].sort((a, b) => b[1] - a[1]).slice(0, 30)
  .forEach(([key, size]) => console.log(String(size).padStart(7), key));

// Subtotals by module: each function counts for the first of TagCloudCore, TagCloudWire or
// TagCloudWasm that its full demangled name mentions (its own code, an extension it declares,
// or standard-library code specialized for its types); the exports (`tc_*`) for TagCloudWasm;
// other Swift symbols for the standard library and runtime; the rest (allocator, memcpy, round,
// compiler-rt) for the C runtime. Meaningful on a build without inlining (see docs/WASM.md,
// "Size"); in the shipped module the exports hold almost everything.
let full = mangled;
try {
  full = execFileSync('swift-demangle', { input: mangled.join('\n') }).toString().trimEnd().split('\n');
} catch {}
const byModule = new Map();
bodies.forEach((b, i) => {
  const module = /TagCloud(Core|Wire|Wasm)/.exec(full[i]);
  const raw = mangled[i];
  const key = module ? `TagCloud${module[1]}`
    : raw.startsWith('tc_') ? 'TagCloudWasm'
    : /^\$[se]/.test(raw) || raw.startsWith('swift_') ? 'Swift standard library and runtime'
    : 'C runtime (CWasmRuntime, compiler-rt)';
  byModule.set(key, (byModule.get(key) ?? 0) + b.size);
});
const dataSize = sections.filter(([id]) => id === 11).reduce((sum, [, size]) => sum + size, 0);
console.log(`\nby module (function bodies; data segments ${dataSize} bytes apart):`);
[...byModule].sort((a, b) => b[1] - a[1])
  .forEach(([key, size]) => console.log(String(size).padStart(7), key));
