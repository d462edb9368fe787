"""Removable tags in Chromium, WebKit and Firefox, on the tag input example (its cloud is
`removable`): a click on a tag's remove control, Delete and Backspace on the focused tag remove
it, focus moves to the next tag (the previous one at the end), the element announces "Removed
TITLE.", a prevented `remove` changes nothing, and the capsules left are where the core puts
them.

Seen to fail: with the element moving focus to the previous tag first (every engine: focus on
SwiftUI after Glass's control, not Layout)."""

from __future__ import annotations

import engine_page as ep
from support.placement import wait_placed

PAGE = "examples/tag-input.html"
SPACING = 12.0

TAG_IDS = "() => document.querySelector('#tags').tags.map((tag) => tag.id)"
ANNOUNCED = "() => document.querySelector('#tags').shadowRoot.querySelector('[role=status]').textContent"
CONTROL = """(id) => { const r = document.querySelector('#tags').shadowRoot
  .querySelector(`button[data-remove-id="${id}"]`).getBoundingClientRect();
  return [r.left + r.width / 2, r.top + r.height / 2, r.width, r.height]; }"""
SHOWN = """(ids) => { const cloud = document.querySelector('#tags');
  return (cloud.layout?.items ?? []).map((item) => item.id).join() === ids.join(); }"""


def removed(engine, ids: list[str], focused: str, title: str) -> None:
    engine.wait_for(SHOWN, ids, what=f"the capsules {ids}")
    assert engine.evaluate(TAG_IDS) == ids, engine.name
    wait_placed(engine, "#tags")
    assert ep.focused_id(engine, "#tags") == focused, engine.name
    assert engine.evaluate(ANNOUNCED) == f"Removed {title}.", engine.name
    ep.assert_layout_is_the_core(engine, SPACING, "#tags")


def test_remove_by_control_delete_and_backspace_and_a_prevented_remove(engine, static_server):
    engine.open(static_server.url + PAGE)
    wait_placed(engine, "#tags")
    assert engine.evaluate("() => [...document.querySelector('#tags').shadowRoot.querySelectorAll('button[data-remove-id]')]"
                           ".map((b) => b.getAttribute('aria-label'))") == ["Remove SwiftUI", "Remove Glass", "Remove Layout"]
    x, y, w, h = engine.evaluate(CONTROL, "Glass")
    assert w >= 36 and h >= 44, (engine.name, w, h)
    engine.click_at(x, y)
    removed(engine, ["SwiftUI", "Layout"], "Layout", "Glass")

    engine.press("Delete")  # on Layout, the last: focus to the previous
    removed(engine, ["SwiftUI"], "SwiftUI", "Layout")

    engine.evaluate("() => document.querySelector('#tags').addEventListener('remove', (event) => event.preventDefault(), { once: true })")
    engine.press("Backspace")
    engine.frames(4)
    assert engine.evaluate(TAG_IDS) == ["SwiftUI"], engine.name
    assert ep.focused_id(engine, "#tags") == "SwiftUI", engine.name

    engine.press("Backspace")
    engine.wait_for(SHOWN, [], what="the cloud emptied")
    assert engine.evaluate(TAG_IDS) == [], engine.name
    assert engine.evaluate("() => document.activeElement === document.querySelector('#tags')"), engine.name
    assert engine.evaluate(ANNOUNCED) == "Removed SwiftUI.", engine.name
