"""Tags kept by id move when their order changes: each capsule glides from its place to its new
one on the `.smooth` spring (the slots' `translate` eased by the browser), keeping its button and
focus, and rests where the core puts it; under Reduce Motion it lands at once.

Watched failing with the glide never started (the reordered capsules jump in one frame)."""

from __future__ import annotations

from element_helpers import assert_core_layout
from support.placement import wait_placed

TAGS = [{"id": t, "title": t, "tint": "#0A84FF"} for t in ("Alpha", "Beta", "Gamma", "Delta", "Epsilon", "Zeta")]

# Every animation frame after `change()`: the x of each tag's button, and whether it is the button
# it was before (kept by id).
SAMPLE = """async ({ change, frames }) => {
  const host = document.querySelector('glass-tag-cloud');
  const root = host.shadowRoot;
  const buttons = () => Object.fromEntries([...root.querySelectorAll('button[data-tag-id]')].map((b) => [b.dataset.tagId, b]));
  const before = buttons();
  before.Alpha.focus();
  const out = [];
  await new Promise((resolve) => requestAnimationFrame(resolve));
  new Function('host', change)(host);
  for (let k = 0; k < frames; k += 1) {
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
    const now = buttons();
    out.push({ x: Object.fromEntries(Object.entries(now).map(([id, b]) => [id, b.getBoundingClientRect().x])),
               kept: Object.keys(before).every((id) => now[id] === before[id]),
               focused: root.activeElement === before.Alpha,
               gliding: root.querySelector('[part~="cloud"]').classList.contains('is-gliding') });
  }
  return out;
}"""

REVERSE = "host.tags = host.tags.slice().reverse().map((t) => ({ id: t.id, title: t.title, tint: t.tint }));"


def open_cloud(element_page, static_server, page, *, reduce: bool = False):
    if reduce:
        page.emulate_media(reduced_motion="reduce")
    element_page(static_server.url, "<glass-tag-cloud spacing='16' style='display:block; width: 420px'></glass-tag-cloud>", wait=False)
    page.evaluate("(tags) => { document.querySelector('glass-tag-cloud').tags = tags; }", TAGS)
    wait_placed(page)


def test_reordered_tags_glide_to_their_new_places_keeping_their_buttons(element_page, static_server, page):
    open_cloud(element_page, static_server, page)
    start = page.evaluate("() => Object.fromEntries([...document.querySelector('glass-tag-cloud').shadowRoot.querySelectorAll('button[data-tag-id]')].map((b) => [b.dataset.tagId, b.getBoundingClientRect().x]))")
    samples = page.evaluate(SAMPLE, {"change": REVERSE, "frames": 50})
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


def test_under_reduce_motion_a_reorder_lands_at_once(element_page, static_server, page):
    open_cloud(element_page, static_server, page, reduce=True)
    samples = page.evaluate(SAMPLE, {"change": REVERSE, "frames": 3})
    assert not any(s["gliding"] for s in samples)
    assert samples[0]["x"] == samples[-1]["x"]
    assert_core_layout(page, 16)
