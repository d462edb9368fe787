// The WebGL2 glass's instance layout, named once: every writer (writeInstances below, the bands'
// cut in band-layout.js) and the shaders' attribute bindings (glass-shaders.js, webgl-band.js)
// read these offsets, so the 24 floats of an instance cannot drift apart between modules.
//
//   const data = new Float32Array(n * INSTANCE_FLOATS);
//   const count = writeInstances(data, scene);   // the melted capsules first, then the necks
//   data[i * INSTANCE_FLOATS + INSTANCE.box + 2]   // instance i's quad width
//
// An instance is one quad the shaders rasterise: a melted capsule (capsuleB's width 0) or a neck
// between two capsules (the smooth union of both, radius `neck`).
// - Complexity: O(capsules + necks) per frame, no allocation once `data` is large enough.

import { neckQuad, neckRadius } from "./neck-geometry.js";

/** Floats per instance. */
export const INSTANCE_FLOATS = 24;

/**
 * Where each field of an instance starts (floats from the instance's first), each a vec4:
 * - box: the quad (x, y, w, h, cloud px), what the vertex shader rasterises;
 * - capsuleA, capsuleB: the capsules' rects (capsuleB's w = 0: the instance is a capsule);
 * - tintA, tintB: straight RGBA 0…1 of each capsule (a neck blends from one to the other);
 * - neck: the smooth-min radius k, then three unused floats.
 */
export const INSTANCE = Object.freeze({ box: 0, capsuleA: 4, capsuleB: 8, tintA: 12, tintB: 16, neck: 20 });

/** The vertex attribute location of each field (location 0 is the quad's corner). */
export const INSTANCE_LOCATIONS = Object.freeze({ box: 1, capsuleA: 2, capsuleB: 3, tintA: 4, tintB: 5, neck: 6 });

/** Whether instance `index` of `data` is a neck (else a melted capsule). */
export function isNeck(data, index) {
  return data[index * INSTANCE_FLOATS + INSTANCE.capsuleB + 2] > 0;
}

/** CSS px a capsule's quad reaches beyond the capsule (antialiasing and the field's gradient). */
export const PAD = 2;

/**
 * Writes the instances whose quads meet `scene.area` into `data` (which must hold
 * `(frame.count + necks.count) × INSTANCE_FLOATS` floats): every melted capsule, then every neck
 * of `scene.necks` (the core's, less the skipped), and returns how many it wrote.
 * @param {Float32Array} data
 * @param {import("./glass-renderer.js").GlassScene} scene
 * @returns {number}
 */
export function writeInstances(data, scene) {
  const { frame, necks, tints, melted, area, mergeDistance } = scene;
  const { count, origins, sizes } = frame;
  const left = area.x;
  const top = area.y;
  const right = area.x + area.width;
  const bottom = area.y + area.height;
  const { box, capsuleA, capsuleB, tintA, tintB, neck } = INSTANCE;
  let o = 0;
  for (let i = 0; i < count; i += 1) {
    if (melted[i] !== 1) continue;
    const x = origins[2 * i];
    const y = origins[2 * i + 1];
    const w = sizes[2 * i];
    const h = sizes[2 * i + 1];
    if (x + w + PAD < left || x - PAD > right || y + h + PAD < top || y - PAD > bottom) continue;
    data[o + box] = x - PAD; data[o + box + 1] = y - PAD; data[o + box + 2] = w + 2 * PAD; data[o + box + 3] = h + 2 * PAD;
    data[o + capsuleA] = x; data[o + capsuleA + 1] = y; data[o + capsuleA + 2] = w; data[o + capsuleA + 3] = h;
    data.fill(0, o + capsuleB, o + INSTANCE_FLOATS);
    o += INSTANCE_FLOATS;
  }
  const { pairs, gaps, axes } = necks;
  for (let n = 0; n < gaps.length; n += 1) {
    const i = pairs[2 * n];
    const j = pairs[2 * n + 1];
    const ax = origins[2 * i], ay = origins[2 * i + 1], aw = sizes[2 * i], ah = sizes[2 * i + 1];
    const bx = origins[2 * j], by = origins[2 * j + 1], bw = sizes[2 * j], bh = sizes[2 * j + 1];
    // Both capsules' boxes hold the neck: a pair wholly outside the area is left out.
    if (Math.max(ax + aw, bx + bw) + PAD < left || Math.min(ax, bx) - PAD > right) continue;
    if (Math.max(ay + ah, by + bh) + PAD < top || Math.min(ay, by) - PAD > bottom) continue;
    const a = { x: ax, y: ay, w: aw, h: ah };
    const b = { x: bx, y: by, w: bw, h: bh };
    const k = neckRadius(gaps[n], Math.min(aw, ah, bw, bh) / 2, mergeDistance);
    const quad = neckQuad(a, b, k, axes, n, gaps[n]);
    // Within both capsules' box (with the antialiasing pad): nothing of a neck lies beyond.
    const quadLeft = Math.max(Math.min(ax, bx) - PAD, quad.left);
    const quadRight = Math.min(Math.max(ax + aw, bx + bw) + PAD, quad.right);
    const quadTop = Math.max(Math.min(ay, by) - PAD, quad.top);
    const quadBottom = Math.min(Math.max(ay + ah, by + bh) + PAD, quad.bottom);
    data[o + box] = quadLeft; data[o + box + 1] = quadTop; data[o + box + 2] = quadRight - quadLeft; data[o + box + 3] = quadBottom - quadTop;
    data[o + capsuleA] = ax; data[o + capsuleA + 1] = ay; data[o + capsuleA + 2] = aw; data[o + capsuleA + 3] = ah;
    data[o + capsuleB] = bx; data[o + capsuleB + 1] = by; data[o + capsuleB + 2] = bw; data[o + capsuleB + 3] = bh;
    for (let c = 0; c < 4; c += 1) {
      data[o + tintA + c] = tints[4 * i + c];
      data[o + tintB + c] = tints[4 * j + c];
    }
    data[o + neck] = k;
    data[o + neck + 1] = 0;
    data[o + neck + 2] = 0;
    data[o + neck + 3] = 0;
    o += INSTANCE_FLOATS;
  }
  return o / INSTANCE_FLOATS;
}
