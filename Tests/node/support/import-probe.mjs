// Imports one module (argv[2], a file URL) in a process without a DOM, with every browser global
// the element's modules use replaced by a trap, and prints what the import touched as JSON:
// `{ touched: [names], added: [new globals], error }`. Run by Tests/node/imports.test.mjs, one
// process per module, so each module's own evaluation (and its imports') is what counts.
//
// `HTMLElement` is the one global a custom element's class must read as it is defined (its base
// class): a plain class stands in for it. `customElements` is read only by the modules that the
// package declares to have side effects (web/package.json `sideEffects`): the test allows it there.

const TRAPPED = [
  'window', 'self', 'document', 'navigator', 'location', 'matchMedia', 'addEventListener',
  'removeEventListener', 'dispatchEvent', 'requestAnimationFrame', 'cancelAnimationFrame',
  'ResizeObserver', 'MutationObserver', 'IntersectionObserver', 'CSSStyleSheet', 'CSS',
  'customElements', 'getComputedStyle', 'sessionStorage', 'localStorage', 'fetch',
  'HTMLImageElement', 'HTMLVideoElement', 'OffscreenCanvas', 'Image', 'FontFace',
  'devicePixelRatio', 'innerWidth', 'innerHeight', 'visualViewport', 'screen', 'WebSocket',
  'KeyframeEffect', 'Animation', 'queueMicrotask', 'setTimeout', 'setInterval',
];
const touched = new Set();
for (const name of TRAPPED) {
  Object.defineProperty(globalThis, name, {
    configurable: true,
    get() {
      touched.add(name);
      // What a page would hand back, enough to go on: a define, a base class, a query.
      if (name === 'customElements') return { get: () => undefined, define: () => {} };
      return undefined;
    },
    set() {
      touched.add(name);
    },
  });
}
globalThis.HTMLElement = class HTMLElement {};
const before = new Set(Reflect.ownKeys(globalThis));
let error = null;
try {
  await import(process.argv[2]);
} catch (caught) {
  error = String(caught?.stack ?? caught);
}
const added = Reflect.ownKeys(globalThis).filter((key) => !before.has(key)).map(String);
process.stdout.write(JSON.stringify({ touched: [...touched], added, error }));
