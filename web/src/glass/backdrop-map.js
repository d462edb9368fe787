// What lies behind a cloud, as a coarse map in the cloud's coordinates (no DOM): painters
// (backgrounds, images; backdrop-learner.js reads them from the page) are composited bottom-up
// over an opaque canvas colour at a few samples per cell, each cell keeps the average sRGB of its
// samples (a blur averages encoded values, as the glass's does), and a capsule asks for the
// lightest and darkest colours under it, averaged over windows of about the glass's blur.
//
//   const map = new BackdropMap({ x: -24, y: -24, width: 900, height: 400, canvas: [1, 1, 1] });
//   map.paint(rect, (x, y, out) => { out[0..3] = premultiplied rgba; }, fine);   // bottom-up
//   map.finish();
//   map.around(x, y, w, h, window)   // { light, dark, mean, low, high }: [r, g, b], sRGB 0…1
//
// Besides the averages, each sample keeps the darkest and lightest colour that may show there
// (`low`, `high`): a pattern finer than the samples (fine stripes) is painted as its average, and
// its darkest and lightest colours (`fine`) go into those. Engines blur fine detail unevenly (WebKit
// draws moiré bands over 1 px stripes), so the glass is made to read over part of that range too.
// - Complexity: O(samples × painters) to learn (samples: the area / SPACING², capped), O(cells
//   under a capsule) per look-up (each window's mean in O(1)).

/** sRGB luma weights: extremes are picked by luma (no per-window power), their colours kept exact. */
const WEIGHTS = [0.2126, 0.7152, 0.0722];
const luma = (rgb) => WEIGHTS[0] * rgb[0] + WEIGHTS[1] * rgb[1] + WEIGHTS[2] * rgb[2];

/** CSS px between samples, and samples per cell side. */
export const SPACING = 4;
const PER_CELL = 2;
/** Cells per side of the windows a capsule's lightest and darkest colours are averaged over (24 px: the regular glass's blur). */
const WINDOW = 3;
/** At most this many cells: a very tall cloud gets larger cells. */
const MAX_CELLS = 20000;

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
    this.lowSamples = this.samples.slice();
    this.highSamples = this.samples.slice();
    this.sums = null; // running sums of the cells' sRGB (finish)
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
   * map). `colorAt(x, y, out)` writes the premultiplied RGBA (0…1) at cloud point (x, y); `fine`:
   * { low, high } premultiplied RGBA, when colorAt gives the average of a finer pattern.
   */
  paint(rect, colorAt, fine = null) {
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
        const low = fine?.low ?? out;
        const high = fine?.high ?? out;
        for (let c = 0; c < 3; c += 1) {
          this.samples[at + c] = out[c] + this.samples[at + c] * (1 - a);
          this.lowSamples[at + c] = low[c] + this.lowSamples[at + c] * (1 - low[3]);
          this.highSamples[at + c] = high[c] + this.highSamples[at + c] * (1 - high[3]);
        }
      }
    }
  }

  /**
   * Averages the samples into cells and keeps running sums of them (a summed-area table), so
   * that any window of cells averages in O(1); the map is then read-only.
   */
  finish() {
    const { columns, rows, sampleColumns } = this;
    const stride = columns + 1;
    this.sums = new Float64Array(3 * stride * (rows + 1));
    this.low = new Float32Array(3 * columns * rows); // per cell: the darkest sample's low colour
    this.high = new Float32Array(3 * columns * rows);
    this.lowL = new Float32Array(columns * rows).fill(2);
    this.highL = new Float32Array(columns * rows).fill(-1);
    const share = 1 / (PER_CELL * PER_CELL);
    const cell = [0, 0, 0];
    for (let row = 0; row < rows; row += 1) {
      for (let column = 0; column < columns; column += 1) {
        cell.fill(0);
        const index = row * columns + column;
        for (let dy = 0; dy < PER_CELL; dy += 1) {
          for (let dx = 0; dx < PER_CELL; dx += 1) {
            const from = 3 * ((row * PER_CELL + dy) * sampleColumns + column * PER_CELL + dx);
            for (let c = 0; c < 3; c += 1) cell[c] += this.samples[from + c] * share;
            const low = this.lowSamples.subarray(from, from + 3);
            const high = this.highSamples.subarray(from, from + 3);
            const lowL = luma(low);
            const highL = luma(high);
            if (lowL < this.lowL[index]) {
              this.lowL[index] = lowL;
              this.low.set(low, 3 * index);
            }
            if (highL > this.highL[index]) {
              this.highL[index] = highL;
              this.high.set(high, 3 * index);
            }
          }
        }
        const at = 3 * ((row + 1) * stride + column + 1);
        const left = 3 * ((row + 1) * stride + column);
        const up = 3 * (row * stride + column + 1);
        const corner = 3 * (row * stride + column);
        for (let c = 0; c < 3; c += 1) this.sums[at + c] = cell[c] + this.sums[left + c] + this.sums[up + c] - this.sums[corner + c];
      }
    }
    this.samples = this.lowSamples = this.highSamples = null;
    return this;
  }

  /** The luma (sRGB weighted, a monotonic stand-in for luminance) of a window's mean. */
  #luma(column0, row0, column1, row1) {
    const stride = this.columns + 1;
    const sums = this.sums;
    let sum = 0;
    for (let c = 0; c < 3; c += 1) {
      sum += WEIGHTS[c] * (sums[3 * (row1 * stride + column1) + c] - sums[3 * (row0 * stride + column1) + c]
        - sums[3 * (row1 * stride + column0) + c] + sums[3 * (row0 * stride + column0) + c]);
    }
    return sum;
  }

  /** The mean colour of cells [column0, column1) × [row0, row1). */
  #mean(column0, row0, column1, row1) {
    const stride = this.columns + 1;
    const n = (column1 - column0) * (row1 - row0);
    const out = [0, 0, 0];
    for (let c = 0; c < 3; c += 1) {
      out[c] = (this.sums[3 * (row1 * stride + column1) + c] - this.sums[3 * (row0 * stride + column1) + c]
        - this.sums[3 * (row1 * stride + column0) + c] + this.sums[3 * (row0 * stride + column0) + c]) / n;
    }
    return out;
  }

  /**
   * The lightest, darkest and mean colours behind the rect (cloud px, sRGB 0…1): the mean of the
   * cells whose centres lie in it (or the one nearest its centre; outside the map, its nearest
   * edge), the lightest and darkest of its windows of `window` × `window` cells (about the glass's
   * blur, which reads nothing beyond the capsule's edge), and the darkest and lightest colours
   * that show anywhere in it, unblurred (`low`, `high`).
   */
  around(x, y, w, h, window = WINDOW) {
    const { columns, rows, cell } = this;
    const clampColumn = (v) => Math.min(columns - 1, Math.max(0, v));
    const clampRow = (v) => Math.min(rows - 1, Math.max(0, v));
    let first = clampColumn(Math.ceil((x - this.x) / cell - 0.5));
    let last = clampColumn(Math.floor((x + w - this.x) / cell - 0.5));
    let top = clampRow(Math.ceil((y - this.y) / cell - 0.5));
    let bottom = clampRow(Math.floor((y + h - this.y) / cell - 0.5));
    if (last < first) first = last = clampColumn(Math.floor((x + w / 2 - this.x) / cell));
    if (bottom < top) top = bottom = clampRow(Math.floor((y + h / 2 - this.y) / cell));
    const across = Math.min(window, last - first + 1);
    const down = Math.min(window, bottom - top + 1);
    let light = null;
    let dark = null;
    let lightL = -Infinity;
    let darkL = Infinity;
    let low = -1;
    let high = -1;
    for (let row = top; row <= bottom; row += 1) {
      for (let column = first; column <= last; column += 1) {
        const index = row * columns + column;
        if (low < 0 || this.lowL[index] < this.lowL[low]) low = index;
        if (high < 0 || this.highL[index] > this.highL[high]) high = index;
      }
    }
    // Windows every other cell (half a blur apart: a quarter of the look-ups), and the last.
    const starts = (from, to) => {
      const list = [];
      for (let at = from; at < to; at += 2) list.push(at);
      list.push(to);
      return list;
    };
    const columnStarts = starts(first, last + 1 - across);
    for (const row of starts(top, bottom + 1 - down)) {
      for (const column of columnStarts) {
        const l = this.#luma(column, row, column + across, row + down);
        if (l > lightL) [light, lightL] = [[column, row], l];
        if (l < darkL) [dark, darkL] = [[column, row], l];
      }
    }
    const windowMean = ([column, row]) => this.#mean(column, row, column + across, row + down);
    return {
      light: windowMean(light), dark: windowMean(dark), mean: this.#mean(first, top, last + 1, bottom + 1),
      low: Array.from(this.low.subarray(3 * low, 3 * low + 3)), high: Array.from(this.high.subarray(3 * high, 3 * high + 3)),
    };
  }

  /** Whether the map holds the rect (cloud px) within `slack` px. */
  covers(x, y, w, h, slack = 0) {
    return x >= this.x - slack && y >= this.y - slack && x + w <= this.x + this.width + slack && y + h <= this.y + this.height + slack;
  }
}
