// The WebGL2 glass's shaders (GLSL ES 3.00), apart from the code that draws with them
// (webgl-band.js). Two passes over instanced quads (glass-instances.js names their 24 floats):
// 1. FIELD: each quad writes the signed distance of its own shape (a neck: the smooth union of
//    its two capsules, polynomial smooth-min with a radius k per pair, neck-geometry.js) into an
//    8-bit texture, blended with MIN: the texture holds the union field (red) and whether any
//    capsule covers the pixel (green);
// 2. SHADE: the same instances read the union field and draw the rim (two highlights at opposite
//    angles, from the field's gradient: rim-light.js), the sheen and the neck tint; with
//    MAX blending, a pixel under several quads gets the same value once. A capsule is shaded over
//    a ring along its outline (RING_VERTEX), a neck over its quad (VERTEX).
// No fragment ever loops over capsules: each evaluates one or two distance functions (SwiftShader,
// the CPU rasteriser of headless Chromium, pays per fragment).
//
//   const program = compile(gl, VERTEX, FIELD);   // webgl-band.js

import { INSTANCE_LOCATIONS as at } from "./glass-instances.js";
import { FIELD_RANGE } from "./neck-geometry.js";
import { RIM_GLSL, RIM_LIGHT } from "./rim-light.js";

const COMMON = `#version 300 es
precision highp float;
const float RANGE = ${FIELD_RANGE.toFixed(1)};
float sdStadium(vec2 p, vec4 r) {
  float radius = 0.5 * min(r.z, r.w);
  vec2 half_ = max(0.5 * r.zw - radius, 0.0);
  vec2 q = max(abs(p - (r.xy + 0.5 * r.zw)) - half_, 0.0);
  return length(q) - radius;
}
float smin(float a, float b, float k) {
  float h = max(k - abs(a - b), 0.0) / k;
  return min(a, b) - h * h * k * 0.25;
}
`;

// What both vertex shaders read per instance (glass-instances.js) and hand
// on to the fragment shaders, and where a point of the cloud lands in the canvas.
const INSTANCE_STAGE = `#version 300 es
precision highp float;
layout(location = ${at.box}) in vec4 box;
layout(location = ${at.capsuleA}) in vec4 capsuleA;
layout(location = ${at.capsuleB}) in vec4 capsuleB;
layout(location = ${at.tintA}) in vec4 tintA;
layout(location = ${at.tintB}) in vec4 tintB;
layout(location = ${at.neck}) in vec4 neck;
uniform vec2 viewSize;
uniform vec2 viewOrigin;  // the canvas's top left in cloud px (it covers a window of the cloud)
out vec2 point;
flat out float k;
flat out vec4 a;
flat out vec4 b;
flat out vec4 ta;
flat out vec4 tb;
void handOn() { a = capsuleA; b = capsuleB; ta = tintA; tb = tintB; k = neck.x; }
vec4 place(vec2 p) {
  vec2 clip = (p - viewOrigin) / viewSize * 2.0 - 1.0;
  return vec4(clip.x, -clip.y, 0.0, 1.0);
}
`;

/** An instance's quad (its box). */
export const VERTEX = `${INSTANCE_STAGE}
layout(location = 0) in vec2 corner;
void main() {
  handOn();
  point = box.xy + corner * box.zw;
  gl_Position = place(point);
}`;

/** Segments of each round end of a capsule's ring (the shading's geometry for a capsule). */
const RING_SEGMENTS = 8;
/** Vertices of a capsule's ring: two per outline point, (RING_SEGMENTS + 1) points per end, and the first again. */
export const RING_VERTICES = 2 * (2 * (RING_SEGMENTS + 1) + 1);
/**
 * How far the ring reaches inside the capsule and outside it (CSS px): what the shading can
 * draw there (the rim and the sheen inside, the antialiased edge outside), and nothing more.
 */
export const RING_INSIDE = FIELD_RANGE;
export const RING_OUTSIDE = 2;

// A capsule's shading covers only a ring along its outline: its interior shows nothing of the
// canvas (the capsule paints its own tint) and SwiftShader, the CPU rasteriser of headless
// Chromium, pays per rasterised fragment, discarded or not. The ring is a triangle strip around
// the stadium, RING_INSIDE within and RING_OUTSIDE beyond it; the outer edge is pushed out by
// 1/cos(half a segment's angle) so its chords never cut into the edge.
export const RING_VERTEX = `${INSTANCE_STAGE}
const int SEGMENTS = ${RING_SEGMENTS};
const float PI = 3.14159265;
void main() {
  handOn();
  int perEnd = SEGMENTS + 1;
  int along = (gl_VertexID / 2) % (2 * perEnd);   // the last point is the first again
  bool outer = gl_VertexID % 2 == 0;
  int end = along / perEnd;                        // 0: the far end (right or bottom), 1: the near one
  float radius = 0.5 * min(a.z, a.w);
  bool horizontal = a.z >= a.w;
  vec2 axis = horizontal ? vec2(1.0, 0.0) : vec2(0.0, 1.0);
  float reach = 0.5 * max(a.z, a.w) - radius;     // from the centre to each end's circle
  vec2 centre = a.xy + 0.5 * a.zw + axis * (end == 0 ? reach : -reach);
  float angle = (float(along % perEnd) / float(SEGMENTS) - 0.5) * PI + (end == 1 ? PI : 0.0);
  vec2 direction = vec2(cos(angle), sin(angle));   // y runs down: -PI/2 is up
  if (!horizontal) direction = vec2(-direction.y, direction.x);
  float distance_ = outer ? (radius + ${RING_OUTSIDE.toFixed(1)}) / cos(0.5 * PI / float(SEGMENTS))
                          : max(radius - ${RING_INSIDE.toFixed(1)}, 0.0);
  point = centre + direction * distance_;
  gl_Position = place(point);
}`;

export const FIELD = `${COMMON}
in vec2 point;
flat in vec4 a;
flat in vec4 b;
flat in float k;
uniform float scale;
out vec4 color;
void main() {
  float d = sdStadium(point, a);
  // Green: 0 inside any capsule (MIN-blended), so a neck never tints a capsule, its own or a third.
  float outside = b.z > 0.0 ? 1.0 : clamp(d * scale + 0.5, 0.0, 1.0);
  if (b.z > 0.0) d = smin(d, sdStadium(point, b), k);
  color = vec4(clamp(0.5 + d / (2.0 * RANGE), 0.0, 1.0), outside, 1.0, 1.0);
}`;

/** The uniforms of SHADE, over quads or over rings alike. */
export const SHADE_UNIFORMS = ["viewSize", "viewOrigin", "field", "border", "scale", "rimColor", "frost"];

export const SHADE = `${COMMON}${RIM_GLSL}
in vec2 point;
flat in float k;
flat in vec4 a;
flat in vec4 b;
flat in vec4 ta;
flat in vec4 tb;
uniform sampler2D field;
uniform ivec2 border;     // the field's texel for this fragment is gl_FragCoord + border
uniform float scale;      // device pixels per CSS px
uniform vec4 rimColor;    // straight RGBA: the rim's colour where the key light is brightest
uniform float frost;      // the white a neck adds (it has no backdrop blur of its own)
out vec4 color;
void main() {
  ivec2 at = ivec2(gl_FragCoord.xy) + border;
  vec2 here = texelFetch(field, at, 0).rg;
  float field_ = (here.r - 0.5) * 2.0 * RANGE;
  // The field's gradient (per CSS px, screen y down) from the neighbouring fragments' fields:
  // taken before any fragment is discarded, as derivatives must be.
  vec2 g = vec2(dFdx(field_), -dFdy(field_)) * scale;
  // Outside the glass, or deep inside a capsule (past the rim and the sheen; a capsule paints its
  // own tint): nothing to draw.
  if (field_ * scale > 2.0 || (field_ < -5.0 && here.g == 0.0)) discard;
  // A smooth union is no true distance near a neck's waist (a saddle, where the field is flat):
  // dividing by the gradient gives the distance to the edge, so the edge stays one pixel soft.
  float slope = max(length(g), 0.05);
  float d = field_ / slope;
  float cover = clamp(0.5 - d * scale, 0.0, 1.0);
  if (cover <= 0.0) discard;
  // The outline's outward normal: the union's gradient, continuous across a neck.
  vec2 normal = length(g) > 1e-4 ? normalize(g) : vec2(0.0);
  float depth = -d;                                // CSS px inside the glass
  float rim = cover * (1.0 - smoothstep(0.6, 1.6, depth));
  float sheen = (1.0 - smoothstep(0.0, 5.0, depth)) * max(dot(normal, KEY_LIGHT), 0.0);
  float white = clamp(rimColor.a * (rim * rimStrength(normal)
                      + ${RIM_LIGHT.sheen.toFixed(4)} * sheen * sheen * cover), 0.0, 1.0);
  vec4 tint = vec4(0.0);
  if (b.z > 0.0) {
    // The neck's own glass: outside both capsules (they paint their own), tinted along the axis,
    // where this neck makes the union (its own field is the union's; within a px of it, fading):
    // where necks overlap, each tints only its own part, so the tint does not change where one
    // neck's quad ends and another's goes on (with MAX blending it would).
    float outside = here.g;
    float own = smin(sdStadium(point, a), sdStadium(point, b), k);
    float share = clamp(1.0 - (own - field_) * scale, 0.0, 1.0);
    vec2 ca = a.xy + 0.5 * a.zw;
    vec2 ab = b.xy + 0.5 * b.zw - ca;
    float t = clamp(dot(point - ca, ab) / max(dot(ab, ab), 1e-4), 0.0, 1.0);
    vec4 mixed = mix(ta, tb, smoothstep(0.0, 1.0, t));
    float alpha = cover * outside * share * clamp(mixed.a + frost, 0.0, 1.0);
    vec3 rgb = mix(vec3(1.0), mixed.rgb, mixed.a / max(mixed.a + frost, 1e-4));
    tint = vec4(rgb * alpha, alpha);
  }
  color = vec4(rimColor.rgb * white, white) + tint * (1.0 - white);
}`;

/** A linked program of `vertexSource` and `fragmentSource`; throws with the driver's log. */
export function compile(gl, vertexSource, fragmentSource) {
  const program = gl.createProgram();
  for (const [type, source] of [[gl.VERTEX_SHADER, vertexSource], [gl.FRAGMENT_SHADER, fragmentSource]]) {
    const shader = gl.createShader(type);
    gl.shaderSource(shader, source);
    gl.compileShader(shader);
    if (!gl.getShaderParameter(shader, gl.COMPILE_STATUS)) throw new Error(`glass shader: ${gl.getShaderInfoLog(shader)}`);
    gl.attachShader(program, shader);
  }
  gl.linkProgram(program);
  if (!gl.getProgramParameter(program, gl.LINK_STATUS)) throw new Error(`glass program: ${gl.getProgramInfoLog(program)}`);
  return program;
}
