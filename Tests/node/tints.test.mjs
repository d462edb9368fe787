// The tints a `tagcloud serve --tags` file accepts (TagFile.checkHexColor: #rgb, #rgba,
// #rrggbb, #rrggbbaa, either case; Tests/TagCloudLiveTests/TagFileAndMetricsTests.swift) are
// colours the element draws exactly: its melted glass reads a tint through parseColor, which
// must give each form's own RGB (never the grey it falls back to for what it cannot read).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseColor } from '../../web/src/view/tag-nodes.js';

const byte = (value) => value / 255;

test('every hex form a tags file accepts is the glass colour it names', () => {
  const cases = [
    ['#fff', [1, 1, 1]],
    ['#FFF8', [1, 1, 1]],
    ['#0a84ff', [byte(0x0a), byte(0x84), byte(0xff)]],
    ['#0A84FF80', [byte(0x0a), byte(0x84), byte(0xff)]],
    ['#AbC', [byte(0xaa), byte(0xbb), byte(0xcc)]],
    ['#1234', [byte(0x11), byte(0x22), byte(0x33)]],
  ];
  for (const [tint, rgb] of cases) assert.deepEqual(parseColor(tint), rgb, tint);
});
