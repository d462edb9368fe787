"""What the page writes to the DOM and draws on canvases, recorded call by call: an init script
(`page.add_init_script(RECORDER)`) wraps the DOM's writing entry points (CSSOM setters and
`setProperty`, attribute and class changes, `dataset`, reflected properties, tree mutations,
custom states, Web Animations started with `Element.animate()`) and the glass's drawing calls
(WebGL2 draws and clears, Canvas 2D fills and clears), and logs each call while
`window.__frameWrites.state.on` is true: `{ target, root, kind, name, changed, inside }` in
`window.__frameWrites.log` (`root`: the target's root node when the write was made, so that a
write to a node removed since still counts where it was made; `inside`: made while
`state.writer` > 0, which a test raises around the element's writer)."""

RECORDER = """
(() => {
  const log = [];
  // on: recording; writer: how deep the page is inside the element's writer (set by a test that
  // wraps it), recorded with each write as `inside`.
  const state = { on: false, writer: 0 };
  window.__frameWrites = { log, state };
  // `root`: where the target was when the write began (a node removed by the write, or since,
  // no longer says where it was).
  const record = (target, kind, name, changed, root = target.getRootNode?.()) => {
    if (state.on) log.push({ target, root, kind, name, changed, inside: state.writer > 0 });
  };
  const wrapMethod = (proto, method, owner, describe) => {
    const original = proto[method];
    if (typeof original !== 'function') return;
    proto[method] = function (...args) {
      const target = owner(this);
      const root = target?.getRootNode?.();
      const before = target ? describe(target, this, args) : null;
      const result = original.apply(this, args);
      if (target) record(target, before.kind, before.name, describe(target, this, args).value !== before.value, root);
      return result;
    };
  };

  // `style` and `dataset` hand out recording proxies of what the element returns (Chromium's
  // camelCase style properties are named-property interceptors, not prototype accessors).
  const proxied = (name, handlerFor) => {
    const descriptor = Object.getOwnPropertyDescriptor(HTMLElement.prototype, name);
    Object.defineProperty(HTMLElement.prototype, name, {
      ...descriptor,
      get() { return new Proxy(descriptor.get.call(this), handlerFor(this)); },
      set: descriptor.set && function (value) { record(this, name, '=', true); descriptor.set.call(this, value); },
    });
  };
  proxied('style', (element) => ({
    get(target, key) {
      const value = target[key];
      if (typeof value !== 'function') return value;
      return (...args) => {
        if (key !== 'setProperty' && key !== 'removeProperty') return value.apply(target, args);
        const before = target.getPropertyValue(args[0]);
        const result = value.apply(target, args);
        record(element, 'style', args[0], target.getPropertyValue(args[0]) !== before);
        return result;
      };
    },
    set(target, key, value) {
      const before = target[key];
      target[key] = value;
      record(element, 'style', String(key), target[key] !== before);
      return true;
    },
  }));
  proxied('dataset', (element) => ({
    get: (target, key) => target[key],
    set: (target, key, value) => { const before = target[key]; target[key] = value; record(element, 'dataset', String(key), target[key] !== before); return true; },
    deleteProperty: (target, key) => { const had = key in target; delete target[key]; record(element, 'dataset', String(key), had); return true; },
    has: (target, key) => key in target,
  }));

  // Attributes, classes, data-*, reflected properties.
  const attribute = (target, element, [name]) => ({ kind: 'attribute', name, value: element.getAttribute(name) });
  for (const method of ['setAttribute', 'removeAttribute', 'toggleAttribute']) {
    wrapMethod(Element.prototype, method, (element) => element, attribute);
  }
  const tokenOwners = new WeakMap();
  const classListDescriptor = Object.getOwnPropertyDescriptor(Element.prototype, 'classList');
  Object.defineProperty(Element.prototype, 'classList', {
    ...classListDescriptor,
    get() { const list = classListDescriptor.get.call(this); tokenOwners.set(list, this); return list; },
  });
  for (const method of ['add', 'remove', 'toggle', 'replace']) {
    wrapMethod(DOMTokenList.prototype, method, (list) => tokenOwners.get(list),
      (target) => ({ kind: 'class', name: 'class', value: target.getAttribute('class') }));
  }
  const reflected = [
    [HTMLElement.prototype, ['tabIndex', 'hidden', 'title', 'dir', 'lang', 'inert']],
    [HTMLButtonElement.prototype, ['disabled', 'type']],
    [Element.prototype, ['className', 'id', 'innerHTML', 'part']],
    [Node.prototype, ['textContent', 'nodeValue']],
  ];
  for (const [proto, names] of reflected) {
    for (const name of names) {
      const descriptor = Object.getOwnPropertyDescriptor(proto, name);
      if (!descriptor?.set) continue;
      Object.defineProperty(proto, name, {
        ...descriptor,
        set(value) {
          const before = descriptor.get.call(this);
          descriptor.set.call(this, value);
          record(this, 'property', name, descriptor.get.call(this) !== before);
        },
      });
    }
  }

  // The tree: nothing may be created, moved or removed while only positions change.
  const tree = (target) => ({ kind: 'tree', name: 'tree', value: Symbol() });
  for (const method of ['appendChild', 'insertBefore', 'removeChild', 'replaceChild']) {
    wrapMethod(Node.prototype, method, (node) => node, tree);
  }
  for (const method of ['append', 'prepend', 'replaceChildren']) {
    wrapMethod(Element.prototype, method, (node) => node, tree);
  }
  // These change the node's parent's children: credited to the parent (a removed node is no
  // longer in the tree a test summarises, and a second writer that only removes would hide).
  for (const method of ['before', 'after', 'remove', 'replaceWith']) {
    wrapMethod(Element.prototype, method, (node) => node.parentNode ?? node, tree);
  }

  // Web Animations: a glide is a write of its own (the browser moves the node for its duration).
  wrapMethod(Element.prototype, 'animate', (element) => element, () => ({ kind: 'animate', name: 'animate', value: Symbol() }));

  // Glass draws: WebGL2 draws and clears, Canvas 2D fills and clears (recorded against the canvas).
  const draw = (target) => ({ kind: 'draw', name: 'draw', value: Symbol() });
  if (globalThis.WebGL2RenderingContext) {
    for (const method of ['drawArrays', 'drawArraysInstanced', 'drawElements', 'drawElementsInstanced', 'clear']) {
      wrapMethod(WebGL2RenderingContext.prototype, method, (context) => context.canvas, draw);
    }
  }
  for (const method of ['fill', 'stroke', 'fillRect', 'clearRect', 'drawImage']) {
    wrapMethod(CanvasRenderingContext2D.prototype, method, (context) => context.canvas, draw);
  }

  // Custom states (`:state()`): only the element sets them; recorded against the document.
  if (globalThis.CustomStateSet) {
    for (const method of ['add', 'delete']) {
      wrapMethod(CustomStateSet.prototype, method, () => document.documentElement,
        (target, set, [name]) => ({ kind: 'state', name, value: set.has(name) }));
    }
  }
})();
"""
