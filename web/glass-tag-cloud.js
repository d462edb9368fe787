// The package's entry: importing it defines <glass-tag-cloud> and <glass-tag> (docs/ELEMENT.md).
// It sits at the package's root so that an import map names it plainly:
//
//   <script type="importmap">
//     { "imports": { "glass-tag-cloud": "/node_modules/glass-tag-cloud/glass-tag-cloud.js" } }
//   </script>
//   <script type="module">import "glass-tag-cloud";</script>
//
// The element's modules live in src/ and find each other (and tagcloud.wasm, styles.css)
// relative to themselves, so the package's folder is served as it is.
export * from "./src/element/glass-tag-cloud.js";
