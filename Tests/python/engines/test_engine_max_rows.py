"""`max-rows` in Chromium, WebKit and Firefox, on the tag input example's cloud given 30 tags
more and `maxRows = 1`: the tags shown and the "+K" capsule are the Wasm core's row limit of the
capsules on screen, a click on the capsule shows every tag with "Show less" last (`aria-expanded`
true), and a click on that folds them again (the same tags shown, "+K" and `aria-expanded`
false again).

Seen to fail in every engine with the layout ignoring the row limit (no capsule), and with
RowToggle leaving `aria-expanded` at true once it was expanded (folded again, it said "+K" but
told a screen reader it was still expanded; the test then read only the text and passed)."""

from __future__ import annotations

import engine_page as ep
from support.placement import wait_placed

PAGE = "examples/tag-input.html"
CLOUD = "#tags"
SPACING = 12.0

LIMIT = """() => { const cloud = document.querySelector('#tags');
  cloud.tags = [...cloud.tags, ...Array.from({ length: 30 }, (_, i) => ({ id: `extra-${i}`, title: `Extra ${i}` }))];
  cloud.maxRows = 1; }"""

STATE = """() => {
  const host = document.querySelector('#tags');
  const cloud = host.shadowRoot.querySelector('[part~="cloud"]');
  const origin = cloud.getBoundingClientRect();
  const rect = (b) => { const r = b.getBoundingClientRect();
    return { x: r.x - origin.x, y: r.y - origin.y, w: parseFloat(b.style.width), h: parseFloat(b.style.height),
             cx: r.x + r.width / 2, cy: r.y + r.height / 2 }; };
  const toggle = host.shadowRoot.querySelector('button[data-row-toggle]');
  return { width: origin.width,
    tags: [...host.shadowRoot.querySelectorAll('button[data-tag-id]')].map((b) => ({ id: b.dataset.tagId, hidden: b.parentElement.hidden, ...rect(b) })),
    toggle: toggle && { text: toggle.textContent, expanded: toggle.getAttribute('aria-expanded'), hidden: toggle.parentElement.hidden, ...rect(toggle) } };
}"""


def near(a: float, b: float) -> bool:
    return abs(a - b) <= ep.TOLERANCE


def test_the_row_limit_folds_shows_and_folds_again(engine, static_server):
    engine.open(static_server.url + PAGE)
    wait_placed(engine, CLOUD)
    engine.evaluate(LIMIT)
    wait_placed(engine, CLOUD)
    state = engine.evaluate(STATE)
    shown = [t for t in state["tags"] if not t["hidden"]]
    folded = [t for t in state["tags"] if t["hidden"]]
    toggle = state["toggle"]
    assert shown and folded and toggle and not toggle["hidden"], (engine.name, state)
    assert toggle["text"] == f"+{len(folded)}" and toggle["expanded"] == "false", (engine.name, toggle)
    request = {"width": state["width"], "spacing": SPACING, "maxRows": 1,
               "moreSizes": [[toggle["w"], toggle["h"]]] * 2,
               "tags": [{"id": t["id"], "size": [t["w"], t["h"]]} for t in state["tags"]]}
    expected = ep.wasm_layout(engine, request)
    assert [item["id"] for item in expected["items"]] == [t["id"] for t in shown], engine.name
    assert expected["hidden"] == len(folded), engine.name
    for tag, item in zip(shown, expected["items"]):
        assert near(tag["x"], item["x"]) and near(tag["y"], item["y"]), (engine.name, tag, item)
    assert near(toggle["x"], expected["more"]["x"]) and near(toggle["y"], expected["more"]["y"]), (engine.name, toggle)

    engine.click_at(toggle["cx"], toggle["cy"])
    wait_placed(engine, CLOUD)
    unfolded = engine.evaluate(STATE)
    assert not any(t["hidden"] for t in unfolded["tags"]), engine.name
    less = unfolded["toggle"]
    assert less["text"] == "Show less" and less["expanded"] == "true", (engine.name, less)

    engine.click_at(less["cx"], less["cy"])
    wait_placed(engine, CLOUD)
    again = engine.evaluate(STATE)
    assert [t["id"] for t in again["tags"] if not t["hidden"]] == [t["id"] for t in shown], engine.name
    assert again["toggle"]["text"] == toggle["text"], engine.name
    assert again["toggle"]["expanded"] == "false" and not again["toggle"]["hidden"], (engine.name, again["toggle"])
