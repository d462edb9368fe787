// The numbers the core owns have one home, Sources/TagCloudCore: web/src/core/core-constants.js
// is what the core's native build prints (`make constants`), the element's styles read them as
// the custom properties element/core-properties.js derives from it (no second literal in
// styles.css), and the only literals left, before-defined.css's (read before any script), equal
// them. The solid base and the row limit's "Show less" are written once too.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import {
  CAPSULE_PADDING, DEFAULT_MERGE_DISTANCE, DEFAULT_SPACING, SOLID_BASE_RGB, TINT_AMOUNTS, TOUCH_TARGET,
} from '../../web/src/core/core-constants.js';
import { CORE_PROPERTIES, rem } from '../../web/src/element/core-properties.js';
import { REMOVE_CONTROL_WIDTH } from '../../web/src/shared/label-metrics.js';
import { SOLID_BASE } from '../../web/src/view/tag-appearance.js';
import { TagStates } from '../../web/src/view/tag-states.js';
import { repoRoot } from './support/paths.mjs';
import { requirement } from './support/require.mjs';

const generator = fileURLToPath(new URL('../../.build/debug/core-constants', import.meta.url));
const native = requirement('native', existsSync(generator), 'the native build .build/debug/core-constants: run `swift build` (make test does)');
const source = (path) => readFileSync(join(repoRoot, path), 'utf8');
const styles = source('web/src/element/styles.css');

/** The custom properties a block of CSS declares, name → value (the last declaration wins). */
function declarations(css) {
  return new Map([...css.matchAll(/(--[\w-]+)\s*:\s*([^;{}]+);/g)].map(([, name, value]) => [name, value.trim()]));
}

/** The `:host` rule of CORE_PROPERTIES whose selector is `selector`, as name → value. */
function hostRule(selector) {
  const start = CORE_PROPERTIES.indexOf(`${selector} {`);
  assert.ok(start >= 0, `CORE_PROPERTIES has no ${selector} rule`);
  return declarations(CORE_PROPERTIES.slice(start, CORE_PROPERTIES.indexOf('}', start)));
}

test('web/src/core/core-constants.js is what the core prints (make constants)', native.options, native.guard(() => {
  const printed = execFileSync(generator, { encoding: 'utf8' });
  assert.equal(source('web/src/core/core-constants.js'), printed,
    'web/src/core/core-constants.js differs from the core: run `make constants` (never edit it by hand)');
}));

test('the custom properties are the core\'s numbers, in CSS units', () => {
  const host = hostRule(':host');
  const percent = (amount) => `${Math.round(amount * 10000) / 100}%`;
  assert.deepEqual(Object.fromEntries(host), {
    '--capsule-padding-x': `${CAPSULE_PADDING.x / 16}rem`,
    '--capsule-padding-y': `${CAPSULE_PADDING.y / 16}rem`,
    '--remove-control-width': `${REMOVE_CONTROL_WIDTH / 16}rem`,
    '--touch-outset': `${TOUCH_TARGET.outset}px`,
    '--touch-height': `${TOUCH_TARGET.minimumHeight}px`,
    '--tint-unselected': percent(TINT_AMOUNTS.regular.unselected),
    '--tint-selected': percent(TINT_AMOUNTS.regular.selected),
    '--solid-tint-unselected': percent(TINT_AMOUNTS.solid.unselected),
    '--solid-tint-selected': percent(TINT_AMOUNTS.solid.selected),
    '--solid-base': `rgb(${SOLID_BASE_RGB.join(' ')})`,
    '--spacing': `${DEFAULT_SPACING}px`,
  });
  assert.deepEqual(Object.fromEntries(hostRule(':host([variant="clear"])')), {
    '--tint-unselected': percent(TINT_AMOUNTS.clear.unselected),
    '--tint-selected': percent(TINT_AMOUNTS.clear.selected),
  });
});

test('styles.css reads every core property and declares none of them itself', () => {
  const names = [...hostRule(':host').keys()];
  const own = declarations(styles);
  for (const name of names) {
    assert.ok(styles.includes(`var(${name})`), `styles.css never reads ${name}`);
    assert.ok(!own.has(name), `styles.css declares ${name} itself: a second copy of the core's ${own.get(name)}`);
  }
  // Each var() of a core property without a fallback: a fallback would be a second copy.
  for (const name of names) {
    assert.ok(!new RegExp(`var\\(${name}\\s*,`).test(styles), `styles.css gives ${name} a fallback: a copy of the core's value`);
  }
});

test('styles.css holds no literal copy of the paddings, the touch target or the tint amounts', () => {
  const body = styles.replace(/\/\*[\s\S]*?\*\//g, '');
  const rule = (selector) => {
    const at = body.indexOf(`${selector} {`);
    assert.ok(at >= 0, `styles.css has no rule ${selector}`);
    return body.slice(at, body.indexOf('}', at));
  };
  // The capsule before the core places it, and a wrapped label's.
  assert.match(rule('\n.tag'), /padding: var\(--capsule-padding-y\) var\(--capsule-padding-x\);/);
  assert.match(rule('.cloud.is-placed .tag.is-wrapped'), /padding: 0 var\(--capsule-padding-x\);/);
  // Every tint amount is a property's; every touch target height the core's.
  for (const [, value] of body.matchAll(/--tint-amount:\s*([^;]+);/g)) assert.doesNotMatch(value, /\d%/, `--tint-amount: ${value}`);
  for (const [, value] of body.matchAll(/height:\s*max\(([^;]+)\);/g)) {
    assert.doesNotMatch(value, /\b(44|6|3|22)px/, `a touch target height with a literal: max(${value})`);
  }
  const hex = (rgb) => `#${rgb.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
  assert.ok(!body.toLowerCase().includes(hex(SOLID_BASE_RGB)), `styles.css repeats the solid base ${hex(SOLID_BASE_RGB)}`);
});

test('before-defined.css, read before any script, has the core\'s paddings', () => {
  const sheet = source('web/src/element/before-defined.css').replace(/\/\*[\s\S]*?\*\//g, '');
  const pill = sheet.slice(sheet.indexOf('glass-tag-cloud:not(:defined) > glass-tag {'));
  assert.match(pill, new RegExp(`padding: ${rem(CAPSULE_PADDING.y)} ${rem(CAPSULE_PADDING.x)};`),
    `a pill's padding is not the core's ${rem(CAPSULE_PADDING.y)} ${rem(CAPSULE_PADDING.x)}`);
  // The gap is the default spacing, with or without typed attr().
  const cloud = sheet.slice(sheet.indexOf('glass-tag-cloud:not(:defined) {'));
  assert.match(cloud, new RegExp(`gap: ${DEFAULT_SPACING}px;`), `the pills' gap is not the default spacing ${DEFAULT_SPACING}px`);
  assert.match(cloud, new RegExp(`attr\\(spacing type\\(<number>\\), ${DEFAULT_SPACING}\\)`), 'typed attr()\'s fallback is not the default spacing');
  const removable = sheet.slice(sheet.indexOf('glass-tag-cloud[removable]:not(:defined) > glass-tag,'));
  assert.match(removable, new RegExp(`padding-inline-end: ${rem(CAPSULE_PADDING.x + REMOVE_CONTROL_WIDTH)};`),
    'a removable pill\'s end is not the core\'s padding and the remove control');
});

test('the scripts take the solid base, the tint amounts and the merge distance from the core', async () => {
  assert.deepEqual(SOLID_BASE, SOLID_BASE_RGB.map((c) => c / 255));
  // Before any capsule can be read, the tint amounts are regular glass's.
  assert.deepEqual(new TagStates().tintAmounts([]), [TINT_AMOUNTS.regular.unselected, TINT_AMOUNTS.regular.selected]);
  const { loadTagCloudCore } = await import('../../web/src/core/tagcloud-core.js');
  const core = await loadTagCloudCore(new URL('../../web/tagcloud.wasm', import.meta.url));
  // Two capsules a hair under the default merge distance apart melt; a hair over, not.
  const melts = (gap) => {
    const sizes = core.sizesBuffer(2);
    sizes.set([60, 40, 60, 40]);
    return core.layoutPacked(sizes, { width: 400, spacing: gap }).neckCount === 1;
  };
  assert.equal(melts(DEFAULT_MERGE_DISTANCE - 0.01), true);
  assert.equal(melts(DEFAULT_MERGE_DISTANCE + 0.01), false);
});

test('the solid base, "Show less" and the default spacing are written once in web/src', () => {
  const files = [];
  const walk = (dir) => {
    for (const entry of readdirSync(join(repoRoot, dir), { withFileTypes: true })) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(path);
      else if (/\.(js|css|ts)$/.test(entry.name)) files.push(path);
    }
  };
  walk('web/src');
  // Code only: comments and docs may name them.
  const code = (text) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1');
  const holding = (pattern) => files.filter((path) => pattern.test(code(source(path))));
  assert.deepEqual(holding(/["'`]Show less["'`]/), ['web/src/element/row-limit-labels.js']);
  // The default spacing: no script or style of the element declares a spacing of its own (a
  // `--spacing` literal, a `DEFAULT_SPACING = n` constant); core-properties.js writes the core's.
  assert.deepEqual(holding(/--spacing:\s*\d|DEFAULT_SPACING\s*=\s*\d/), ['web/src/core/core-constants.js']);
  // before-defined.css's pills take the same grey as their own text and fill (the page's look
  // before the element, not the solid capsules'): not a copy of the solid base.
  const solid = holding(/#1c1c1e\b|0x1c\s*\/\s*255|\b28,\s*28,\s*30\b|var\(--solid-base\s*,/i);
  assert.deepEqual(solid.filter((path) => path !== 'web/src/element/before-defined.css'), ['web/src/core/core-constants.js']);
});
