// The glass of melted capsules, drawn by WebGL2 from signed-distance fields: the rim of every
// melted merge group's outline with its specular light (lit from the top left), and the liquid
// necks between its capsules, tinted from one capsule's tint to the other's. The capsules' own
// tint, blur and lensing are CSS on the buttons (compositor work), and so is the rim of a capsule
// that melts with none; this canvas adds what CSS cannot: one outline around melted glass, with
// no seam.
//
//   const gl = GlassGL.create(cloudElement);          // null: no WebGL2 here (see melt-view.js)
//   gl.draw(instanceData, count, { area, rimAlpha: 0.3, frost: 0.06 });
//   // area: the window of the cloud the glass covers (glass-window.js), or null: hidden
//
// The glass covers only a window of the cloud (what is visible, plus a margin: glass-window.js),
// so its size, its readback by a software compositor and the texture limit follow the viewport,
// not the cloud; with nothing melted in the window it is hidden. The window is cut into up to
// CLOUD_BANDS horizontal bands, each a canvas with a WebGL2 context of its own (glass-bands.js):
// a band is drawn again only when the instances in it changed, so a frame that moves the lower
// rows leaves the upper bands' canvases, and the backdrop filters under them, untouched.
// Two passes over instanced quads, one quad per melted capsule and one per neck (a pair of
// capsules of one merge group closer than the merge distance):
// 1. the field: each quad writes the signed distance of its own shape (a neck: the smooth union of
//    its two capsules, polynomial smooth-min with a radius k per pair, chosen in melt-view.js so
//    that the neck's waist is zero at the merge distance and widens in proportion as the gap
//    closes) into an 8-bit texture, blended with MIN: the texture holds the union field (red) and
//    whether any capsule covers the pixel (green);
// 2. the shading: the same quads read the union field and draw rim, specular and neck tint; with
//    MAX blending, a pixel under several quads gets the same value once.
// The field texture has a border of one texel around the band, so the field's gradient at a
// band's edge sees its neighbours: two bands meet without a seam.
// No fragment ever loops over capsules: each evaluates one or two distance functions (SwiftShader,
// the CPU rasteriser of headless Chromium, pays per fragment).
// - Complexity: O(instances in the window) per frame, one buffer upload; fragments ≈ 2 × the
//   melted capsules' area in the window.

import { assignRows, bandLayout, canvasLength, instancesIn } from "./glass-bands.js";

/** How far either side of an edge the 8-bit field resolves distances (CSS px). */
export const FIELD_RANGE = 6;
/**
 * Floats per instance: quad box, capsule A, capsule B (w = 0: a capsule, not a neck), tint A,
 * tint B, then the neck's smoothing radius k (melt-view.js) and three unused.
 */
export const INSTANCE_FLOATS = 24;

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

// What both vertex shaders read per instance (melt-view.js writes it: INSTANCE_FLOATS) and hand
// on to the fragment shaders, and where a point of the cloud lands in the canvas.
const INSTANCE_STAGE = `#version 300 es
precision highp float;
layout(location = 1) in vec4 box;
layout(location = 2) in vec4 capsuleA;
layout(location = 3) in vec4 capsuleB;
layout(location = 4) in vec4 tintA;
layout(location = 5) in vec4 tintB;
layout(location = 6) in vec4 neck;
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
const VERTEX = `${INSTANCE_STAGE}
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
const RING_VERTEX = `${INSTANCE_STAGE}
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

const FIELD = `${COMMON}
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
const SHADE_UNIFORMS = ["viewSize", "viewOrigin", "field", "border", "scale", "rimAlpha", "frost"];

const SHADE = `${COMMON}
in vec2 point;
flat in float k;
flat in vec4 a;
flat in vec4 b;
flat in vec4 ta;
flat in vec4 tb;
uniform sampler2D field;
uniform ivec2 border;     // the field's texel for this fragment is gl_FragCoord + border
uniform float scale;      // device pixels per CSS px
uniform float rimAlpha;   // the rim's base opacity; the light adds to it
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
  vec2 normal = length(g) > 1e-4 ? normalize(g) : vec2(0.0);
  float light = dot(normal, vec2(-0.70710678));   // 1 where the edge faces the top left
  float depth = -d;                                // CSS px inside the glass
  float rim = cover * (1.0 - smoothstep(0.6, 1.6, depth));
  float sheen = (1.0 - smoothstep(0.0, 5.0, depth)) * max(light, 0.0);
  float white = clamp(rim * (rimAlpha + 0.5 * max(light, 0.0) + 0.12 * max(-light, 0.0))
                      + 0.22 * sheen * sheen * cover, 0.0, 1.0);
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
  color = vec4(vec3(white), white) + tint * (1.0 - white);
}`;

function compile(gl, vertexSource, fragmentSource) {
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

/**
 * The cloud's glass layer: a box of the cloud's size holding its glass canvases, which never
 * reach past it (each is cut to what it draws within the content). It does not clip: a clip
 * over the glass makes Chromium's compositor draw every capsule's backdrop filter again each
 * frame (docs/WEB.md, "The glass in bands"), and a canvas within the cloud needs none.
 */
export function glassLayer() {
  const layer = document.createElement("div");
  layer.className = "glass-layer";
  layer.setAttribute("aria-hidden", "true");
  layer.hidden = true;
  return layer;
}

/**
 * Shows a glass canvas at `area`'s top left (cloud px), or hides it (null), writing only what
 * changed: the canvas's translate (compositor-only) and its layer's display (a hidden canvas is
 * neither read back nor composited).
 */
export function placeCanvas(canvas, area) {
  const layer = canvas.parentElement;
  const shown = Boolean(area);
  if (layer && shown !== !layer.hidden) layer.hidden = !shown;
  if (shown) translateTo(canvas, area);
}

/** Moves `canvas` to `at`'s x, y (cloud px) with `translate`, written only when it changes. */
function translateTo(canvas, at) {
  const translate = `${at.x}px ${at.y}px`;
  if (canvas.glassTranslate !== translate) {
    canvas.glassTranslate = translate;
    canvas.style.translate = translate;
  }
}

/** Bands (canvases, each with its own WebGL2 context) a cloud may use. */
export const CLOUD_BANDS = 4;
/**
 * Glass contexts the clouds of a page may hold together: browsers keep a small number of WebGL
 * contexts alive (Chromium 16) and lose the oldest past it. A cloud's first band is always
 * granted (as one canvas per cloud always was); further bands only while the page's clouds hold
 * fewer than this, and only when a cloud's window needs them (a cloud of one row keeps one).
 */
export const PAGE_CONTEXTS = 12;
// The bands granted to the page's clouds, counted across clouds: the one state they share, a
// tally of a limit the browser keeps per page (a thin adapter to it, changed only by GlassGL).
let pageBands = 0;

/** One band of a cloud's glass: a canvas with its WebGL2 context, programs and field texture. */
class GlassBand {
  /** A band in `layer` (the cloud's `.glass-layer`), or null when the browser gives no WebGL2 context. */
  static create(layer) {
    const canvas = document.createElement("canvas");
    let gl = null;
    try {
      gl = canvas.getContext("webgl2", { premultipliedAlpha: true, antialias: false, depth: false, stencil: false });
    } catch {
      gl = null;
    }
    if (!gl) return null;
    try {
      return new GlassBand(layer, canvas, gl);
    } catch (error) {
      gl.getExtension("WEBGL_lose_context")?.loseContext();
      console.warn("glass-tag-cloud: WebGL2 glass unavailable, drawing without it:", error);
      return null;
    }
  }

  constructor(layer, canvas, gl) {
    this.canvas = canvas;
    this.gl = gl;
    this.lost = false;
    this.onLost = null;
    canvas.className = "glass-canvas glass-band";
    canvas.hidden = true;
    this.field = compile(gl, VERTEX, FIELD);
    this.shade = compile(gl, VERTEX, SHADE);
    this.ringShade = compile(gl, RING_VERTEX, SHADE);
    const uniforms = (program, names) => Object.fromEntries(names.map((name) => [name, gl.getUniformLocation(program, name)]));
    this.uniforms = {
      field: uniforms(this.field, ["viewSize", "viewOrigin", "scale"]),
      shade: uniforms(this.shade, SHADE_UNIFORMS),
      ringShade: uniforms(this.ringShade, SHADE_UNIFORMS),
    };
    this.vao = gl.createVertexArray();
    gl.bindVertexArray(this.vao);
    const corners = gl.createBuffer();
    gl.bindBuffer(gl.ARRAY_BUFFER, corners);
    gl.bufferData(gl.ARRAY_BUFFER, new Float32Array([0, 0, 1, 0, 0, 1, 1, 1]), gl.STATIC_DRAW);
    gl.enableVertexAttribArray(0);
    gl.vertexAttribPointer(0, 2, gl.FLOAT, false, 0, 0);
    this.instances = gl.createBuffer();
    this.capacity = 0; // floats allocated in `instances`
    this.#instanceAttributes(0);
    // The rings' vertices come from gl_VertexID: only the instance attributes.
    this.ringVao = gl.createVertexArray();
    gl.bindVertexArray(this.ringVao);
    this.#instanceAttributes(0);
    gl.bindVertexArray(null);
    this.texture = gl.createTexture();
    this.framebuffer = gl.createFramebuffer();
    this.backing = { width: 0, height: 0, cssWidth: 0, cssHeight: 0, scale: 0, shownWidth: 0, shownHeight: 0 };
    /** What the canvas shows: its rect (cloud px), scale and instances; a draw of the same is skipped. */
    this.shown = { rect: null, scale: 0, count: -1, data: new Float32Array(0) };
    canvas.addEventListener("webglcontextlost", (event) => {
      event.preventDefault();
      this.lost = true;
      this.onLost?.();
    });
    layer.append(canvas);
  }

  /** Points the bound vertex array's instance attributes at the buffer from instance `first` on. */
  #instanceAttributes(first) {
    const gl = this.gl;
    gl.bindBuffer(gl.ARRAY_BUFFER, this.instances);
    for (let location = 1; location <= 6; location += 1) {
      gl.enableVertexAttribArray(location);
      gl.vertexAttribPointer(location, 4, gl.FLOAT, false, INSTANCE_FLOATS * 4, (first * INSTANCE_FLOATS + (location - 1) * 4) * 4);
      gl.vertexAttribDivisor(location, 1);
    }
  }

  /**
   * Sizes the backing store and the field texture (one texel of border) to hold `rect` at `scale`,
   * in size steps (`most`: the largest rect this band can need), and shows exactly `rect` of it.
   * A band's rect follows its instances, and reallocating a WebGL canvas stalls the main thread
   * for about a millisecond (measured: a drag of 100 tags resized its bands 170 times, 1.8 ms a
   * frame), so the backing store is kept while it holds the rect and the canvas element shows its
   * top-left `rect` at 1:1 (`object-fit: none`; scaled by 1/scale where a device pixel is not a
   * CSS px): the element never reaches past what it draws.
   */
  #fit(rect, scale, most) {
    const gl = this.gl;
    const b = this.backing;
    const cssWidth = canvasLength(rect.width, b.scale === scale ? b.cssWidth : 0, most.width);
    const cssHeight = canvasLength(rect.height, b.scale === scale ? b.cssHeight : 0, most.height);
    if (cssWidth !== b.cssWidth || cssHeight !== b.cssHeight || scale !== b.scale) {
      b.cssWidth = cssWidth;
      b.cssHeight = cssHeight;
      b.scale = scale;
      b.width = Math.max(1, Math.round(cssWidth * scale));
      b.height = Math.max(1, Math.round(cssHeight * scale));
      this.canvas.width = b.width;
      this.canvas.height = b.height;
      this.canvas.style.scale = scale === 1 ? "" : String(1 / scale);
      gl.bindTexture(gl.TEXTURE_2D, this.texture);
      gl.texImage2D(gl.TEXTURE_2D, 0, gl.RG8, b.width + 2, b.height + 2, 0, gl.RG, gl.UNSIGNED_BYTE, null);
      for (const parameter of [gl.TEXTURE_MIN_FILTER, gl.TEXTURE_MAG_FILTER]) gl.texParameteri(gl.TEXTURE_2D, parameter, gl.NEAREST);
      gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_S, gl.CLAMP_TO_EDGE);
      gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_T, gl.CLAMP_TO_EDGE);
      gl.bindFramebuffer(gl.FRAMEBUFFER, this.framebuffer);
      gl.framebufferTexture2D(gl.FRAMEBUFFER, gl.COLOR_ATTACHMENT0, gl.TEXTURE_2D, this.texture, 0);
      gl.bindFramebuffer(gl.FRAMEBUFFER, null);
    }
    // The part shown: the rect, in device px from the backing's top left.
    b.shownWidth = Math.min(b.width, Math.max(1, Math.round(rect.width * scale)));
    b.shownHeight = Math.min(b.height, Math.max(1, Math.round(rect.height * scale)));
    const width = `${b.shownWidth}px`;
    const height = `${b.shownHeight}px`;
    if (this.canvas.style.width !== width) this.canvas.style.width = width;
    if (this.canvas.style.height !== height) this.canvas.style.height = height;
  }

  /** Whether the canvas already shows these instances over `rect` at `scale` (then nothing to draw). */
  #showing(data, count, rect, scale) {
    const shown = this.shown;
    const r = shown.rect;
    if (!r || count !== shown.count || scale !== shown.scale || r.x !== rect.x || r.y !== rect.y || r.width !== rect.width || r.height !== rect.height) {
      return false;
    }
    const floats = count * INSTANCE_FLOATS;
    for (let f = 0; f < floats; f += 1) if (data[f] !== shown.data[f]) return false;
    return true;
  }

  /**
   * Draws `count` instances over `rect` (cloud px) at `scale` device px per CSS px, unless the
   * canvas shows exactly that already. Returns whether it drew.
   */
  draw(data, count, rect, scale, { most, rimAlpha, frost }) {
    if (this.#showing(data, count, rect, scale)) return false;
    const floats = count * INSTANCE_FLOATS;
    if (this.shown.data.length < floats) this.shown.data = new Float32Array(Math.ceil(floats * 1.5));
    this.shown.data.set(data.subarray(0, floats));
    this.shown.count = count;
    this.shown.rect = { ...rect };
    this.shown.scale = scale;
    this.#fit(rect, scale, most);
    translateTo(this.canvas, rect);
    if (this.canvas.hidden) this.canvas.hidden = false;
    const gl = this.gl;
    const b = this.backing;
    gl.bindVertexArray(this.vao);
    gl.bindBuffer(gl.ARRAY_BUFFER, this.instances);
    // One upload per draw into a buffer that grows geometrically: no reallocation in a drag.
    if (floats > this.capacity) {
      this.capacity = Math.max(floats, Math.ceil(this.capacity * 1.5), 64 * INSTANCE_FLOATS);
      gl.bufferData(gl.ARRAY_BUFFER, this.capacity * 4, gl.DYNAMIC_DRAW);
    }
    gl.bufferSubData(gl.ARRAY_BUFFER, 0, data, 0, floats);
    gl.enable(gl.BLEND);
    const cssWidth = b.width / scale;
    const cssHeight = b.height / scale;
    const texel = 1 / scale;

    // Only the part shown is drawn (the backing's top left: GL's rows count from the bottom).
    gl.enable(gl.SCISSOR_TEST);
    const shownBottom = b.height - b.shownHeight;

    // 1. The union field, into the texture (1.0: far outside), one texel beyond the band all round.
    gl.bindFramebuffer(gl.FRAMEBUFFER, this.framebuffer);
    gl.viewport(0, 0, b.width + 2, b.height + 2);
    gl.scissor(0, shownBottom, b.shownWidth + 2, b.shownHeight + 2);
    gl.clearColor(1, 1, 1, 1);
    gl.clear(gl.COLOR_BUFFER_BIT);
    gl.blendEquation(gl.MIN);
    gl.useProgram(this.field);
    const f = this.uniforms.field;
    gl.uniform2f(f.viewSize, cssWidth + 2 * texel, cssHeight + 2 * texel);
    gl.uniform2f(f.viewOrigin, rect.x - texel, rect.y - texel);
    gl.uniform1f(f.scale, scale);
    if (count) gl.drawArraysInstanced(gl.TRIANGLE_STRIP, 0, 4, count);

    // 2. Rim, light and necks, onto the canvas: the capsules over their rings, the necks over
    // their quads (the instances hold the capsules first, then the necks: melt-view.js).
    gl.bindFramebuffer(gl.FRAMEBUFFER, null);
    gl.viewport(0, 0, b.width, b.height);
    gl.scissor(0, shownBottom, b.shownWidth, b.shownHeight);
    gl.clearColor(0, 0, 0, 0);
    gl.clear(gl.COLOR_BUFFER_BIT);
    gl.blendEquation(gl.MAX);
    gl.activeTexture(gl.TEXTURE0);
    gl.bindTexture(gl.TEXTURE_2D, this.texture);
    let capsules = 0;
    while (capsules < count && data[capsules * INSTANCE_FLOATS + 10] === 0) capsules += 1;
    const shade = (program, u) => {
      gl.useProgram(program);
      gl.uniform1i(u.field, 0);
      gl.uniform2i(u.border, 1, 1);
      gl.uniform2f(u.viewSize, cssWidth, cssHeight);
      gl.uniform2f(u.viewOrigin, rect.x, rect.y);
      gl.uniform1f(u.scale, scale);
      gl.uniform1f(u.rimAlpha, rimAlpha);
      gl.uniform1f(u.frost, frost);
    };
    if (capsules) {
      gl.bindVertexArray(this.ringVao);
      shade(this.ringShade, this.uniforms.ringShade);
      gl.drawArraysInstanced(gl.TRIANGLE_STRIP, 0, RING_VERTICES, capsules);
    }
    if (count > capsules) {
      gl.bindVertexArray(this.vao);
      this.#instanceAttributes(capsules);
      shade(this.shade, this.uniforms.shade);
      gl.drawArraysInstanced(gl.TRIANGLE_STRIP, 0, 4, count - capsules);
      this.#instanceAttributes(0);
    }
    gl.bindVertexArray(null);
    return true;
  }

  /** Hides the canvas (a hidden canvas is neither read back nor composited); the next draw shows it. */
  hide() {
    if (!this.canvas.hidden) this.canvas.hidden = true;
    this.shown.rect = null;
  }

  remove() {
    this.onLost = null; // the loss that follows is ours, not the browser's
    if (!this.lost) this.gl.getExtension("WEBGL_lose_context")?.loseContext();
    this.canvas.remove();
  }
}

/**
 * A cloud's WebGL2 glass: up to CLOUD_BANDS bands over the window (glass-bands.js), each drawn
 * only when the instances in it changed.
 */
export class GlassGL {
  /** A WebGL2 glass layer for `cloud`, or null when this browser has no WebGL2 (or refuses it). */
  static create(cloud) {
    const layer = glassLayer();
    const first = GlassBand.create(layer);
    if (!first) return null;
    cloud.append(layer);
    return new GlassGL(layer, first);
  }

  constructor(layer, first) {
    this.layer = layer;
    this.lost = false;
    this.onLost = null;
    // The bands granted to this cloud: its first; more when its window needs them (#grant).
    this.bandLimit = 1;
    pageBands += 1;
    this.bands = [];
    this.rows = []; // the row each band draws (null: none, hidden)
    this.scratch = new Float32Array(0);
    this.#adopt(first);
  }

  #adopt(band) {
    band.onLost = () => {
      this.lost = true;
      this.onLost?.();
    };
    this.bands.push(band);
  }

  /**
   * Draws `count` instances (INSTANCE_FLOATS each: the melted capsules and the necks) over `area`
   * of the cloud, band by band; an area with no instance hides the glass (nothing to read back or
   * composite).
   * @param {Float32Array} data
   * @param {number} count
   * @param {{area: {x: number, y: number, width: number, height: number, mostWidth: number, mostHeight: number} | null,
   *          rimAlpha: number, frost: number}} options
   * @returns {boolean} false when no canvas can cover the area (the caller falls back)
   */
  draw(data, count, { area, rimAlpha, frost }) {
    if (this.lost) return false;
    if (!area || count === 0) {
      for (const band of this.bands) band.hide();
      this.rows.fill(null);
      if (!this.layer.hidden) this.layer.hidden = true;
      return true;
    }
    const scale = this.#scale(area);
    if (scale < 0.5) return false; // a viewport larger than a texture can be at half resolution
    this.#grant(bandLayout(area, CLOUD_BANDS).length);
    const layout = bandLayout(area, this.bandLimit);
    this.rows = assignRows(this.rows, layout.map((band) => band.row), this.bandLimit);
    if (this.scratch.length < count * INSTANCE_FLOATS) this.scratch = new Float32Array(Math.ceil(count * INSTANCE_FLOATS * 1.5));
    let shown = 0;
    for (let index = 0; index < this.bandLimit; index += 1) {
      const rect = layout.find((band) => band.row === this.rows[index]);
      if (!rect) {
        this.bands[index]?.hide();
        continue;
      }
      const drawn = instancesIn(data, count, INSTANCE_FLOATS, rect, this.scratch);
      const band = this.#band(index);
      if (!band) return false;
      if (drawn.count === 0) {
        band.hide();
        continue;
      }
      band.draw(this.scratch, drawn.count, drawn.rect, scale, { most: rect.most, rimAlpha, frost });
      shown += 1;
    }
    if (this.layer.hidden !== (shown === 0)) this.layer.hidden = shown === 0;
    return true;
  }

  /** The device px per CSS px the bands draw at: the screen's, or less where a texture cannot be that large. */
  #scale(area) {
    const gl = this.bands[0].gl;
    this.limit ??= Math.min(gl.getParameter(gl.MAX_TEXTURE_SIZE), gl.getParameter(gl.MAX_RENDERBUFFER_SIZE), 16384) - 2;
    const wanted = globalThis.devicePixelRatio || 1;
    return Math.min(wanted, this.limit / Math.max(area.mostWidth, 1), this.limit / Math.max(area.mostHeight, 1));
  }

  /** More bands, up to `wanted`, while the page's clouds hold fewer than PAGE_CONTEXTS. */
  #grant(wanted) {
    const more = Math.min(wanted - this.bandLimit, PAGE_CONTEXTS - pageBands);
    if (more <= 0) return;
    pageBands += more;
    this.bandLimit += more;
  }

  /** Band `index`, made (a new context) when first needed; null when the browser refuses one. */
  #band(index) {
    while (this.bands.length <= index) {
      const band = GlassBand.create(this.layer);
      if (!band) return null;
      this.#adopt(band);
    }
    return this.bands[index];
  }

  remove() {
    for (const band of this.bands) band.remove();
    this.bands = [];
    pageBands -= this.bandLimit;
    this.bandLimit = 0;
    this.layer.remove();
  }
}
