// The custom properties styles.css transitions, registered with the document: a registered
// property has a type, so the browser can ease it; an unregistered one changes at once.
// Registration is document-wide, like the element's name, so the names are the element's own
// (`--glass-…`) and a second copy of the element on the page finds them already registered.
//
//   registerEasedProperties();   // once, where the element is defined
//
// --glass-eased-tint-amount: the tint amount the legibility layer mixes into its frost
// (styles.css, "Adaptive appearance"), eased with the capsule's tint on a selection.

const EASED = [{ name: "--glass-eased-tint-amount", syntax: "<percentage>", inherits: true, initialValue: "0%" }];

export function registerEasedProperties() {
  if (typeof CSS === "undefined" || typeof CSS.registerProperty !== "function") return;
  for (const property of EASED) {
    try {
      CSS.registerProperty(property);
    } catch (error) {
      // Registered already (another copy of the element): the same type, nothing to do.
      if (error?.name !== "InvalidModificationError") throw error;
    }
  }
}
