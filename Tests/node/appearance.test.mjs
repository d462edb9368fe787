// Adaptive appearance's pure modules (no DOM): the computed-style gradients the backdrop learner
// reads (css-gradients.js), the backdrop map (backdrop-map.js) and the decisions
// (appearance-model.js). The pixels are the browser suites' (Tests/python/element/
// test_element_appearance.py, Tests/python/engines/test_engine_appearance.py).
// Seen to fail: DEAD_BAND = 1 (the dead band test), the tint's tone never moving (`next.shade = 0`:
// the selected capsules' and the random backdrops' tests).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { averageColor, gradientAt, parseLayers, resolveGradient, splitTopLevel } from '../../web/src/glass/css-gradients.js';
import { BackdropMap } from '../../web/src/glass/backdrop-map.js';
import {
  BASE_DIM, DARK_INK, TARGET, WHITE, contrast, decide, drawn, drawnContrast, luminance, tintTakesWhite, toneTint,
} from '../../web/src/view/appearance-model.js';
import { seeded } from './support/random.mjs';

/** rgb()/rgba() and `transparent` as straight RGBA 0…1 (what the learner's canvas gives). */
function rgba(text) {
  if (text === 'transparent') return [0, 0, 0, 0];
  const v = /rgba?\(([^)]*)\)/.exec(text)[1].split(/[\s,/]+/).map(Number);
  return [v[0] / 255, v[1] / 255, v[2] / 255, v[3] ?? 1];
}
const hex = (h) => [1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16) / 255);
const close = (a, b, tolerance = 0.01) => a.every((v, i) => Math.abs(v - b[i]) <= tolerance);
const at = (gradient, x, y) => Array.from(gradientAt(gradient, x, y, new Float32Array(4)));

test('computed background layers split into gradients and images, top first', () => {
  assert.deepEqual(splitTopLevel('rgb(1, 2, 3) 10%, rgb(4, 5, 6)'), ['rgb(1, 2, 3) 10%', 'rgb(4, 5, 6)']);
  const layers = parseLayers('url("a b.png"), repeating-linear-gradient(90deg, rgb(0, 0, 0) 0px, rgb(0, 0, 0) 1px), none, image-set("x.png" 1x)');
  assert.deepEqual(layers.map((l) => l.kind), ['url', 'linear', 'none', 'unknown']);
  assert.equal(layers[0].url, 'a b.png');
  assert.equal(layers[1].repeating, true);
  assert.deepEqual(layers[1].prelude, ['90deg']);
  assert.deepEqual(parseLayers('none'), []);
  // A first argument that is a colour is a stop, not a direction.
  assert.deepEqual(parseLayers('linear-gradient(rgb(0, 0, 0), tomato)')[0].prelude, []);
});

test('a linear gradient: corner directions, stop fix-up, hints and interpolation spaces', () => {
  const corner = resolveGradient(parseLayers('linear-gradient(to right bottom, rgb(255, 255, 255), rgb(0, 0, 0))')[0], 200, 100, rgba);
  assert.ok(close(at(corner, 0, 0), [1, 1, 1, 1]) && close(at(corner, 200, 100), [0, 0, 0, 1]));
  // The other two corners lie on the 50 % line.
  assert.ok(close(at(corner, 200, 0), [0.5, 0.5, 0.5, 1]) && close(at(corner, 0, 100), [0.5, 0.5, 0.5, 1]));
  const spread = resolveGradient(parseLayers('linear-gradient(in oklab to right, rgb(255, 0, 0), rgb(0, 255, 0), rgb(0, 0, 255) 80%)')[0], 100, 10, rgba);
  assert.deepEqual(spread.stops.map((s) => +s.at.toFixed(3)), [0, 0.4, 0.8]);
  assert.ok(close(at(spread, 40, 5), [0, 1, 0, 1], 0.02) && close(at(spread, 95, 5), [0, 0, 1, 1]));
  const hinted = resolveGradient(parseLayers('linear-gradient(90deg, rgb(0, 0, 0), 20%, rgb(255, 255, 255))')[0], 100, 10, rgba);
  assert.ok(close(at(hinted, 20, 5), [0.5, 0.5, 0.5, 1], 0.02), 'the hint is where the mix is half');
  // Premultiplied: a fade to transparent keeps its colour.
  const fade = resolveGradient(parseLayers('linear-gradient(90deg, rgb(255, 0, 0), transparent)')[0], 100, 10, rgba);
  assert.ok(close(at(fade, 50, 5), [0.5, 0, 0, 0.5], 0.02));
});

test('fine stripes average, radial and conic gradients evaluate', () => {
  const stripes = resolveGradient(parseLayers('repeating-linear-gradient(90deg, rgb(0, 0, 0) 0px, rgb(0, 0, 0) 1px, rgb(255, 255, 255) 1px, rgb(255, 255, 255) 2px)')[0], 300, 40, rgba);
  assert.equal(stripes.periodPx, 2);
  assert.ok(close(averageColor(stripes), [0.5, 0.5, 0.5, 1]));
  const radial = resolveGradient(parseLayers('radial-gradient(circle at 20% 30%, rgb(255, 0, 0), rgba(0, 0, 0, 0) 50%)')[0], 200, 100, rgba);
  assert.ok(close(at(radial, 40, 30), [1, 0, 0, 1]));
  assert.equal(at(radial, 200, 100)[3], 0);
  const conic = resolveGradient(parseLayers('conic-gradient(from 90deg at 50% 50%, rgb(255, 0, 0), rgb(0, 0, 255))')[0], 100, 100, rgba);
  assert.ok(close(at(conic, 100, 50), [1, 0, 0, 1], 0.02), 'the start is at 90deg (right)');
});

test('the backdrop map composites bottom-up and reads windows, extremes and its edges', () => {
  const map = new BackdropMap({ x: 0, y: 0, width: 200, height: 80, canvas: [1, 1, 1] });
  // The left half black; over the right half 1 px stripes, painted as their average.
  map.paint({ x: 0, y: 0, width: 100, height: 80 }, (x, y, out) => out.set([0, 0, 0, 1]));
  map.paint({ x: 100, y: 0, width: 100, height: 80 }, (x, y, out) => out.set([0.5, 0.5, 0.5, 1]), { low: [0, 0, 0, 1], high: [1, 1, 1, 1] });
  map.finish();
  const left = map.around(10, 10, 60, 40);
  assert.ok(close(left.light, [0, 0, 0]) && close(left.dark, [0, 0, 0]) && close(left.low, [0, 0, 0]));
  const right = map.around(120, 10, 60, 40);
  assert.ok(close(right.mean, [0.5, 0.5, 0.5]) && close(right.low, [0, 0, 0]) && close(right.high, [1, 1, 1]));
  const across = map.around(60, 10, 80, 40);
  assert.ok(luminance(across.light) > 0.15 && luminance(across.dark) < 0.01, 'a capsule over the edge sees both sides');
  // Outside the map: its nearest edge.
  assert.ok(close(map.around(500, 500, 20, 20).mean, [0.5, 0.5, 0.5]));
  assert.ok(map.covers(0, 0, 200, 80) && !map.covers(0, 0, 200, 200));
});

const TINTS = { blue: '#0A84FF', purple: '#BF5AF2', red: '#FF453A', yellow: '#FFD60A', orange: '#FF9F0A', mint: '#66D4CF' };
const page = (v) => ({ light: [v, v, v], dark: [v, v, v] });
const glassOf = (backdrop, tint, decision, amount) =>
  drawn(backdrop.light, { tint: hex(tint), amount, frost: decision.frost, dim: decision.dim, shade: decision.shade });

test('unselected capsules: dark ink on a lighter frost over light content, white ink over dark', () => {
  for (const tint of Object.values(TINTS)) {
    const onWhite = decide({ backdrop: page(1), tint: hex(tint), amount: 0.3, restAmount: 0.3, selected: false });
    assert.equal(onWhite.light, true, tint);
    assert.equal(onWhite.inkDark, true, tint);
    assert.ok(onWhite.frost >= 0.25, tint);
    const onBlack = decide({ backdrop: page(0), tint: hex(tint), amount: 0.3, restAmount: 0.3, selected: false });
    assert.deepEqual({ ...onBlack, seen: 0 }, { light: false, inkDark: false, frost: 0, dim: 0, shade: 0, seen: 0 }, tint);
  }
});

test('selected capsules: the tint decides the ink, its tone deepens or lightens until the ink reads', () => {
  assert.ok(tintTakesWhite(hex(TINTS.blue)) && tintTakesWhite(hex(TINTS.purple)) && tintTakesWhite(hex(TINTS.red)));
  assert.ok(!tintTakesWhite(hex(TINTS.yellow)) && !tintTakesWhite(hex(TINTS.orange)) && !tintTakesWhite(hex(TINTS.mint)));
  for (const [name, tint] of Object.entries(TINTS)) {
    for (const v of [0, 0.5, 1]) {
      const d = decide({ backdrop: page(v), tint: hex(tint), amount: 0.85, restAmount: 0.3, selected: true });
      assert.equal(d.inkDark, !tintTakesWhite(hex(tint)), `${name} over ${v}`);
      const glass = glassOf(page(v), tint, d, 0.85);
      const ink = d.inkDark ? DARK_INK : WHITE;
      assert.ok(drawnContrast(ink, d.inkDark ? glass : glass.map((c) => c + (1 - c) * 0.03)) >= TARGET - 1e-6, `${name} over ${v}: ${JSON.stringify(d)}`);
    }
  }
  // White on a selected blue over white: the tint's tone deepens rather than fail.
  const blue = decide({ backdrop: page(1), tint: hex(TINTS.blue), amount: 0.85, restAmount: 0.3, selected: true });
  assert.ok(blue.shade < 0 && !blue.inkDark);
  assert.ok(luminance(toneTint(hex(TINTS.blue), blue.shade)) < luminance(hex(TINTS.blue)));
});

test('every decision reads at its target over random backdrops (the model)', () => {
  const random = seeded(36).next;
  for (let n = 0; n < 400; n += 1) {
    const a = [random(), random(), random()];
    const b = a.map((c) => Math.min(1, c + random() * 0.3));
    const backdrop = { light: b, dark: a };
    const tint = Object.values(TINTS)[n % 6];
    const selected = n % 2 === 1;
    const amount = selected ? 0.85 : 0.3;
    const d = decide({ backdrop, tint: hex(tint), amount, restAmount: 0.3, selected });
    const ink = d.inkDark ? DARK_INK : WHITE;
    const worst = d.inkDark ? drawn(a, { tint: hex(tint), amount, frost: d.frost, dim: d.dim, shade: d.shade })
      : drawn(b, { tint: hex(tint), amount, frost: d.frost, dim: d.dim, shade: d.shade }).map((c) => c + (1 - c) * 0.03);
    assert.ok(drawnContrast(ink, worst) >= TARGET - 1e-6, `${JSON.stringify({ backdrop, tint, selected, d })}`);
  }
});

test('a capsule moved back and forth across a light/dark boundary flips once (the dead band)', () => {
  // Backdrops from dark to light and back, around the flip point, in small steps.
  const tint = hex(TINTS.blue);
  const at = (v) => decide.bind(null, { backdrop: page(v), tint, amount: 0.3, restAmount: 0.3, selected: false });
  let previous = null;
  let flip = null;
  let flips = 0;
  for (let v = 0; v <= 0.8; v += 0.01) {
    const next = at(v)(previous);
    if (previous && next.light !== previous.light) {
      flip ??= v;
      flips += 1;
    }
    previous = next;
    if (flip !== null && v >= flip + 0.02) break;
  }
  assert.ok(flip !== null && flips === 1 && previous.light, 'it turned light once on the way up');
  // Nudged back and forth around the flip point: it stays light.
  const nudged = [];
  for (const v of [flip - 0.02, flip + 0.02, flip - 0.03, flip + 0.01, flip - 0.02]) {
    const next = at(v)(previous);
    if (next.light !== previous.light) nudged.push(v);
    previous = next;
  }
  assert.deepEqual(nudged, [], `flipped at ${nudged} after turning light at ${flip}`);
  // Moved back into dark content step by step, it takes the seed's look again, once.
  let back = 0;
  for (let v = flip; v >= 0; v -= 0.01) {
    const next = at(v)(previous);
    if (next.light !== previous.light) back += 1;
    previous = next;
  }
  assert.equal(back, 1);
  assert.equal(previous.light, false);
  // A jump (a theme changed) decides afresh, without the dead band.
  assert.equal(at(0.1)(at(0.9)(null)).light, false);
  // Without a previous decision (first sight) it keeps the seed's look wherever white reads.
  assert.equal(at(flip - 0.02)(null).light, false);
});

test('clear glass: no tone, white ink, a dimming of 35 % at least over bright content', () => {
  const overWhite = decide({ backdrop: page(1), tint: hex(TINTS.yellow), amount: 0.15, restAmount: 0.15, selected: false, variant: 'clear' });
  assert.equal(overWhite.light, false);
  assert.equal(overWhite.inkDark, false);
  assert.ok(overWhite.dim >= BASE_DIM, JSON.stringify(overWhite));
  const overBlack = decide({ backdrop: page(0), tint: hex(TINTS.yellow), amount: 0.15, restAmount: 0.15, selected: false, variant: 'clear' });
  assert.equal(overBlack.dim, 0);
  // Reduce Transparency / Increase Contrast: a solid fill over the base, no frost or dimming.
  const solid = decide({ backdrop: page(0.11), tint: hex(TINTS.yellow), amount: 1, restAmount: 0.55, selected: true, solid: true });
  assert.equal(solid.frost + solid.dim, 0);
  assert.equal(solid.inkDark, true);
  assert.ok(contrast(luminance(WHITE), luminance(DARK_INK)) > 20);
});

test("the stylesheet's dark ink is the model's DARK_INK, the ink every contrast above counts on", async () => {
  const { readFile } = await import('node:fs/promises');
  const { repoRoot } = await import('./support/paths.mjs');
  const css = await readFile(`${repoRoot}/web/src/element/styles.css`, 'utf8');
  const rule = /\.tag-slot\.has-dark-ink > :is\(\.tag, \.tag-remove\) \{ --tone-ink: rgb\((\d+) (\d+) (\d+)\); \}/.exec(css);
  assert.ok(rule, 'styles.css sets --tone-ink for `.has-dark-ink` slots');
  assert.deepEqual(rule.slice(1).map(Number), DARK_INK.map((c) => Math.round(c * 255)));
});
