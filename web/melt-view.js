// Draws the merged glass of a layout under the capsules: liquid bridges between the capsules of a
// merge group, tinted from one capsule's tint to the other's, and one light rim around the
// outline of each group (so melted capsules read as one piece of glass, with no seam).
//
//   const melt = new MeltView(cloudElement);
//   melt.draw(response, tints, 10);   // tints[i] = CSS colour of item i
//
// Why shapes from the core's groups rather than an SVG "goo" filter: the groups are exact (a
// gap < mergeDistance between capsule shapes, the seed's GlassEffectContainer spacing) while goo
// bridges whatever its blur radius reaches; and a filter on an ancestor would become the
// backdrop root of the capsules and switch off their `backdrop-filter` glass, and it would
// threshold the labels' antialiasing away.
// - Complexity: O(items + Σ groupSize²) DOM nodes per draw.

import { meltBridges } from "./melt-shape.js";

const SVG = "http://www.w3.org/2000/svg";
const RIM_INSET = 1;

function element(name, attributes = {}) {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, String(value));
  return node;
}

function capsuleRect(item, inset, fill) {
  const w = Math.max(0, item.w - 2 * inset);
  const h = Math.max(0, item.h - 2 * inset);
  const r = Math.min(w, h) / 2;
  return element("rect", { x: item.x + inset, y: item.y + inset, width: w, height: h, rx: r, ry: r, fill });
}

/**
 * A capsule's outline as path data, wound like melt-shape's bridges (counter-clockwise on
 * screen: down the left end first), so that a nonzero fill of both is their union.
 */
export function capsulePath(item) {
  const { x, y, w, h } = item;
  const r = Math.min(w, h) / 2;
  const n = (value) => Math.round(value * 1000) / 1000;
  return (
    `M${n(x + r)} ${n(y)}A${n(r)} ${n(r)} 0 0 0 ${n(x)} ${n(y + r)}L${n(x)} ${n(y + h - r)}` +
    `A${n(r)} ${n(r)} 0 0 0 ${n(x + r)} ${n(y + h)}L${n(x + w - r)} ${n(y + h)}` +
    `A${n(r)} ${n(r)} 0 0 0 ${n(x + w)} ${n(y + h - r)}L${n(x + w)} ${n(y + r)}` +
    `A${n(r)} ${n(r)} 0 0 0 ${n(x + w - r)} ${n(y)}Z`
  );
}

export class MeltView {
  /** @param {HTMLElement} cloud */
  constructor(cloud) {
    // SVG ids are document-wide: each cloud on a page gets its own.
    this.id = `melt-${Math.random().toString(36).slice(2, 10)}`;
    // The glass (backdrop blur and saturation) is one layer for the whole cloud, clipped to the
    // union of capsules and bridges, so melted capsules are literally one piece of glass and no
    // spot is blurred twice. Bridge tints go over it, under the capsules (which paint their own
    // tint); the rim goes over everything, so a selected capsule's dense tint does not hide it.
    this.under = element("svg", { class: "melt", "aria-hidden": "true", focusable: "false" });
    this.over = element("svg", { class: "melt", "aria-hidden": "true", focusable: "false" });
    this.under.dataset.meltBridges = "";
    this.over.dataset.meltRim = "";
    this.glass = document.createElement("div");
    this.glass.className = "melt-glass";
    this.glass.setAttribute("aria-hidden", "true");
    cloud.prepend(this.glass);
    this.glass.after(this.under);
    cloud.append(this.over);
  }

  /**
   * @param {{size: number[], items: {x: number, y: number, w: number, h: number, selected: boolean}[], groups: number[][]}} layout
   * @param {(index: number) => {color: string, opacity: number}} tintOf
   * @param {number} mergeDistance
   */
  draw(layout, tintOf, mergeDistance) {
    const [width, height] = layout.size;
    const pad = 8;
    const box = { x: -pad, y: -pad, width: width + 2 * pad, height: height + 2 * pad };
    for (const svg of [this.under, this.over]) {
      svg.setAttribute("width", String(Math.max(1, width)));
      svg.setAttribute("height", String(Math.max(1, height)));
      svg.setAttribute("viewBox", `0 0 ${Math.max(1, width)} ${Math.max(1, height)}`);
    }

    const necks = meltBridges(layout.items, layout.groups, mergeDistance, RIM_INSET);
    const defs = element("defs");
    const rimDefs = element("defs");
    // Bridges show only between capsules (each capsule paints its own glass and tint).
    const between = element("mask", { id: `${this.id}-between`, maskUnits: "userSpaceOnUse", ...box });
    between.append(element("rect", { ...box, fill: "white" }));
    for (const item of layout.items) between.append(capsuleRect(item, 0, "black"));
    // The rim shows only outside the (inset) union of capsules and bridges: one outline per group.
    const outside = element("mask", { id: `${this.id}-outside`, maskUnits: "userSpaceOnUse", ...box });
    outside.append(element("rect", { ...box, fill: "white" }));
    for (const item of layout.items) outside.append(capsuleRect(item, RIM_INSET, "black"));
    for (const neck of necks) outside.append(element("path", { d: neck.rimPath, fill: "black" }));
    // Everything the rim must not cross: outside the real glass, nothing is drawn.
    const inside = element("mask", { id: `${this.id}-inside`, maskUnits: "userSpaceOnUse", ...box });
    for (const item of layout.items) inside.append(capsuleRect(item, 0, "white"));
    for (const neck of necks) inside.append(element("path", { d: neck.path, fill: "white" }));
    defs.append(between);
    rimDefs.append(outside, inside);

    const bridges = element("g", { mask: `url(#${this.id}-between)` });
    necks.forEach((neck, index) => {
      const gradient = element("linearGradient", {
        id: `${this.id}-tint-${index}`,
        gradientUnits: "userSpaceOnUse",
        x1: neck.p.x, y1: neck.p.y, x2: neck.q.x, y2: neck.q.y,
      });
      const a = tintOf(neck.from);
      const b = tintOf(neck.to);
      gradient.append(
        element("stop", { offset: 0, "stop-color": a.color, "stop-opacity": a.opacity }),
        element("stop", { offset: 1, "stop-color": b.color, "stop-opacity": b.opacity }),
      );
      defs.append(gradient);
      bridges.append(
        element("path", {
          d: neck.path,
          fill: `url(#${this.id}-tint-${index})`,
          "data-from": neck.from,
          "data-to": neck.to,
        }),
      );
    });

    const rimOutside = element("g", { mask: `url(#${this.id}-outside)` });
    const rim = element("g", { class: "melt-rim", mask: `url(#${this.id}-inside)` });
    for (const item of layout.items) rim.append(capsuleRect(item, RIM_INSET, "none"));
    for (const neck of necks) rim.append(element("path", { d: neck.rimPath, fill: "none" }));
    rimOutside.append(rim);

    this.under.replaceChildren(defs, bridges);
    this.#drawGlass(layout.items, necks, width, height);
    this.over.replaceChildren(rimDefs, rimOutside);
  }

  #drawGlass(items, necks, width, height) {
    // Every subpath is wound the same way (see capsulePath and melt-shape's hourglass), so the
    // nonzero rule fills their union.
    const path = items.map(capsulePath).join("") + necks.map((neck) => neck.path).join("");
    this.glass.hidden = false;
    this.glass.style.width = `${width}px`;
    this.glass.style.height = `${height}px`;
    this.glass.style.clipPath = `path(nonzero, "${path}")`;
  }

  clear() {
    this.glass.hidden = true;
    this.under.replaceChildren();
    this.over.replaceChildren();
  }
}
