"""Home/End and PageUp/PageDown on <glass-tag-cloud>, left to right and right to left, read off
the capsules on screen: Home and End go to the first and last tag, PageDown and PageUp to the
first tag (in reading order: the leftmost, or the rightmost right to left) of the row below or
above; at the first and last row they stay; the page does not scroll."""

from __future__ import annotations

import pytest

from element_helpers import capsules, tag_markup

FOCUSED = "() => document.querySelector('glass-tag-cloud').shadowRoot.activeElement?.dataset.tagId ?? null"


def rows_on_screen(page) -> list[list[dict]]:
    """The capsules grouped into rows by their top edge, top to bottom, each row in tag order."""
    rows: dict[float, list[dict]] = {}
    for item in capsules(page)["items"]:
        rows.setdefault(round(item["y"]), []).append(item)
    return [rows[top] for top in sorted(rows)]


def reading_start(row: list[dict], direction: str) -> str:
    """The tag a reader meets first in `row`, by geometry alone."""
    if direction == "ltr":
        return min(row, key=lambda item: item["x"])["id"]
    return max(row, key=lambda item: item["x"] + item["w"])["id"]


@pytest.mark.parametrize("direction", ["ltr", "rtl"])
def test_element_home_end_page_up_page_down(element_page, static_server, page, direction):
    # A narrow cloud (several rows) on a page tall enough to scroll, so that a PageDown the
    # cloud did not take would move the page.
    element_page(
        static_server.url,
        f'<div style="width: 300px"><glass-tag-cloud dir="{direction}" aria-label="Topics">'
        f"{tag_markup(())}</glass-tag-cloud></div><div style='height: 3000px'></div>",
    )
    rows = rows_on_screen(page)
    assert len(rows) >= 4, f"{len(rows)} rows: too few to page through"
    starts = [reading_start(row, direction) for row in rows]
    # The reading start of each row is its first tag in tag order (the flow keeps the order).
    assert starts == [row[0]["id"] for row in rows]
    first, last = rows[0][0]["id"], rows[-1][-1]["id"]

    def press(key: str) -> str:
        page.keyboard.press(key)
        return page.evaluate(FOCUSED)

    # From the middle of the second row: PageDown goes to the start of the third, not to the
    # nearest tag below (that is ArrowDown).
    middle = rows[1][len(rows[1]) // 2]["id"]
    page.locator(f'glass-tag-cloud button[data-tag-id="{middle}"]').focus()
    assert press("PageDown") == starts[2]
    assert press("PageUp") == starts[1]
    assert press("PageUp") == starts[0]
    assert press("PageUp") == starts[0], "the first row is an edge"
    for row in range(1, len(rows)):
        assert press("PageDown") == starts[row]
    assert press("PageDown") == starts[-1], "the last row is an edge"
    assert press("End") == last
    assert press("PageUp") == starts[-2]
    assert press("Home") == first
    assert press("End") == last
    assert press("PageDown") == last, "the last row is an edge, also from its end"
    # The keys moved focus only: one tab stop (on the focused tag), the page did not scroll.
    tab_stops = page.evaluate(
        "() => [...document.querySelector('glass-tag-cloud').shadowRoot.querySelectorAll('button')]"
        ".filter((b) => b.tabIndex === 0).map((b) => b.dataset.tagId)"
    )
    assert tab_stops == [last]
    assert page.evaluate("() => window.scrollY") == 0


def test_element_page_keys_with_a_modifier_are_left_to_the_browser(element_page, static_server, page):
    """Ctrl+PageDown switches browser tabs: the cloud does not take it."""
    element_page(static_server.url, f'<div style="width: 300px"><glass-tag-cloud>{tag_markup(())}</glass-tag-cloud></div>')
    page.locator('glass-tag-cloud button[data-tag-id="SwiftUI"]').focus()
    prevented = page.evaluate(
        """() => {
          const button = document.querySelector('glass-tag-cloud').shadowRoot.activeElement;
          const event = new KeyboardEvent('keydown', { key: 'PageDown', ctrlKey: true, bubbles: true, composed: true, cancelable: true });
          button.dispatchEvent(event);
          return event.defaultPrevented;
        }"""
    )
    assert prevented is False
    assert page.evaluate(FOCUSED) == "SwiftUI"


def test_element_arrow_keys_navigate_the_frame_on_screen_without_a_json_layout(element_page, static_server, page):
    """The first arrow key after a new frame (here: a new width) asks the core where focus goes
    over the packed frame on screen, as a hover's hit test does: no JSON layout is run for it.
    Seen to fail with the keyboard reading the frame's JSON (`view.layout`): one JSON layout on
    the first arrow key after each new frame."""
    element_page(static_server.url, f'<div id="box" style="width: 300px"><glass-tag-cloud>{tag_markup(())}</glass-tag-cloud></div>')
    page.evaluate(
        """async () => {
          const { loadTagCloudCore } = await import('/src/core/tagcloud-core.js');
          const core = await loadTagCloudCore();  // the element's: one core per page
          const layoutBytes = core.layoutBytes;
          window.jsonLayouts = 0;
          core.layoutBytes = function (...args) { window.jsonLayouts += 1; return layoutBytes.apply(this, args); };
          document.getElementById('box').style.width = '340px';
          for (let i = 0; i < 3; i += 1) await new Promise((resolve) => requestAnimationFrame(resolve));
          window.jsonLayouts = 0;
        }"""
    )
    page.locator('glass-tag-cloud button[data-tag-id="SwiftUI"]').focus()
    for key in ("ArrowRight", "ArrowDown", "ArrowLeft", "End", "PageUp"):
        page.keyboard.press(key)
    assert page.evaluate(FOCUSED) != "SwiftUI"
    assert page.evaluate("() => window.jsonLayouts") == 0
