// The element's reflected attributes as properties, defined on its class here (the host class
// stays small): `spacing`, `mergeDistance`, `maxSelected`, `name`, `required`, `maxRows`,
// `removable`, `disabled` and `live`. Each reads its attribute every time (no copy to keep in
// step); a number that is not one, or below its least, reads as the default.
//
//   defineAttributeProperties(GlassTagCloudElement);

import { DEFAULT_MERGE_DISTANCE, DEFAULT_SPACING } from "../core/core-constants.js";

/** An attribute's number, or `fallback` (none, not a number, or below `minimum`). */
export function parseNumber(text, fallback, minimum = 0) {
  if (text === null || text.trim() === "") return fallback;
  const value = Number(text);
  return Number.isFinite(value) && value >= minimum ? value : fallback;
}

/** Each property: its attribute read, and written (some remove it for "none"). */
const PROPERTIES = {
  spacing: {
    get() { return parseNumber(this.getAttribute("spacing"), DEFAULT_SPACING); },
    set(value) { this.setAttribute("spacing", String(value)); },
  },
  mergeDistance: {
    get() { return parseNumber(this.getAttribute("merge-distance"), DEFAULT_MERGE_DISTANCE); },
    set(value) { this.setAttribute("merge-distance", String(value)); },
  },
  /** The most tags a user may select, or null (no limit). */
  maxSelected: {
    get() {
      const value = parseNumber(this.getAttribute("max-selected"), null);
      return value === null ? null : Math.floor(value);
    },
    set(value) {
      if (value === null || value === undefined) this.removeAttribute("max-selected");
      else this.setAttribute("max-selected", String(value));
    },
  },
  name: {
    get() { return this.getAttribute("name") ?? ""; },
    set(value) { this.setAttribute("name", String(value)); },
  },
  required: {
    get() { return this.hasAttribute("required"); },
    set(value) { this.toggleAttribute("required", Boolean(value)); },
  },
  /** The most rows shown before a "+K" capsule folds the rest (0: no limit). */
  maxRows: {
    get() { return Math.floor(parseNumber(this.getAttribute("max-rows"), 0)); },
    set(value) { if (value > 0) this.setAttribute("max-rows", String(value)); else this.removeAttribute("max-rows"); },
  },
  /** Every tag gets a remove control (a tag may say so itself). */
  removable: {
    get() { return this.hasAttribute("removable"); },
    set(value) { this.toggleAttribute("removable", Boolean(value)); },
  },
  disabled: {
    get() { return this.hasAttribute("disabled"); },
    set(value) { this.toggleAttribute("disabled", Boolean(value)); },
  },
  live: {
    get() { return this.getAttribute("live") ?? ""; },
    set(value) { if (value) this.setAttribute("live", String(value)); else this.removeAttribute("live"); },
  },
};

export function defineAttributeProperties(elementClass) {
  for (const [name, { get, set }] of Object.entries(PROPERTIES)) {
    Object.defineProperty(elementClass.prototype, name, { configurable: true, enumerable: true, get, set });
  }
}
