// What a module defining a custom element reads as it is defined, for tests without a DOM: its
// base class (a plain one), and the MutationObserver a TagsController makes (one that sees nothing).
globalThis.HTMLElement ??= class HTMLElement {};
globalThis.MutationObserver ??= class MutationObserver {
  observe() {}
  disconnect() {}
};
