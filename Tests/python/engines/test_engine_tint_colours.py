"""Any CSS colour as a tag's tint is the colour the melted glass draws, in Chromium, WebKit and
Firefox: the hex forms and rgb() read by parseColor (web/src/view/tag-nodes.js) itself, anything
else parsed by the browser (named colours, hsl(), hwb(), oklch(), color(), a translucent colour
taken opaque); what is no colour is grey. Before, every colour but hex and rgb() was grey (a
`tint="red"` drew grey necks between red capsules). Seen to fail with parseColor's browser
fallback removed (every named and functional colour grey, in the three engines)."""

from __future__ import annotations

COLOURS = [
    ("#0A84FF", (10, 132, 255)),
    ("rgb(255 159 10)", (255, 159, 10)),
    ("red", (255, 0, 0)),
    ("rebeccapurple", (102, 51, 153)),
    ("hsl(120 100% 25%)", (0, 128, 0)),
    ("hwb(240 0% 0%)", (0, 0, 255)),
    ("color(srgb 1 0.5 0)", (255, 128, 0)),
    ("oklch(62.8% 0.2577 29.23)", (255, 0, 0)),
    ("hsl(200 100% 50% / 0.3)", (0, 170, 255)),
    ("not a colour", (128, 128, 128)),
]

PARSE = """async (colours) => {
  const { parseColor } = await import('/src/view/tag-nodes.js');
  return colours.map((c) => parseColor(c).map((v) => Math.round(v * 255)));
}"""


def test_any_css_colour_is_the_glass_colour_it_names(engine, static_server):
    engine.open(static_server.url)
    got = engine.evaluate(PARSE, [text for text, _ in COLOURS])
    wrong = [(text, tuple(rgb), want) for (text, want), rgb in zip(COLOURS, got)
             if any(abs(a - b) > 2 for a, b in zip(rgb, want))]
    assert not wrong, f"{engine.name}: (tint, drawn, named): {wrong}"
