// Seeded random layout requests (docs/PROTOCOL.md) as UTF-8 bytes, and a catalogue of hostile
// ones, for the parity test between the Wasm module and the native `tagcloud layout`.

const WORDS = ['Swift', 'UI', 'Glass', 'Layout', 'Charts', 'Metal', 'a', 'Navigation', 'Über',
  'café', '東京', 'emoji🙂', 'tab\there', 'quote"s', 'back\\slash', 'new\nline', '\u0001ctl',
  '\u2028sep', 'Widgets', 'Symbols'];

/**
 * A JSON number in one of the spellings a client may send: shortest, exponent, padded with
 * zeros, or with more digits than a double holds. All denote (nearly) the same value.
 */
function spellNumber(random, value) {
  if (!Number.isFinite(value)) return JSON.stringify(value);
  switch (random.int(0, 9)) {
    case 0:
      return value.toExponential();
    case 1:
      return value.toExponential(random.int(0, 20)).replace('e', random.pick(['e', 'E']));
    case 2:
      return Number.isInteger(value) ? `${value}.000` : `${value}00`;
    case 3:
      return value.toPrecision(random.int(1, 21));
    default:
      return JSON.stringify(value);
  }
}

/** A length: integer or fractional, occasionally tiny, huge-but-sane or zero. */
function length(random, max) {
  switch (random.int(0, 9)) {
    case 0:
      return 0;
    case 1:
      return random.float(0, 1e-3);
    case 2:
      return random.int(0, max);
    case 3:
      return Math.round(random.float(0, max) * 2) / 2;
    default:
      return random.float(0, max);
  }
}

/** JSON whitespace the writer picks from: every kind, or every kind but the line break. */
const SPACES = [' ', '\n', '\t', '\r\n  '];
const ONE_LINE_SPACES = [' ', '\t', '\r', ' \t '];

/**
 * Writes `value` as JSON text with randomly spelled numbers and random whitespace from `spaces`.
 */
function write(random, value, spaces) {
  const space = () => (random.chance(0.1) ? random.pick(spaces) : '');
  if (typeof value === 'number') return spellNumber(random, value);
  if (Array.isArray(value)) {
    return `[${space()}${value.map((v) => write(random, v, spaces)).join(`,${space()}`)}${space()}]`;
  }
  if (value !== null && typeof value === 'object') {
    const members = Object.entries(value).map(
      ([key, v]) => `${JSON.stringify(key)}${space()}:${space()}${write(random, v, spaces)}`,
    );
    return `{${space()}${members.join(`,${space()}`)}${space()}}`;
  }
  return JSON.stringify(value);
}

/**
 * One random request that a correct core should accept (most of the time). `animation: false`
 * leaves out springs, whose settle time is the costly part of a layout. One in ten is written
 * with line breaks among its whitespace, the rest on one line: the native side answers one-line
 * requests many to a process (`tagcloud layout --lines`), each of the others in a process of its
 * own (5 to 10 ms each).
 */
export function randomRequest(random, { animation = true } = {}) {
  const spaces = random.chance(0.1) ? SPACES : ONE_LINE_SPACES;
  const count = random.chance(0.03) ? random.int(100, 300) : random.int(0, 16);
  const ids = new Set();
  while (ids.size < count) {
    const words = Array.from({ length: random.int(1, 3) }, () => random.pick(WORDS));
    ids.add(words.join(' ') + (random.chance(0.5) ? ` ${ids.size}` : ''));
  }
  const tags = [...ids].map((id) => {
    if (random.chance(0.5)) return { id, size: [length(random, 240), length(random, 60)] };
    const words = id.split(' ').map(() => length(random, 120));
    const width = words.reduce((sum, w) => sum + w, 0) + 4 * (words.length - 1);
    return { id, label: { width: random.chance(0.8) ? width : length(random, 300), words } };
  });
  const request = {};
  const order = [];
  order.push(['width', random.pick([null, 0, random.int(1, 800), length(random, 800), 390])]);
  order.push(['spacing', random.pick([18, 3, 0, length(random, 40)])]);
  if (random.chance(0.3)) order.push(['mergeDistance', random.pick([0, 10, length(random, 30)])]);
  if (random.chance(0.3)) order.push(['textScale', random.pick([1, 0.8, 1.35, 3.1, length(random, 4) + 0.5])]);
  if (random.chance(0.3)) order.push(['lineHeight', random.pick([20, 18, length(random, 40) + 1])]);
  order.push(['tags', tags]);
  if (random.chance(0.6)) order.push(['selection', [...ids].filter(() => random.chance(0.3))]);
  if (animation && random.chance(0.6)) {
    order.push(['animation', random.pick([null, 'snappy', 'smooth', 'spacing',
      { duration: random.float(0.05, 2), bounce: random.pick([0, 0.15, random.float(-0.5, 0.9)]) }])]);
  }
  if (random.chance(0.3)) order.push(['reduceMotion', random.chance(0.5)]);
  // Members in a random order: the protocol is an object, not a sequence.
  while (order.length > 0) {
    const [key, value] = order.splice(random.int(0, order.length - 1), 1)[0];
    request[key] = value;
  }
  return new TextEncoder().encode(write(random, request, spaces));
}

const utf8 = (text) => new TextEncoder().encode(text);
const bytes = (...parts) =>
  Uint8Array.from(parts.flatMap((part) => (typeof part === 'string' ? [...utf8(part)] : part)));

const valid = '{"width": 390, "spacing": 18, "tags": [{"id": "A", "size": [96, 40]}]}';

/** Requests a core must refuse with a message (or, for a few edge cases, answer), never crash on. */
export function hostileRequests() {
  const texts = [
    '', ' ', '{', '}', '[]', 'null', 'true', '0', '"x"', '{"width":', '{"width": 390,',
    '{"width": 390, "spacing": 18}', '{"spacing": 18, "tags": []}', '{"width": 390, "tags": []}',
    '{"width": "390", "spacing": 18, "tags": []}', '{"width": 390, "spacing": null, "tags": []}',
    '{"width": 390, "spacing": 18, "tags": {}}', '{"width": -1, "spacing": 18, "tags": []}',
    '{"width": 390, "spacing": -3, "tags": []}', '{"width": 1e400, "spacing": 18, "tags": []}',
    '{"width": 390, "spacing": 1e309, "tags": []}', '{"width": NaN, "spacing": 18, "tags": []}',
    '{"width": Infinity, "spacing": 18, "tags": []}', '{"width": 01, "spacing": 18, "tags": []}',
    '{"width": 1., "spacing": 18, "tags": []}', '{"width": .5, "spacing": 18, "tags": []}',
    '{"width": -, "spacing": 18, "tags": []}', '{"width": +1, "spacing": 18, "tags": []}',
    '{"width": 3000000000, "spacing": 18, "tags": []}', '{"width": 1e-400, "spacing": 18, "tags": []}',
    '{"width": 390, "spacing": 18, "tags": [{"id": 5, "size": [1, 2]}]}',
    '{"width": 390, "spacing": 18, "tags": [{"id": "A"}]}',
    '{"width": 390, "spacing": 18, "tags": [{"id": "A", "size": [1]}]}',
    '{"width": 390, "spacing": 18, "tags": [{"id": "A", "size": [1, 2, 3]}]}',
    '{"width": 390, "spacing": 18, "tags": [{"id": "A", "size": [-1, 2]}]}',
    '{"width": 390, "spacing": 18, "tags": [{"id": "A", "size": ["1", 2]}]}',
    '{"width": 390, "spacing": 18, "tags": [{"id": "A", "size": [1, 2], "label": {"width": 3, "words": [3]}}]}',
    '{"width": 390, "spacing": 18, "tags": [{"id": "A", "label": {"width": "x", "words": []}}]}',
    '{"width": 390, "spacing": 18, "tags": [{"id": "A", "label": {"width": 3}}]}',
    '{"width": 390, "spacing": 18, "tags": [{"id": "A", "label": {"width": 3, "words": [-1]}}]}',
    '{"width": 390, "spacing": 18, "tags": [{"id": "A", "size": [1, 2]}, {"id": "A", "size": [1, 2]}]}',
    '{"width": 390, "spacing": 18, "tags": [{"id": "", "size": [1, 2]}]}',
    '{"width": 390, "spacing": 18, "spacing": 3, "tags": []}',
    '{"width": 390, "spacing": 18, "tags": [], "colour": "red"}',
    '{"width": 390, "spacing": 18, "tags": [{"id": "A", "size": [1, 2], "x": 1}]}',
    '{"width": 390, "spacing": 18, "tags": [{"id": "A", "size": [1, 2]}], "selection": ["B"]}',
    '{"width": 390, "spacing": 18, "tags": [{"id": "A", "size": [1, 2]}], "selection": ["A", "A"]}',
    '{"width": 390, "spacing": 18, "tags": [], "selection": "A"}',
    '{"width": 390, "spacing": 18, "tags": [], "animation": "bouncy"}',
    '{"width": 390, "spacing": 18, "tags": [], "animation": {"duration": -1, "bounce": 0}}',
    '{"width": 390, "spacing": 18, "tags": [], "animation": {"duration": 0, "bounce": 0}}',
    '{"width": 390, "spacing": 18, "tags": [], "animation": {"duration": 0.5}}',
    '{"width": 390, "spacing": 18, "tags": [], "animation": {"duration": 0.5, "bounce": 2}}',
    '{"width": 390, "spacing": 18, "tags": [], "animation": 1}',
    '{"width": 390, "spacing": 18, "tags": [], "reduceMotion": "yes"}',
    '{"width": 390, "spacing": 18, "tags": [], "textScale": 0}',
    '{"width": 390, "spacing": 18, "tags": [], "lineHeight": -20}',
    '{"width": 390, "spacing": 18, "tags": [], "mergeDistance": -1}',
    `${valid}x`, `${valid} ${valid}`, `${valid},`, ` \n\t${valid}\r\n `,
    '{"width": 390 "spacing": 18, "tags": []}', "{'width': 390}", '{width: 390}',
    '{"width": 390, "spacing": 18, "tags": [],}', '{"width": 390, "spacing": 18, "tags": [,]}',
    '{"width": 390, "spacing": 18, "tags": [{"id": "\\u0000", "size": [1, 2]}]}',
    '{"width": 390, "spacing": 18, "tags": [{"id": "\\ud800", "size": [1, 2]}]}',
    '{"width": 390, "spacing": 18, "tags": [{"id": "\\udc00\\ud800", "size": [1, 2]}]}',
    '{"width": 390, "spacing": 18, "tags": [{"id": "\\ud83d\\ude42", "size": [1, 2]}]}',
    '{"width": 390, "spacing": 18, "tags": [{"id": "\\x41", "size": [1, 2]}]}',
    '{"width": 390, "spacing": 18, "tags": [{"id": "\\u12", "size": [1, 2]}]}',
    '{"width": 390, "spacing": 18, "tags": [{"id": "\\uZZZZ", "size": [1, 2]}]}',
    '{"width": 390, "spacing": 18, "tags": [{"id": "tab\there", "size": [1, 2]}]}',
    '{"width": 390, "spacing": 18, "tags": [{"id": "\\/\\b\\f\\n\\r\\t\\"\\\\", "size": [1, 2]}]}',
    '{"width": 390, "spacing": 18, "tags": [{"id": "\u007f\u0080\u2028\u2029\ufeff", "size": [1, 2]}]}',
    '{"width": 390, "spacing": 18, "tags": [{"id": "unterminated, "size": [1, 2]}]}',
    '{"width": tru, "spacing": 18, "tags": []}', '{"width": nul, "spacing": 18, "tags": []}',
    '{"width": 390, "spacing": 18, "tags": [], "reduceMotion": True}',
    '\ufeff{"width": 390, "spacing": 18, "tags": []}',
    `{"width": 390, "spacing": 18, "tags": [{"id": "${'x'.repeat(10000)}", "size": [1, 2]}]}`,
    `{"width": 390, "spacing": 18, "tags": [], "x": ${'['.repeat(100)}${']'.repeat(100)}}`,
    `{"width": 390, "spacing": 18, "tags": [], "x": ${'['.repeat(10000)}${']'.repeat(10000)}}`,
    `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`,
    `{"width": 390, "spacing": 18, "tags": [], "x": ${'['.repeat(100000)}}`,
    '{"width": 0.1, "spacing": 0.30000000000000004, "tags": [{"id": "A", "size": [1.7976931348623157e308, 5e-324]}]}',
    '{"width": 390, "spacing": 18, "tags": [{"id": "A", "size": [2.2250738585072011e-308, 9007199254740993]}]}',
    '{"width": 390, "spacing": 18, "tags": [{"id": "A", "size": [0.1000000000000000055511151231257827021181583404541015625, -0]}]}',
    `{"width": 390, "spacing": 18, "tags": [{"id": "A", "size": [1${'0'.repeat(400)}e-400, 2]}]}`,
    `{"width": 390, "spacing": 18, "tags": [{"id": "A", "size": [0.${'0'.repeat(400)}1e401, 2]}]}`,
  ];
  const raw = [
    bytes([0xff]), bytes([0xef, 0xbb, 0xbf], valid), bytes('{"width": 390, "spacing": 18, "tags": [{"id": "', [0xc3, 0x28], '", "size": [1, 2]}]}'),
    bytes('{"width": 390, "spacing": 18, "tags": [{"id": "', [0xc0, 0xaf], '", "size": [1, 2]}]}'),
    bytes('{"width": 390, "spacing": 18, "tags": [{"id": "', [0xed, 0xa0, 0x80], '", "size": [1, 2]}]}'),
    bytes('{"width": 390, "spacing": 18, "tags": [{"id": "', [0xf4, 0x90, 0x80, 0x80], '", "size": [1, 2]}]}'),
    bytes('{"width": 390, "spacing": 18, "tags": [{"id": "', [0xe2, 0x82], '", "size": [1, 2]}]}'),
    bytes('{"width": 390, "spacing": 18, "tags": [{"id": "', [0xf0, 0x9f, 0x99], '"}]}'),
    bytes('{"width": 390, "spacing": 18, "tags": [{"id": "A', [0x80], '", "size": [1, 2]}]}'),
    bytes('{"width": 390, "spacing": 18, "tags": [{"id": "A', [0x00], '", "size": [1, 2]}]}'),
    bytes(valid, [0x00]),
    bytes('{"width": 390, "spacing": 18, ', [0xff], '"tags": []}'),
  ];
  return [...texts.map(utf8), ...raw];
}
