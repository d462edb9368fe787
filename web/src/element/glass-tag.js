// <glass-tag>: one tag of a <glass-tag-cloud>, from markup.
//
//   <glass-tag value="swiftui" tint="#0A84FF" selected removable>SwiftUI</glass-tag>

/** The seed's tint for a tag that names none. */
export const DEFAULT_TINT = "#8E8E93";

/** A tag's title from its text: white space collapsed. */
export function tagTitle(element) {
  return (element.textContent ?? "").replace(/\s+/g, " ").trim();
}

export class GlassTagElement extends HTMLElement {
  get value() {
    return this.getAttribute("value") ?? this.label;
  }
  set value(value) {
    this.setAttribute("value", String(value));
  }
  /** The title shown on the capsule: the element's text, white space collapsed. */
  get label() {
    return tagTitle(this);
  }
  get tint() {
    return this.getAttribute("tint") ?? DEFAULT_TINT;
  }
  set tint(value) {
    this.setAttribute("tint", String(value));
  }
  /** Selected by default: part of the initial selection and of the one a form reset restores. */
  get selected() {
    return this.hasAttribute("selected");
  }
  set selected(value) {
    this.toggleAttribute("selected", Boolean(value));
  }
  /** Has a remove control (also when its cloud is `removable`). */
  get removable() {
    return this.hasAttribute("removable");
  }
  set removable(value) {
    this.toggleAttribute("removable", Boolean(value));
  }
}
