// The light on the glass's rim, one model for every way a rim is drawn: two highlights at
// opposite angles, a bright one where the outline faces the top left (the key light) and a
// fainter one where it faces the bottom right (the light bounced back through the glass), the
// rim's light falling off between them, as a function of the outline's outward normal alone.
// The WebGL2 shading (glass-shaders.js) takes the normal from the union field's gradient, so the
// highlight runs on across a melted group's necks; the Canvas 2D backend (canvas2d-renderer.js)
// lights a neck's two sides by their normals; each capsule's own CSS rim (styles.css,
// `--rim-shadow`) draws the same two lobes with offset inset shadows, whose width along the
// outline is a function of the normal too (an inset shadow offset by (o, o) with spread −s shows
// √2·o·cos θ − s px where the normal is θ from the offset's direction).
//
//   rimStrength(-Math.SQRT1_2, -Math.SQRT1_2)   // 1: facing the key light
//   rimStrength(0, -1)                          // ≈ 0.61: the flat top
//   rimStrength(Math.SQRT1_2, -Math.SQRT1_2)    // RIM_LIGHT.between: between the two lights
//   rimStrength(Math.SQRT1_2, Math.SQRT1_2)     // RIM_LIGHT.fill: facing the bottom right
//
// The rim's colour is one value, kept apart from this geometry: RIM_COLOR here (the WebGL2
// `rimColor` uniform, the Canvas 2D strokes) and `--rim` in CSS (`--glass-rim`, the same
// default), the colour where the key light is brightest; every part of the rim is that colour at
// its strength × its alpha.

/** The direction the brightest rim faces (screen y down): the top left. */
export const KEY_LIGHT = Object.freeze([-Math.SQRT1_2, -Math.SQRT1_2]);

/**
 * The rim's strength (0…1, × the rim colour's alpha): `fill` facing the bottom right, `between`
 * where the outline faces neither light, falling off from each light as cos^`lobe` of the angle;
 * `sheen` the faint light just inside the lit edge (WebGL2).
 */
export const RIM_LIGHT = Object.freeze({ key: 1, fill: 0.45, between: 0.22, lobe: 2, sheen: 0.28 });

/** Straight RGBA 0…1: the rim's colour where the key light is brightest (styles.css: --rim's default). */
export const RIM_COLOR = Object.freeze([1, 1, 1, 0.8]);

/** The rim's strength where the outline's outward unit normal is (nx, ny), screen y down. */
export function rimStrength(nx, ny) {
  const facing = nx * KEY_LIGHT[0] + ny * KEY_LIGHT[1];
  const { key, fill, between, lobe } = RIM_LIGHT;
  return between + (key - between) * Math.max(facing, 0) ** lobe + (fill - between) * Math.max(-facing, 0) ** lobe;
}

/** The same in GLSL ES 3.00, for the shaders: `float rimStrength(vec2 normal)`. */
export const RIM_GLSL = `
const vec2 KEY_LIGHT = vec2(${KEY_LIGHT[0].toFixed(8)}, ${KEY_LIGHT[1].toFixed(8)});
float rimStrength(vec2 normal) {
  float facing = dot(normal, KEY_LIGHT);
  return ${RIM_LIGHT.between.toFixed(4)}
    + ${(RIM_LIGHT.key - RIM_LIGHT.between).toFixed(4)} * pow(max(facing, 0.0), ${RIM_LIGHT.lobe.toFixed(1)})
    + ${(RIM_LIGHT.fill - RIM_LIGHT.between).toFixed(4)} * pow(max(-facing, 0.0), ${RIM_LIGHT.lobe.toFixed(1)});
}
`;
