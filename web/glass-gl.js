// The glass of melted capsules, drawn by WebGL2 from signed-distance fields: the rim of every
// melted merge group's outline with its specular light (lit from the top left), and the liquid
// necks between its capsules, tinted from one capsule's tint to the other's. The capsules' own
// tint, blur and lensing are CSS on the buttons (compositor work), and so is the rim of a capsule
// that melts with none; this canvas adds what CSS cannot: one outline around melted glass, with
// no seam.
//
//   const gl = GlassGL.create(cloudElement);          // null: no WebGL2 here (see melt-view.js)
//   gl.draw(instanceData, count, { area, rimAlpha: 0.3, frost: 0.06 });
//   // area: the window of the cloud the canvas covers (glass-window.js), or null: hidden
//
// The canvas covers only a window of the cloud (what is visible, plus a margin: glass-window.js),
// so its size, its readback by a software compositor and the texture limit follow the viewport,
// not the cloud; with nothing melted in the window it is hidden.
// Two passes over instanced quads, one quad per melted capsule and one per neck (a pair of
// capsules of one merge group closer than the merge distance):
// 1. the field: each quad writes the signed distance of its own shape (a neck: the smooth union of
//    its two capsules, polynomial smooth-min with a radius k per pair, chosen in melt-view.js so
//    that the neck's waist is zero at the merge distance and widens in proportion as the gap
//    closes) into an 8-bit texture, blended with MIN: the texture holds the union field (red) and
//    whether any capsule covers the pixel (green);
// 2. the shading: the same quads read the union field and draw rim, specular and neck tint; with
//    MAX blending, a pixel under several quads gets the same value once.
// No fragment ever loops over capsules: each evaluates one or two distance functions (SwiftShader,
// the CPU rasteriser of headless Chromium, pays per fragment).
// - Complexity: O(instances in the window) per frame, one buffer upload; fragments ≈ 2 × the
//   melted capsules' area in the window.

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

const VERTEX = `#version 300 es
precision highp float;
layout(location = 0) in vec2 corner;
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
void main() {
  point = box.xy + corner * box.zw;
  a = capsuleA; b = capsuleB; ta = tintA; tb = tintB; k = neck.x;
  vec2 clip = (point - viewOrigin) / viewSize * 2.0 - 1.0;
  gl_Position = vec4(clip.x, -clip.y, 0.0, 1.0);
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

const SHADE = `${COMMON}
in vec2 point;
flat in vec4 a;
flat in vec4 b;
flat in vec4 ta;
flat in vec4 tb;
uniform sampler2D field;
uniform float scale;      // device pixels per CSS px
uniform float rimAlpha;   // the rim's base opacity; the light adds to it
uniform float frost;      // the white a neck adds (it has no backdrop blur of its own)
out vec4 color;
float fieldAt(ivec2 at) { return (texelFetch(field, at, 0).r - 0.5) * 2.0 * RANGE; }
void main() {
  ivec2 at = ivec2(gl_FragCoord.xy);
  vec2 here = texelFetch(field, at, 0).rg;
  float field_ = (here.r - 0.5) * 2.0 * RANGE;
  // Outside the glass, or deep inside a capsule (past the rim and the sheen; a capsule paints its
  // own tint): nothing to draw, and most of a capsule's quad ends here, before the gradient.
  if (field_ * scale > 2.0 || (field_ < -5.0 && here.g == 0.0)) discard;
  vec2 g = vec2(fieldAt(at + ivec2(1, 0)) - fieldAt(at - ivec2(1, 0)),
                fieldAt(at - ivec2(0, 1)) - fieldAt(at + ivec2(0, 1)));  // screen y runs down
  // A smooth union is no true distance near a neck's waist (a saddle, where the field is flat):
  // dividing by the gradient gives the distance to the edge, so the edge stays one pixel soft.
  float slope = max(length(g) * scale * 0.5, 0.05);
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
    // The neck's own glass: outside both capsules (they paint their own), tinted along the axis.
    float outside = here.g;
    vec2 ca = a.xy + 0.5 * a.zw;
    vec2 ab = b.xy + 0.5 * b.zw - ca;
    float t = clamp(dot(point - ca, ab) / max(dot(ab, ab), 1e-4), 0.0, 1.0);
    vec4 mixed = mix(ta, tb, smoothstep(0.0, 1.0, t));
    float alpha = cover * outside * clamp(mixed.a + frost, 0.0, 1.0);
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

/** The canvas in a box of the cloud's size that clips it (the canvas covers a window of the cloud). */
export function clipped(canvas) {
  const clip = document.createElement("div");
  clip.className = "glass-clip";
  clip.setAttribute("aria-hidden", "true");
  clip.append(canvas);
  return clip;
}

/** Canvas sizes go in steps, so a window that changes by a few px does not reallocate. */
const STEP = 128;
export const bucket = (value) => Math.max(STEP, Math.ceil(value / STEP) * STEP);

/**
 * The CSS size of a canvas that covers `needed` px, given the `have` px it has and the `most` px
 * a window can ever need at this viewport: kept while it covers `needed` and is not over twice as
 * large; else a quarter of headroom, never beyond `most` (rounded up to a step).
 * - Complexity: O(1).
 */
export function canvasLength(needed, have, most) {
  if (needed <= have && needed > have / 2 - STEP) return have;
  return bucket(Math.max(needed, Math.min(needed * 1.25, most)));
}

/**
 * Shows a glass canvas at `area`'s top left (cloud px), or hides it
 * (null), writing only what changed: the canvas's translate (compositor-only) and its clip box's
 * display (a hidden canvas is neither read back nor composited).
 */
export function placeCanvas(canvas, area) {
  const clip = canvas.parentElement;
  const shown = Boolean(area);
  if (clip && shown !== !clip.hidden) clip.hidden = !shown;
  if (!shown) return;
  const translate = `${area.x}px ${area.y}px`;
  if (canvas.glassTranslate !== translate) {
    canvas.glassTranslate = translate;
    canvas.style.translate = translate;
  }
}

export class GlassGL {
  /** A WebGL2 glass layer for `cloud`, or null when this browser has no WebGL2 (or refuses it). */
  static create(cloud) {
    const canvas = document.createElement("canvas");
    let gl = null;
    try {
      gl = canvas.getContext("webgl2", { premultipliedAlpha: true, antialias: false, depth: false, stencil: false });
    } catch {
      gl = null;
    }
    if (!gl) return null;
    try {
      return new GlassGL(cloud, canvas, gl);
    } catch (error) {
      console.warn("glass-tag-cloud: WebGL2 glass unavailable, drawing without it:", error);
      return null;
    }
  }

  constructor(cloud, canvas, gl) {
    this.canvas = canvas;
    this.gl = gl;
    this.lost = false;
    canvas.className = "glass-canvas";
    canvas.setAttribute("aria-hidden", "true");
    this.field = compile(gl, VERTEX, FIELD);
    this.shade = compile(gl, VERTEX, SHADE);
    this.uniforms = {
      field: {
        viewSize: gl.getUniformLocation(this.field, "viewSize"),
        viewOrigin: gl.getUniformLocation(this.field, "viewOrigin"),
        scale: gl.getUniformLocation(this.field, "scale"),
      },
      shade: {
        viewSize: gl.getUniformLocation(this.shade, "viewSize"),
        viewOrigin: gl.getUniformLocation(this.shade, "viewOrigin"),
        field: gl.getUniformLocation(this.shade, "field"),
        scale: gl.getUniformLocation(this.shade, "scale"),
        rimAlpha: gl.getUniformLocation(this.shade, "rimAlpha"),
        frost: gl.getUniformLocation(this.shade, "frost"),
      },
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
    gl.bindBuffer(gl.ARRAY_BUFFER, this.instances);
    for (let location = 1; location <= 6; location += 1) {
      gl.enableVertexAttribArray(location);
      gl.vertexAttribPointer(location, 4, gl.FLOAT, false, INSTANCE_FLOATS * 4, (location - 1) * 16);
      gl.vertexAttribDivisor(location, 1);
    }
    gl.bindVertexArray(null);
    this.texture = gl.createTexture();
    this.framebuffer = gl.createFramebuffer();
    this.backing = { width: 0, height: 0, scale: 1, wanted: 0, cssWidth: 0, cssHeight: 0 };
    canvas.addEventListener("webglcontextlost", (event) => {
      event.preventDefault();
      this.lost = true;
      this.onLost?.();
    });
    cloud.append(clipped(canvas));
  }

  /**
   * Sizes the canvas (in steps) to cover `area` ({width, height, mostWidth, mostHeight}, CSS px);
   * returns false if it cannot (no texture that large).
   */
  #fit(area) {
    const gl = this.gl;
    const b = this.backing;
    const cssWidth = canvasLength(area.width, b.cssWidth, area.mostWidth);
    const cssHeight = canvasLength(area.height, b.cssHeight, area.mostHeight);
    const wanted = globalThis.devicePixelRatio || 1;
    if (cssWidth === b.cssWidth && cssHeight === b.cssHeight && wanted === b.wanted) return true;
    const limit = Math.min(gl.getParameter(gl.MAX_TEXTURE_SIZE), gl.getParameter(gl.MAX_RENDERBUFFER_SIZE), 16384);
    const scale = Math.min(wanted, limit / cssWidth, limit / cssHeight);
    if (scale < 0.5) return false; // a viewport larger than a texture can be at half resolution
    b.cssWidth = cssWidth;
    b.cssHeight = cssHeight;
    b.wanted = wanted;
    b.scale = scale;
    b.width = Math.floor(cssWidth * scale);
    b.height = Math.floor(cssHeight * scale);
    this.canvas.width = b.width;
    this.canvas.height = b.height;
    this.canvas.style.width = `${b.width / scale}px`;
    this.canvas.style.height = `${b.height / scale}px`;
    gl.bindTexture(gl.TEXTURE_2D, this.texture);
    gl.texImage2D(gl.TEXTURE_2D, 0, gl.RG8, b.width, b.height, 0, gl.RG, gl.UNSIGNED_BYTE, null);
    for (const parameter of [gl.TEXTURE_MIN_FILTER, gl.TEXTURE_MAG_FILTER]) gl.texParameteri(gl.TEXTURE_2D, parameter, gl.NEAREST);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_S, gl.CLAMP_TO_EDGE);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_T, gl.CLAMP_TO_EDGE);
    gl.bindFramebuffer(gl.FRAMEBUFFER, this.framebuffer);
    gl.framebufferTexture2D(gl.FRAMEBUFFER, gl.COLOR_ATTACHMENT0, gl.TEXTURE_2D, this.texture, 0);
    gl.bindFramebuffer(gl.FRAMEBUFFER, null);
    return true;
  }

  /** The canvas's size in CSS px (what `draw` may cull against). */
  get size() {
    return { width: this.backing.cssWidth, height: this.backing.cssHeight };
  }

  /**
   * Draws `count` instances (INSTANCE_FLOATS each: the melted capsules and the necks) over `area`
   * of the cloud; an area with no instance hides the canvas (nothing to read back or composite).
   * @param {Float32Array} data
   * @param {number} count
   * @param {{area: {x: number, y: number, width: number, height: number, mostWidth: number, mostHeight: number} | null,
   *          rimAlpha: number, frost: number}} options
   * @returns {boolean} false when no canvas can cover the area (the caller falls back)
   */
  draw(data, count, { area, rimAlpha, frost }) {
    if (this.lost) return false;
    if (!area || count === 0) {
      placeCanvas(this.canvas, null);
      return true;
    }
    if (!this.#fit(area)) return false;
    placeCanvas(this.canvas, area);
    const gl = this.gl;
    const b = this.backing;
    gl.viewport(0, 0, b.width, b.height);
    gl.bindVertexArray(this.vao);
    gl.bindBuffer(gl.ARRAY_BUFFER, this.instances);
    // One upload per frame into a buffer that grows geometrically: no reallocation in a drag.
    const floats = count * INSTANCE_FLOATS;
    if (floats > this.capacity) {
      this.capacity = Math.max(floats, Math.ceil(this.capacity * 1.5), 64 * INSTANCE_FLOATS);
      gl.bufferData(gl.ARRAY_BUFFER, this.capacity * 4, gl.DYNAMIC_DRAW);
    }
    gl.bufferSubData(gl.ARRAY_BUFFER, 0, data, 0, floats);
    gl.enable(gl.BLEND);

    // 1. The union field, into the texture (1.0: far outside).
    gl.bindFramebuffer(gl.FRAMEBUFFER, this.framebuffer);
    gl.clearColor(1, 1, 1, 1);
    gl.clear(gl.COLOR_BUFFER_BIT);
    gl.blendEquation(gl.MIN);
    gl.useProgram(this.field);
    gl.uniform2f(this.uniforms.field.viewSize, b.cssWidth, b.cssHeight);
    gl.uniform2f(this.uniforms.field.viewOrigin, area.x, area.y);
    gl.uniform1f(this.uniforms.field.scale, b.scale);
    gl.drawArraysInstanced(gl.TRIANGLE_STRIP, 0, 4, count);

    // 2. Rim, light and necks, onto the canvas.
    gl.bindFramebuffer(gl.FRAMEBUFFER, null);
    gl.clearColor(0, 0, 0, 0);
    gl.clear(gl.COLOR_BUFFER_BIT);
    gl.blendEquation(gl.MAX);
    gl.useProgram(this.shade);
    gl.activeTexture(gl.TEXTURE0);
    gl.bindTexture(gl.TEXTURE_2D, this.texture);
    const u = this.uniforms.shade;
    gl.uniform1i(u.field, 0);
    gl.uniform2f(u.viewSize, b.cssWidth, b.cssHeight);
    gl.uniform2f(u.viewOrigin, area.x, area.y);
    gl.uniform1f(u.scale, b.scale);
    gl.uniform1f(u.rimAlpha, rimAlpha);
    gl.uniform1f(u.frost, frost);
    gl.drawArraysInstanced(gl.TRIANGLE_STRIP, 0, 4, count);
    gl.bindVertexArray(null);
    return true;
  }

  remove() {
    this.gl.getExtension("WEBGL_lose_context")?.loseContext();
    this.canvas.parentElement?.remove();
  }
}
