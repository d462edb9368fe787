// The Wasm module from whatever the caller has (tagcloud-core.js `loadTagCloudCore`): a URL or a
// URL string, a `Response` (or a promise of one), an `ArrayBuffer`, a typed array or a compiled
// `WebAssembly.Module`; in node a file: URL is read from disk (node's fetch refuses those).
//
//   const module = await compile(new URL('../../tagcloud.wasm', import.meta.url));

const isNode = typeof process === 'object' && process !== null && !!process.versions?.node;

export async function compile(source) {
  source = await source;
  if (source instanceof WebAssembly.Module) return source;
  if (source instanceof ArrayBuffer || ArrayBuffer.isView(source)) {
    return WebAssembly.compile(source);
  }
  if (typeof Response !== 'undefined' && source instanceof Response) {
    if (!source.ok) {
      throw new Error(`tagcloud-core: ${source.url || 'the module'} answered ${source.status}`);
    }
    // compileStreaming insists on the application/wasm type, which not every static host sends.
    const type = source.headers.get('content-type') ?? '';
    if (WebAssembly.compileStreaming && type.split(';')[0].trim() === 'application/wasm') {
      return WebAssembly.compileStreaming(source);
    }
    return WebAssembly.compile(await source.arrayBuffer());
  }
  if (typeof source === 'string' || source instanceof URL) {
    const url = await resolve(source);
    if (url.protocol === 'file:' && isNode) {
      // node's fetch refuses file: URLs.
      const { readFile } = await import('node:fs/promises');
      return WebAssembly.compile(await readFile(url));
    }
    return compile(await fetch(url));
  }
  throw new TypeError(
    'tagcloud-core: source must be a URL, a Response, an ArrayBuffer, a typed array or a WebAssembly.Module',
  );
}

/** Absolute URLs stay; a relative string is relative to the page, or in node to the cwd. */
async function resolve(source) {
  if (source instanceof URL) return source;
  try {
    return new URL(source);
  } catch {
    if (isNode) {
      const { pathToFileURL } = await import('node:url');
      return pathToFileURL(source);
    }
    return new URL(source, globalThis.document?.baseURI ?? globalThis.location?.href);
  }
}
