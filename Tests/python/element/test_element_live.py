"""<glass-tag-cloud live="ws://…/live"> against a running `tagcloud serve`: it speaks
tagcloud.v1, draws the server's frames, sends the user's toggles and spacing, keeps its form
value; when the server goes away it falls back to the Wasm core, and comes back."""

from __future__ import annotations


import pytest

from element_helpers import assert_core_layout, capsules, changes, click_tag, pressed, record_changes, tag_markup
from support.placement import settle


def live_url(server) -> str:
    return server.url.replace("http://", "ws://") + "live"


def frames(page, selector="glass-tag-cloud") -> int:
    return page.evaluate(
        "(s) => Number(document.querySelector(s).shadowRoot.querySelector('.cloud').dataset.liveFrames ?? 0)", selector)


TOPICS = "#topics"  # the example page's live cloud
# The selection in the server's last frame (the element shows its own copy on top of it).
LIVE_SELECTION = "document.querySelector('#topics').shadowRoot.querySelector('.cloud').dataset.liveSelection"


def open_example(page, server) -> None:
    """The example page as `tagcloud serve` serves it (a page the test fulfilled itself would be
    of no address space, and Chromium's local network access checks would refuse its socket)."""
    page.goto(server.url + "examples/element.html")
    page.wait_for_function("() => document.querySelector('#topics').layoutSource === 'server'", timeout=10_000)
    settle(page)


def test_element_live_streams_layouts_from_the_server(live_server, page):
    open_example(page, live_server)
    record_changes(page, TOPICS)
    page.evaluate("() => { document.querySelector('#topics').style.width = '420px'; }")
    page.wait_for_function("() => document.querySelector('#topics').layout.width === 420")
    settle(page)
    assert page.evaluate("() => document.querySelector('#topics').liveStatus") == "live"
    assert "Live" in page.text_content("#live-note")
    # The server's frame is what is on screen, capsule by capsule.
    shown = capsules(page, TOPICS)
    layout = page.evaluate("() => document.querySelector('#topics').layout")
    assert shown["width"] == layout["width"] == 420
    assert [c["id"] for c in shown["items"]] == [item["id"] for item in layout["items"]]
    for capsule, item in zip(shown["items"], layout["items"]):
        assert abs(capsule["x"] - item["x"]) <= 0.5 and abs(capsule["y"] - item["y"]) <= 0.5, (capsule, item)

    before = frames(page, TOPICS)
    messages_before = live_server.metric("tagcloud_messages_in_total")
    click_tag(page, "Layout", TOPICS)
    assert pressed(page, TOPICS) == ["SwiftUI", "Layout"]
    assert changes(page) == [["SwiftUI", "Layout"]]
    page.wait_for_function(
        "(n) => Number(document.querySelector('#topics').shadowRoot.querySelector('.cloud').dataset.liveFrames) > n", arg=before)
    assert live_server.metric("tagcloud_messages_in_total") > messages_before
    # The server's own frame (not the element's copy) has the toggle.
    page.wait_for_function(f"() => {LIVE_SELECTION} === 'SwiftUI,Layout'")

    # A spacing change goes to the server, whose frame comes at the new spacing.
    page.evaluate("() => { document.querySelector('#topics').spacing = 3; }")
    page.wait_for_function("() => document.querySelector('#topics').layout.spacing === 3")
    # The element alone resized: the server answers for the new width.
    page.evaluate("() => { document.querySelector('#topics').style.width = '300px'; }")
    page.wait_for_function(
        "() => { const c = document.querySelector('#topics'); return c.layoutSource === 'server' && c.layout.width === 300; }")
    page.click("button[type=submit]")
    assert "topics = SwiftUI\ntopics = Layout" in page.text_content("#submitted")


def test_element_live_frames_equal_the_core_and_mirror_right_to_left(live_server, page):
    open_example(page, live_server)
    for direction in ("ltr", "rtl"):
        page.evaluate(
            """(dir) => { const c = document.querySelector('#topics'); c.dir = dir; c.style.width = dir === 'rtl' ? '410px' : '400px'; }""",
            direction)
        width = 410 if direction == "rtl" else 400
        page.wait_for_function(
            "(w) => { const c = document.querySelector('#topics'); return c.layoutSource === 'server' && c.layout.width === w; }",
            arg=width)
        settle(page)
        assert_core_layout(page, 18, TOPICS, direction=direction)
        first = capsules(page, TOPICS)["items"][0]
        at_right_edge = abs(first["x"] + first["w"] - width) <= 0.5
        assert at_right_edge == (direction == "rtl"), (direction, first)


def test_element_live_falls_back_to_the_core_and_reconnects(live_server, page, page_guard):
    # While the server is stopped a reconnection attempt may be refused, or the backoff may not
    # have retried yet when it is back: the refusal may occur, need not.
    page_guard.tolerate(r"^console\.error WebSocket connection to 'ws://127\.0\.0\.1:\d+/live' failed: "
                        r"Error in connection establishment: net::ERR_CONNECTION_REFUSED")
    open_example(page, live_server)
    live_server.stop()
    page.wait_for_function("() => document.querySelector('#topics').liveStatus === 'reconnecting'")
    page.wait_for_function("() => document.querySelector('#topics').layoutSource === 'wasm'")
    assert "reconnecting" in page.text_content("#live-note")
    click_tag(page, "Glass", TOPICS)  # still works without the server
    assert pressed(page, TOPICS) == ["SwiftUI", "Glass"]
    live_server.start()
    page.evaluate("() => window.dispatchEvent(new Event('online'))")  # retry now, not after the backoff
    page.wait_for_function("() => document.querySelector('#topics').layoutSource === 'server'", timeout=20_000)
    # The server adopted the page's selection from the hello.
    page.wait_for_function(f"() => {LIVE_SELECTION} === 'SwiftUI,Glass'")


MELTED = "() => document.querySelector('#topics').shadowRoot.querySelectorAll('.tag-slot.is-melted').length"


def test_element_live_frames_melt_as_the_local_cores(live_server, page):
    """A server frame has no necks on the wire: the element gives it the core's, those of the
    local frame of the same places (laid out for the same width first), so it melts exactly as
    the local core's frame does. Seen to fail (nothing melted under the server's frame) with the
    live conversion's necks left out and none taken from the local frame."""
    open_example(page, live_server)
    page.evaluate("() => { const c = document.querySelector('#topics'); c.spacing = 3; c.style.width = '300px'; }")
    page.wait_for_function(
        "() => { const c = document.querySelector('#topics'); return c.layoutSource === 'server' && c.layout.width === 300 && c.layout.spacing === 3; }")
    settle(page)
    served = page.evaluate(MELTED)
    assert served > 0, "the server's frame melts nothing"
    page.evaluate("() => document.querySelector('#topics').removeAttribute('live')")
    page.wait_for_function("() => document.querySelector('#topics').layoutSource === 'wasm'")
    settle(page)
    assert page.evaluate(MELTED) == served


def test_element_live_without_a_server_degrades_to_local(element_page, static_server, page):
    element_page(static_server.url, f'<glass-tag-cloud live="/live">{tag_markup()}</glass-tag-cloud>')
    page.wait_for_function("() => document.querySelector('glass-tag-cloud').liveStatus === 'offline'")
    assert page.evaluate("() => document.querySelector('glass-tag-cloud').matches(':state(offline)')")
    assert page.evaluate("() => document.querySelector('glass-tag-cloud').layoutSource") == "wasm"


TOPICS_STATE = """() => {
  const host = document.querySelector('#topics');
  const toggle = host.shadowRoot.querySelector('button[data-row-toggle]');
  const origin = host.shadowRoot.querySelector('.cloud').getBoundingClientRect();
  const box = toggle && !toggle.parentElement.hidden && toggle.getBoundingClientRect();
  return { source: host.layoutSource, layout: host.layout,
    folded: [...host.shadowRoot.querySelectorAll('button[data-tag-id]')].filter((b) => b.parentElement.hidden).map((b) => b.dataset.tagId),
    toggle: toggle && { text: toggle.textContent, name: toggle.getAttribute('aria-label'), expanded: toggle.getAttribute('aria-expanded'),
      x: box ? box.x - origin.x : null, y: box ? box.y - origin.y : null } };
}"""


def test_element_live_row_limit_shows_the_servers_more_capsule(live_server, page):
    """Under `max-rows` the server's frames carry the limit: the "+K" on screen is the server's
    (its frame's `maxRows`, `hidden` and `more`); unfolded, the local core adds "Show less"; folded
    again, the server's frame is back.

    Seen failing with the layout taking every row-limited frame from the local core (as before the
    protocol carried `maxRows`): the source stayed "wasm"."""
    open_example(page, live_server)
    page.evaluate("() => { const c = document.querySelector('#topics'); c.style.width = '260px'; c.maxRows = 2; }")
    page.wait_for_function(
        "() => { const c = document.querySelector('#topics'); return c.layoutSource === 'server' && c.layout.width === 260 && c.layout.maxRows === 2; }",
        timeout=10_000)
    settle(page)
    state = page.evaluate(TOPICS_STATE)
    layout = state["layout"]
    assert state["source"] == "server" and layout["hidden"] > 0, state
    assert len(state["folded"]) == layout["hidden"], state
    more = state["toggle"]
    assert more["text"] == f"+{layout['hidden']}" and more["expanded"] == "false", more
    assert more["name"] == f"+{layout['hidden']} more {'tag' if layout['hidden'] == 1 else 'tags'}", more
    assert abs(more["x"] - layout["more"]["x"]) <= 0.5 and abs(more["y"] - layout["more"]["y"]) <= 0.5, (more, layout["more"])

    page.locator("#topics").locator("button[data-row-toggle]").click()
    page.wait_for_function("() => document.querySelector('#topics').shadowRoot.querySelector('button[data-row-toggle]').getAttribute('aria-expanded') === 'true'")
    settle(page)
    unfolded = page.evaluate(TOPICS_STATE)
    assert unfolded["folded"] == [] and unfolded["toggle"]["text"] == "Show less", unfolded

    page.locator("#topics").locator("button[data-row-toggle]").click()
    page.wait_for_function(
        "() => { const c = document.querySelector('#topics'); return c.layoutSource === 'server' && c.layout.maxRows === 2; }")
    settle(page)
    assert page.evaluate(TOPICS_STATE)["folded"] == state["folded"]
