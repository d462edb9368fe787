// The peer of the loader's `arrange()`: the seed's flow rule (`GlassTagCloudFlow.arrange`)
// written as a plain JavaScript loop over a `Float64Array` of packed sizes `[w0, h0, …]`, what
// a web developer would write instead of loading the Wasm core. Same inputs, same result shape
// (`{origins, width, height}`), origins written into a buffer the caller keeps.
//
//   const origins = new Float64Array(sizes.length);
//   flowInJavaScript(sizes, 390, 18, origins).height
//
// It checks nothing (a NaN size gives meaningless positions), which only flatters the peer: the
// loader's `arrange()` refuses bad sizes.
export function flowInJavaScript(sizes, width, spacing, origins) {
  const count = sizes.length >> 1;
  let x = 0;
  let y = 0;
  let rowHeight = 0;
  let usedWidth = 0;
  for (let i = 0; i < count; i++) {
    const w = sizes[2 * i];
    const h = sizes[2 * i + 1];
    if (x > 0 && x + w > width) {
      x = 0;
      y = y + rowHeight + spacing;
      rowHeight = 0;
    }
    origins[2 * i] = x;
    origins[2 * i + 1] = y;
    usedWidth = Math.max(usedWidth, x + w);
    rowHeight = Math.max(rowHeight, h);
    x += w + spacing;
  }
  return { origins, width: usedWidth, height: y + rowHeight };
}
