// Where the tests find the repository's artefacts, independent of the working directory.
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
export const wasmURL = new URL('../../../web/tagcloud.wasm', import.meta.url);
export const coreModuleURL = new URL('../../../web/src/core/tagcloud-core.js', import.meta.url);
export const nativeBinary = fileURLToPath(new URL('../../../.build/debug/tagcloud', import.meta.url));
