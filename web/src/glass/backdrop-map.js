// What lies behind a cloud, as a coarse map in the cloud's coordinates (no DOM): painters
// (backgrounds, images; backdrop-learner.js reads them from the page) are composited bottom-up
// over an opaque canvas colour at a few samples per cell, each cell keeps the average sRGB of its
// samples (a blur averages encoded values, as the glass's does), and a capsule asks for the
// lightest and darkest colours around it, blurred over about the glass's blur radius.
//
//   const map = new BackdropMap({ x: -24, y: -24, width: 900, height: 400, canvas: [1, 1, 1] });
//   map.paint(rect, (x, y, out) => { out[0..3] = premultiplied rgba; });   // bottom-up
//   map.finish();
//   map.around(x, y, w, h)   // { light: [r, g, b], dark: [r, g, b], mean: [r, g, b] }, sRGB 0…1
// - Complexity: O(samples × painters) to learn (samples: the area / SPACING², capped), O(cells
//   under a capsule) per look-up.

import { luminance } from "../view/appearance-model.js";

/** CSS px between samples, and samples per cell side. */
export const SPACING = 8;
const PER_CELL = 2;
/** At most this many cells: a very tall cloud gets larger cells. */
const MAX_CELLS = 24000;

export class BackdropMap {
  /**
   * @param {{x: number, y: number, width: number, height: number, canvas: number[]}} area
   *   cloud px; `canvas`: the opaque colour under everything (sRGB 0…1)
   */
  constructor({ x, y, width, height, canvas }) {
    let spacing = SPACING;
    while ((width / (spacing * PER_CELL)) * (height / (spacing * PER_CELL)) > MAX_CELLS) spacing *= 2;
    this.spacing = spacing;
    this.cell = spacing * PER_CELL;
    this.x = x;
    this.y = y;
    this.columns = Math.max(1, Math.ceil(width / this.cell));
    this.rows = Math.max(1, Math.ceil(height / this.cell));
    this.width = this.columns * this.cell;
    this.height = this.rows * this.cell;
    this.sampleColumns = this.columns * PER_CELL;
    this.sampleRows = this.rows * PER_CELL;
    this.samples = new Float32Array(3 * this.sampleColumns * this.sampleRows);
    for (let i = 0; i < this.samples.length; i += 3) this.samples.set(canvas, i);
    this.cells = null; // sRGB per cell, then blurred over 3 × 3 cells (about the glass's blur)
    this.lum = null;
    /** Whether a part of it depends on where the cloud is in the viewport (fixed backgrounds, elements beneath). */
    this.viewportDependent = false;
    /** What could not be read (cross-origin images, …), for diagnostics: descriptions. */
    this.unknown = [];
    /** The elements found painted beneath the cloud (diagnostics). */
    this.beneath = [];
    /** The cloud's height when learned, and whether the frame to be drawn differs from it (a guess). */
    this.boxHeight = height;
    this.provisional = false;
  }

  /**
   * Composites a painter over the samples whose centres lie in `rect` (cloud px; clipped to the
   * map). `colorAt(x, y, out)` writes the premultiplied RGBA (0…1) at cloud point (x, y).
   */
  paint(rect, colorAt) {
    const s = this.spacing;
    const first = Math.max(0, Math.ceil((rect.x - this.x) / s - 0.5));
    const last = Math.min(this.sampleColumns - 1, Math.floor((rect.x + rect.width - this.x) / s - 0.5));
    const top = Math.max(0, Math.ceil((rect.y - this.y) / s - 0.5));
    const bottom = Math.min(this.sampleRows - 1, Math.floor((rect.y + rect.height - this.y) / s - 0.5));
    const out = new Float32Array(4);
    for (let row = top; row <= bottom; row += 1) {
      const y = this.y + (row + 0.5) * s;
      for (let column = first; column <= last; column += 1) {
        out.fill(0);
        colorAt(this.x + (column + 0.5) * s, y, out);
        const a = out[3];
        if (a <= 0) continue;
        const at = 3 * (row * this.sampleColumns + column);
        for (let c = 0; c < 3; c += 1) this.samples[at + c] = out[c] + this.samples[at + c] * (1 - a);
      }
    }
  }

  /** Averages the samples into cells and blurs the cells (3 × 3); the map is then read-only. */
  finish() {
    const { columns, rows, sampleColumns } = this;
    const raw = new Float32Array(3 * columns * rows);
    const share = 1 / (PER_CELL * PER_CELL);
    for (let row = 0; row < rows; row += 1) {
      for (let column = 0; column < columns; column += 1) {
        const at = 3 * (row * columns + column);
        for (let dy = 0; dy < PER_CELL; dy += 1) {
          for (let dx = 0; dx < PER_CELL; dx += 1) {
            const from = 3 * ((row * PER_CELL + dy) * sampleColumns + column * PER_CELL + dx);
            for (let c = 0; c < 3; c += 1) raw[at + c] += this.samples[from + c] * share;
          }
        }
      }
    }
    this.samples = null;
    this.cells = new Float32Array(raw.length);
    this.lum = new Float32Array(columns * rows);
    for (let row = 0; row < rows; row += 1) {
      for (let column = 0; column < columns; column += 1) {
        const at = 3 * (row * columns + column);
        let n = 0;
        for (let y = Math.max(0, row - 1); y <= Math.min(rows - 1, row + 1); y += 1) {
          for (let x = Math.max(0, column - 1); x <= Math.min(columns - 1, column + 1); x += 1) {
            const from = 3 * (y * columns + x);
            for (let c = 0; c < 3; c += 1) this.cells[at + c] += raw[from + c];
            n += 1;
          }
        }
        for (let c = 0; c < 3; c += 1) this.cells[at + c] /= n;
        this.lum[row * columns + column] = luminance(this.cells.subarray(at, at + 3));
      }
    }
    return this;
  }

  #color(index) {
    return Array.from(this.cells.subarray(3 * index, 3 * index + 3));
  }

  /**
   * The lightest, darkest and mean colours behind the rect (cloud px): of the cells whose centres
   * lie in it, or the one nearest its centre; outside the map, its nearest edge.
   */
  around(x, y, w, h) {
    const { columns, rows, cell } = this;
    const clampColumn = (v) => Math.min(columns - 1, Math.max(0, v));
    const clampRow = (v) => Math.min(rows - 1, Math.max(0, v));
    let first = clampColumn(Math.ceil((x - this.x) / cell - 0.5));
    let last = clampColumn(Math.floor((x + w - this.x) / cell - 0.5));
    let top = clampRow(Math.ceil((y - this.y) / cell - 0.5));
    let bottom = clampRow(Math.floor((y + h - this.y) / cell - 0.5));
    if (last < first || bottom < top) {
      first = last = clampColumn(Math.floor((x + w / 2 - this.x) / cell));
      top = bottom = clampRow(Math.floor((y + h / 2 - this.y) / cell));
    }
    let light = -1;
    let dark = -1;
    const mean = [0, 0, 0];
    let n = 0;
    for (let row = top; row <= bottom; row += 1) {
      for (let column = first; column <= last; column += 1) {
        const index = row * columns + column;
        if (light < 0 || this.lum[index] > this.lum[light]) light = index;
        if (dark < 0 || this.lum[index] < this.lum[dark]) dark = index;
        for (let c = 0; c < 3; c += 1) mean[c] += this.cells[3 * index + c];
        n += 1;
      }
    }
    return { light: this.#color(light), dark: this.#color(dark), mean: mean.map((v) => v / n) };
  }

  /** Whether the map holds the rect (cloud px) within `slack` px. */
  covers(x, y, w, h, slack = 0) {
    return x >= this.x - slack && y >= this.y - slack && x + w <= this.x + this.width + slack && y + h <= this.y + this.height + slack;
  }
}
