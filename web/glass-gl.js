// The glass over the capsules, drawn by WebGL2 from signed-distance fields: the rim of every merge
// group's outline with its specular light (lit from the top left), and the liquid necks between
// melted capsules, tinted from one capsule's tint to the other's. The capsules' own tint, blur and
// lensing are CSS on the buttons (compositor work); this canvas adds what CSS cannot: one outline
// around melted glass, with no seam.
//
//   const gl = GlassGL.create(cloudElement);          // null: no WebGL2 here (see melt-view.js)
//   gl.draw(instanceData, count, meltedFrom, { width, height, rimAlpha, frost });
//
// Two passes over instanced quads, one quad per capsule and one per neck (a pair of capsules of
// one merge group closer than the merge distance):
// 1. the field: each quad writes the signed distance of its own shape (a neck: the smooth union of
//    its two capsules, polynomial smooth-min with a radius k per pair, chosen in melt-view.js so
//    that the neck's waist is zero at the merge distance and widens in proportion as the gap
//    closes) into an 8-bit texture, blended with MIN: the texture holds the union field (red) and
//    whether any capsule covers the pixel (green);
// 2. the shading: the same quads read the union field and draw rim, specular and neck tint; with
//    MAX blending, a pixel under several quads gets the same value once.
// No fragment ever loops over capsules: each evaluates one or two distance functions (SwiftShader,
// the CPU rasteriser of headless Chromium, pays per fragment).
// - Complexity: O(capsules + necks) instances per frame; fragments ≈ 2 × the capsules' area.

/** How far either side of an edge the 8-bit field resolves distances (CSS px). */
const RANGE = 6;
/**
 * Floats per instance: quad box, capsule A, capsule B (w = 0: a lone capsule), tint A, tint B,
 * then the neck's smoothing radius k (melt-view.js) and three unused.
 */
export const INSTANCE_FLOATS = 24;

const COMMON = `#version 300 es
precision highp float;
const float RANGE = ${RANGE.toFixed(1)};
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
out vec2 point;
flat out float k;
flat out float melted;
flat out vec4 a;
flat out vec4 b;
flat out vec4 ta;
flat out vec4 tb;
void main() {
  point = box.xy + corner * box.zw;
  a = capsuleA; b = capsuleB; ta = tintA; tb = tintB; k = neck.x; melted = neck.y;
  vec2 clip = point / viewSize * 2.0 - 1.0;
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
flat in float melted;
uniform sampler2D field;
uniform float scale;      // device pixels per CSS px
uniform float rimAlpha;   // the rim's base opacity; the light adds to it
uniform float frost;      // the white a neck adds (it has no backdrop blur of its own)
out vec4 color;
float fieldAt(ivec2 at) { return (texelFetch(field, at, 0).r - 0.5) * 2.0 * RANGE; }
void main() {
  ivec2 at = ivec2(gl_FragCoord.xy);
  float d;
  vec2 g;
  if (melted > 0.5) {
    float field_ = fieldAt(at);
    if (field_ * scale > 2.0) discard;
    g = vec2(fieldAt(at + ivec2(1, 0)) - fieldAt(at - ivec2(1, 0)),
             fieldAt(at - ivec2(0, 1)) - fieldAt(at + ivec2(0, 1)));  // screen y runs down
    // A smooth union is no true distance near a neck's waist (a saddle, where the field is flat):
    // dividing by the gradient gives the distance to the edge, so the edge stays one pixel soft.
    float slope = max(length(g) * scale * 0.5, 0.05);
    d = field_ / slope;
  } else {
    // A capsule that melts with none: its own distance and normal, no texture.
    d = sdStadium(point, a);
    vec2 centre = a.xy + 0.5 * a.zw;
    vec2 half_ = max(0.5 * a.zw - 0.5 * min(a.z, a.w), 0.0);
    g = max(abs(point - centre) - half_, 0.0) * sign(point - centre);
  }
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
    float outside = texelFetch(field, at, 0).g;
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

/** The canvas in a box of the cloud's size that clips it (its backing store is larger). */
export function clipped(canvas) {
  const clip = document.createElement("div");
  clip.className = "glass-clip";
  clip.setAttribute("aria-hidden", "true");
  clip.append(canvas);
  return clip;
}

/** The canvas's backing store grows and shrinks in steps, so a drag does not reallocate it per frame. */
const STEP = 128;
export const bucket = (value) => Math.max(STEP, Math.ceil(value / STEP) * STEP);
/** Whether a canvas `have` CSS px long still suits content `needed` long (no reallocation). */
export const fits = (needed, have) => needed <= have && needed > have / 2 - STEP;

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
        scale: gl.getUniformLocation(this.field, "scale"),
      },
      shade: {
        viewSize: gl.getUniformLocation(this.shade, "viewSize"),
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
    gl.bindBuffer(gl.ARRAY_BUFFER, this.instances);
    for (let location = 1; location <= 6; location += 1) {
      gl.enableVertexAttribArray(location);
      gl.vertexAttribPointer(location, 4, gl.FLOAT, false, INSTANCE_FLOATS * 4, (location - 1) * 16);
      gl.vertexAttribDivisor(location, 1);
    }
    gl.bindVertexArray(null);
    this.texture = gl.createTexture();
    this.framebuffer = gl.createFramebuffer();
    this.backing = { width: 0, height: 0, scale: 1, cssWidth: 0, cssHeight: 0 };
    canvas.addEventListener("webglcontextlost", (event) => {
      event.preventDefault();
      this.lost = true;
      this.onLost?.();
    });
    cloud.append(clipped(canvas));
  }

  /** Sizes the canvas (in steps) to cover `width` × `height` CSS px; returns false if it cannot. */
  #fit(width, height) {
    const gl = this.gl;
    const b = this.backing;
    // Reallocated only when the content outgrows the canvas or fits in half of it, with a quarter
    // of headroom: a drag that adds a row every few frames does not reallocate every few frames.
    if (fits(width, b.cssWidth) && fits(height, b.cssHeight)) return true;
    // A dimension that still fits keeps its size: a drag that narrows the cloud grows it in
    // height only, and reallocating the width too would bring one more reallocation later.
    const cssWidth = fits(width, b.cssWidth) ? b.cssWidth : bucket(width * 1.25);
    const cssHeight = fits(height, b.cssHeight) ? b.cssHeight : bucket(height * 1.25);
    const limit = Math.min(gl.getParameter(gl.MAX_TEXTURE_SIZE), gl.getParameter(gl.MAX_RENDERBUFFER_SIZE), 16384);
    const scale = Math.min(globalThis.devicePixelRatio || 1, limit / cssWidth, limit / cssHeight);
    if (scale < 0.5) return false; // taller than a texture can be at half resolution: see melt-view.js
    b.cssWidth = cssWidth;
    b.cssHeight = cssHeight;
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

  /**
   * Draws `count` instances (INSTANCE_FLOATS each): first the capsules that melt with none, then
   * from `meltedFrom` on the melted capsules and the necks (only these need the union's field).
   * @param {Float32Array} data
   * @param {number} count
   * @param {number} meltedFrom
   * @param {{width: number, height: number, rimAlpha: number, frost: number}} options
   * @returns {boolean} false when the canvas cannot cover the cloud (the caller falls back)
   */
  draw(data, count, meltedFrom, { width, height, rimAlpha, frost }) {
    if (this.lost || !this.#fit(width, height)) return false;
    const gl = this.gl;
    const b = this.backing;
    gl.viewport(0, 0, b.width, b.height);
    gl.bindVertexArray(this.vao);
    gl.bindBuffer(gl.ARRAY_BUFFER, this.instances);
    gl.bufferData(gl.ARRAY_BUFFER, data.subarray(0, count * INSTANCE_FLOATS), gl.STREAM_DRAW);
    gl.enable(gl.BLEND);

    // 1. The union field of what melts, into the texture (1.0: far outside); a loose cloud skips it.
    if (meltedFrom < count) {
      gl.bindFramebuffer(gl.FRAMEBUFFER, this.framebuffer);
      gl.clearColor(1, 1, 1, 1);
      gl.clear(gl.COLOR_BUFFER_BIT);
      gl.blendEquation(gl.MIN);
      gl.useProgram(this.field);
      gl.uniform2f(this.uniforms.field.viewSize, b.cssWidth, b.cssHeight);
      gl.uniform1f(this.uniforms.field.scale, b.scale);
      this.#point(meltedFrom);
      gl.drawArraysInstanced(gl.TRIANGLE_STRIP, 0, 4, count - meltedFrom);
      this.#point(0);
    }

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
    gl.uniform1f(u.scale, b.scale);
    gl.uniform1f(u.rimAlpha, rimAlpha);
    gl.uniform1f(u.frost, frost);
    if (count > 0) gl.drawArraysInstanced(gl.TRIANGLE_STRIP, 0, 4, count);
    gl.bindVertexArray(null);
    return true;
  }

  /** Points the instance attributes at instance `first` (WebGL2 has no base instance). */
  #point(first) {
    const gl = this.gl;
    for (let location = 1; location <= 6; location += 1) {
      gl.vertexAttribPointer(location, 4, gl.FLOAT, false, INSTANCE_FLOATS * 4, (first * INSTANCE_FLOATS + (location - 1) * 4) * 4);
    }
  }

  remove() {
    this.gl.getExtension("WEBGL_lose_context")?.loseContext();
    this.canvas.parentElement?.remove();
  }
}
