// One band of a cloud's WebGL2 glass (webgl-renderer.js): a canvas with its own context, its
// programs (glass-shaders.js) and its field texture, drawing the instances (glass-instances.js)
// that lie in its rect of the window. The field texture has a border of one texel around the
// band, so the field's gradient at a band's edge sees its neighbours: two bands meet without a
// seam.
//
//   const band = WebGLBand.create(layer);               // null: no WebGL2 context
//   band.draw(data, count, rect, scale, { most, rimColor, frost });   // false: it showed that already
//   band.hide();
// - Complexity: O(instances) per draw (one upload, at most three instanced draws); fragments
//   ≈ 2 × the melted capsules' rings and the necks' quads.

import { canvasLength } from "./band-layout.js";
import { CanvasPlacement } from "./glass-layer.js";
import { INSTANCE, INSTANCE_FLOATS, INSTANCE_LOCATIONS, isNeck } from "./glass-instances.js";
import { compile, FIELD, RING_VERTEX, RING_VERTICES, SHADE, SHADE_UNIFORMS, VERTEX } from "./glass-shaders.js";

/** One band of a cloud's glass: a canvas with its WebGL2 context, programs and field texture. */
export class WebGLBand {
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
      return new WebGLBand(layer, canvas, gl);
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
    this.placement = new CanvasPlacement(canvas);
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
    for (const [field, location] of Object.entries(INSTANCE_LOCATIONS)) {
      gl.enableVertexAttribArray(location);
      gl.vertexAttribPointer(location, 4, gl.FLOAT, false, INSTANCE_FLOATS * 4, (first * INSTANCE_FLOATS + INSTANCE[field]) * 4);
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
  draw(data, count, rect, scale, { most, rimColor, frost }) {
    if (this.#showing(data, count, rect, scale)) return false;
    const floats = count * INSTANCE_FLOATS;
    if (this.shown.data.length < floats) this.shown.data = new Float32Array(Math.ceil(floats * 1.5));
    this.shown.data.set(data.subarray(0, floats));
    this.shown.count = count;
    this.shown.rect = { ...rect };
    this.shown.scale = scale;
    this.#fit(rect, scale, most);
    this.placement.moveTo(rect);
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
    // their quads (the instances hold the capsules first, then the necks: glass-instances.js).
    gl.bindFramebuffer(gl.FRAMEBUFFER, null);
    gl.viewport(0, 0, b.width, b.height);
    gl.scissor(0, shownBottom, b.shownWidth, b.shownHeight);
    gl.clearColor(0, 0, 0, 0);
    gl.clear(gl.COLOR_BUFFER_BIT);
    gl.blendEquation(gl.MAX);
    gl.activeTexture(gl.TEXTURE0);
    gl.bindTexture(gl.TEXTURE_2D, this.texture);
    let capsules = 0;
    while (capsules < count && !isNeck(data, capsules)) capsules += 1;
    const shade = (program, u) => {
      gl.useProgram(program);
      gl.uniform1i(u.field, 0);
      gl.uniform2i(u.border, 1, 1);
      gl.uniform2f(u.viewSize, cssWidth, cssHeight);
      gl.uniform2f(u.viewOrigin, rect.x, rect.y);
      gl.uniform1f(u.scale, scale);
      gl.uniform4fv(u.rimColor, rimColor);
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
