"""Tags kept by id move when their order changes: each capsule glides from its place to its new
one on the `.smooth` spring (the slots' `translate` eased by the browser), keeping its button and
focus, and rests where the core puts it; under Reduce Motion it lands at once.

Watched failing with the glide never started (the reordered capsules jump in one frame), and
with `.cloud.is-gliding .glass-layer` taken out of the rule that hides the glass layer
(styles.css): the glass drew the melted outline of the final layout under capsules still
gliding, and only the glass-layer check failed."""

from __future__ import annotations

import pytest

from element_helpers import assert_core_layout, frames_after, open_tags_cloud
from support.placement import wait_placed

TAGS = [{"id": t, "title": t, "tint": "#0A84FF"} for t in ("Alpha", "Beta", "Gamma", "Delta", "Epsilon", "Zeta")]

# Before the change: the buttons by id, and the focus on Alpha's. Each frame after: each tag's
# button's x, and whether every button and the focus were kept (by id).
BUTTONS = "[...host.shadowRoot.querySelectorAll('button[data-tag-id]')].map((b) => [b.dataset.tagId, b])"
SETUP = f"const before = Object.fromEntries({BUTTONS}); before.Alpha.focus(); return {{ before }};"
READ = "const now = Object.fromEntries(" + BUTTONS + """);
  const { before } = context;
  return { x: Object.fromEntries(Object.entries(now).map(([id, b]) => [id, b.getBoundingClientRect().x])),
           y: Object.fromEntries(Object.entries(now).map(([id, b]) => [id, b.getBoundingClientRect().y])),
           kept: Object.keys(before).every((id) => now[id] === before[id]),
           focused: host.shadowRoot.activeElement === before.Alpha,
           gliding: host.shadowRoot.querySelector('[part~="cloud"]').classList.contains('is-gliding'),
           glassShown: getComputedStyle(host.shadowRoot.querySelector('.glass-layer')).display !== 'none' };"""
GLASS_SHOWN = "() => getComputedStyle(document.querySelector('glass-tag-cloud').shadowRoot.querySelector('.glass-layer')).display !== 'none'"

REVERSE = "host.tags = host.tags.slice().reverse().map((t) => ({ id: t.id, title: t.title, tint: t.tint }));"


@pytest.mark.frame_paced
def test_reordered_tags_glide_to_their_new_places_keeping_their_buttons(element_page, static_server, page):
    open_tags_cloud(element_page, static_server, page, TAGS)
    start = page.evaluate("() => Object.fromEntries([...document.querySelector('glass-tag-cloud').shadowRoot.querySelectorAll('button[data-tag-id]')].map((b) => [b.dataset.tagId, b.getBoundingClientRect().x]))")
    samples = frames_after(page, REVERSE, READ, 50, SETUP)
    assert all(s["kept"] and s["focused"] for s in samples)
    assert samples[0]["gliding"]
    zeta = [s["x"]["Zeta"] for s in samples]
    low, high = sorted((start["Zeta"], zeta[-1]))
    between = {round(x, 1) for x in zeta if low + 0.5 < x < high - 0.5}
    assert len(between) >= 4, (start["Zeta"], zeta)  # glides over several frames, no jump
    wait_placed(page)
    assert not page.evaluate("() => document.querySelector('glass-tag-cloud').shadowRoot.querySelector('[part~=\"cloud\"]').classList.contains('is-gliding')")
    shown = assert_core_layout(page, 16)
    assert [c["id"] for c in shown["items"]] == [t["id"] for t in reversed(TAGS)]


@pytest.mark.frame_paced
def test_the_melted_glass_is_hidden_while_tags_glide_and_back_at_rest(element_page, static_server, page):
    """Tight (spacing 3, under the merge distance) the capsules melt and the glass layer draws
    them; while reordered tags glide it is hidden (the melted outline waits for the final
    layout, styles.css `.cloud.is-gliding .glass-layer`), and it is back once they rest."""
    element_page(static_server.url, "<glass-tag-cloud spacing='3' style='display:block; width: 420px'></glass-tag-cloud>", wait=False)
    page.evaluate("(tags) => { document.querySelector('glass-tag-cloud').tags = tags; }", TAGS)
    wait_placed(page)
    assert page.evaluate(GLASS_SHOWN), "a tight cloud at rest shows its melted glass"
    samples = frames_after(page, REVERSE, READ, 50, SETUP)
    gliding = [s for s in samples if s["gliding"]]
    assert len(gliding) >= 4, samples
    assert not any(s["glassShown"] for s in gliding), [(s["gliding"], s["glassShown"]) for s in samples]
    wait_placed(page)
    assert page.evaluate(GLASS_SHOWN), "the melted glass is back at rest"


def on_screen_order(sample: dict) -> list[str]:
    """The tags in reading order on screen: by row (top first), then by x."""
    return sorted(sample["x"], key=lambda id_: (round(sample["y"][id_]), sample["x"][id_]))


def test_under_reduce_motion_a_reorder_lands_at_once(element_page, static_server, page):
    """In the first frame after the change the capsules stand in the new order, where the core
    puts that order, and nothing moves after. (Seen to fail with the reorder ignored under
    Reduce Motion: the frames were still and equal, and the core's layout of the element's old
    order matched, so only the order check failed.)"""
    open_tags_cloud(element_page, static_server, page, TAGS, reduce=True)
    samples = frames_after(page, REVERSE, READ, 3, SETUP)
    assert not any(s["gliding"] for s in samples)
    reversed_ids = [t["id"] for t in reversed(TAGS)]
    for sample in samples:
        assert on_screen_order(sample) == reversed_ids, sample["x"]
    assert samples[0]["x"] == samples[-1]["x"] and samples[0]["y"] == samples[-1]["y"]
    shown = assert_core_layout(page, 16)
    assert [c["id"] for c in shown["items"]] == reversed_ids
