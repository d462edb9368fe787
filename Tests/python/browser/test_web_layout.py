"""The capsules sit exactly where the core puts them, at every width, after live resizes and at
any text size; and the core agrees with Chromium's own flex-wrap (the browser oracle)."""

from __future__ import annotations

import random

import pytest

from support.demo_page import (
    CLOUD,
    HOST,
    LOOSE,
    TOLERANCE,
    assert_exact_layout,
    capsules,
    core_layout,
    eventually,
    open_demo,
    seed_flow,
    wait_width,
)

WIDTHS = [320, 390, 768, 1024, 1440]


@pytest.mark.parametrize("viewport_width", WIDTHS)
def test_capsules_equal_the_core_layout_at_each_width(page, static_server, viewport_width):
    page.set_viewport_size({"width": viewport_width, "height": 800})
    open_demo(page, static_server.url)
    shown = assert_exact_layout(page, LOOSE)
    width, _ = capsules(page)
    assert width == pytest.approx(viewport_width - 48), "24 px padding on each side"
    rows = sorted({round(c.y, 3) for c in shown})
    if viewport_width <= 390:
        assert len(rows) >= 3, "a phone width wraps the ten tags onto several rows"
    if viewport_width >= 1440:
        assert len(rows) == 1, "a wide window holds all ten tags on one row"


def test_layout_follows_live_resizes(page, static_server):
    open_demo(page, static_server.url)
    rng = random.Random(5)
    widths = [1280, 333, 1111, 360, 745] + [rng.randint(300, 1500) for _ in range(5)]
    for viewport_width in widths:
        page.set_viewport_size({"width": viewport_width, "height": 700})
        wait_width(page)
        assert_exact_layout(page, LOOSE)


def test_resizes_are_laid_out_at_most_once_per_frame(page, static_server):
    open_demo(page, static_server.url)
    # Twenty resizes within one task: the page lays out for the last width only, in one frame.
    # Each layout the element draws is a new `layout` object and one batch of capsule writes
    # (style changes of the capsules' `.tag-slot` wrappers and buttons in its shadow root, seen
    # together by a MutationObserver).
    drawn = page.evaluate(
        f"""async () => {{
          const host = {HOST};
          const cloud = {CLOUD};
          // Let the load settle first (a font or text-size remeasure may still be queued for the
          // next frame, at the old width): only the resizes' own layouts are counted.
          await document.fonts.ready;
          for (let frame = 0; frame < 3; frame += 1) {{
            await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
          }}
          const layouts = [];
          let batches = 0;
          const watcher = new MutationObserver((records) => {{
            if (records.some((r) => r.target.matches?.('.tag-slot, button[data-tag-id]'))) batches += 1;
          }});
          watcher.observe(host.shadowRoot, {{ attributes: true, subtree: true, attributeFilter: ['style'] }});
          let last = host.layout;
          const sample = () => {{
            if (host.layout !== last) {{ last = host.layout; layouts.push(Math.max(...last.items.map((i) => i.x + i.w))); }}
          }};
          for (let i = 0; i < 20; i += 1) host.style.width = `${{300 + 10 * i}}px`;
          for (let frame = 0; frame < 6; frame += 1) {{
            await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
            sample();
          }}
          await new Promise((r) => setTimeout(r, 50));
          sample();
          watcher.disconnect();
          return {{ layouts, batches, width: cloud.getBoundingClientRect().width }};
        }}"""
    )
    assert drawn["width"] == 490
    # Every layout drawn is the last width's (none for the nineteen widths in between), and the
    # capsules are written once. The packed path may hand out a second frame object for the same
    # arrangement in a later frame (a remeasure after load): it writes nothing, so it is allowed.
    assert drawn["layouts"] and set(drawn["layouts"]) == {drawn["layouts"][-1]}, drawn
    assert drawn["layouts"][-1] <= 490, drawn
    assert drawn["batches"] == 1, drawn
    assert_exact_layout(page, LOOSE)


def test_the_browser_oracle_flex_wrap_agrees_with_the_core(page, static_server):
    """Chromium's flex-wrap with gap is the seed's rule; at sizes on the browser's 1/64 px grid it
    must give the core's positions exactly (random seeded sizes, widths and spacings)."""
    page.goto(static_server.url + "__fixtures__/flex-oracle.html")
    page.wait_for_function("() => window.oracleReady === true")
    rng = random.Random(20261130)
    grid = lambda low, high: rng.randint(low * 64, high * 64) / 64  # noqa: E731
    cases = 0
    for _ in range(60):
        count = rng.randint(1, 40)
        sizes = [[grid(8, 260), grid(8, 80)] for _ in range(count)]
        width = grid(40, 1400)
        spacing = rng.choice([0, 3, 18, grid(0, 40)])
        flex = page.evaluate("([s, w, g]) => flexLayout(s, w, g)", [sizes, width, spacing])
        core = page.evaluate("([s, w, g]) => coreLayout(s, w, g)", [sizes, width, spacing])
        assert flex == core, f"sizes={sizes} width={width} spacing={spacing}"
        cases += 1
    assert cases == 60


def test_the_demo_capsules_under_flex_wrap_match_the_page(page, static_server):
    """The demo's own measured capsules, laid out by flex-wrap, land where the page drew them."""
    for viewport_width in WIDTHS:
        page.set_viewport_size({"width": viewport_width, "height": 800})
        open_demo(page, static_server.url)
        width, shown = capsules(page)
        page.goto(static_server.url + "__fixtures__/flex-oracle.html")
        page.wait_for_function("() => window.oracleReady === true")
        flex = page.evaluate(
            "([s, w, g]) => flexLayout(s, w, g)", [[[c.w, c.h] for c in shown], width, LOOSE]
        )
        for capsule, (x, y) in zip(shown, flex):
            assert abs(capsule.x - x) <= TOLERANCE and abs(capsule.y - y) <= TOLERANCE, (capsule, x, y)


def test_text_zoom_makes_larger_capsules_and_the_layout_stays_exact(page, static_server):
    open_demo(page, static_server.url)
    _, normal = capsules(page)
    # The browser's text size setting: a larger root font size.
    page.evaluate("() => { document.documentElement.style.fontSize = '24px'; }")
    # Every capsule is the 1.5× one: 1.5 × (line height + 2 × 10 px).
    page.wait_for_function(
        f"(h) => {HOST}.layout.items.every((item) => Math.abs(item.h - 1.5 * h) < 0.01)", arg=normal[0].h
    )
    wait_width(page)
    zoomed = assert_exact_layout(page, LOOSE)
    for small, large in zip(normal, zoomed):
        assert large.w > small.w * 1.3 and large.h == pytest.approx(small.h * 1.5, abs=TOLERANCE)
    page.evaluate("() => { document.documentElement.style.fontSize = ''; }")
    page.wait_for_function(
        f"(h) => {HOST}.layout.items.every((item) => Math.abs(item.h - h) < 0.01)", arg=normal[0].h
    )
    wait_width(page)
    assert_exact_layout(page, LOOSE)


def labels_fit(page) -> list[str]:
    """Tags whose label overflows its capsule's content box (there should be none)."""
    return page.evaluate(
        """() => [...document.querySelector('glass-tag-cloud').shadowRoot.querySelectorAll('button[data-tag-id]')].filter((b) => {
             const label = b.querySelector('.tag-label').getBoundingClientRect();
             const box = b.getBoundingClientRect();
             return label.left < box.left - 0.5 || label.right > box.right + 0.5
                 || label.top < box.top - 0.5 || label.bottom > box.bottom + 0.5;
           }).map((b) => b.dataset.tagId)"""
    )


def test_labels_sit_inside_their_capsules_even_when_they_wrap(page, static_server):
    page.set_viewport_size({"width": 320, "height": 800})
    open_demo(page, static_server.url)
    assert labels_fit(page) == []
    # A huge text size: the longest labels no longer fit the cloud and wrap inside their capsule.
    page.evaluate("() => { document.documentElement.style.fontSize = '44px'; }")
    page.wait_for_function(f"() => {HOST}.layout.items.some((item) => item.h > 2 * 20 * 2.75)")
    wait_width(page)
    width, shown = capsules(page)
    assert any(c.h > 2 * 20 * 2.75 for c in shown), "some label wraps onto more lines"
    assert all(c.w <= width + 0.5 for c in shown)
    assert labels_fit(page) == []
    eventually(lambda: assert_positions_exact(page))



def assert_positions_exact(page):
    """Rects equal the core's and positions follow the seed's rule, whatever the capsule sizes
    (wrapped capsules are not label + padding wide)."""
    width, shown = capsules(page)
    layout = core_layout(page, LOOSE)["layout"]
    for capsule, item in zip(shown, layout["items"]):
        for key in ("x", "y", "w", "h"):
            assert abs(getattr(capsule, key) - item[key]) <= TOLERANCE, (capsule, item)
    for capsule, (x, y) in zip(shown, seed_flow([(c.w, c.h) for c in shown], width, LOOSE)):
        assert abs(capsule.x - x) <= TOLERANCE and abs(capsule.y - y) <= TOLERANCE
