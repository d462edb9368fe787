"""Offline first and live: a plain static host gives the same page; `tagcloud serve` makes it
live, its layout frames are drawn, and a server restart under an open page loses nothing."""

from __future__ import annotations

import pytest

from support.demo_page import (
    CLOUD,
    HOST,
    LOOSE,
    TIGHT,
    assert_exact_layout,
    assert_frame_was_the_core,
    capsules,
    eventually,
    mid_animation_frame,
    open_demo,
    wait_width,
)
from support.placement import wait_placed


def status(page) -> str:
    return page.get_attribute("[data-status]", "data-status")


def pressed(page) -> list[str]:
    return page.eval_on_selector_all(
        "[data-tag-cloud] button[aria-pressed='true']", "(buttons) => buttons.map((b) => b.dataset.tagId)"
    )


def test_offline_on_a_static_host_the_page_lays_out_the_same(page, static_server):
    page.set_viewport_size({"width": 390, "height": 844})
    open_demo(page, static_server.url)
    assert page.evaluate(f"() => {HOST}.layoutSource") == "wasm"
    assert_exact_layout(page, LOOSE)
    page.wait_for_function("() => document.querySelector('[data-status]').dataset.status === 'offline'")
    live_region = page.locator("[data-status]")
    assert live_region.get_attribute("aria-live") == "polite" and live_region.get_attribute("role") == "status"


def test_the_first_paint_does_not_wait_for_a_socket(page, static_server):
    """Even with a socket that never answers, the core lays the page out at once."""
    page.route("**/live", lambda route: None)  # the upgrade request hangs forever
    page.goto(static_server.url)
    wait_placed(page, timeout=3)
    assert_exact_layout(page, LOOSE)


def test_live_the_server_layouts_are_drawn(page, live_server):
    page.set_viewport_size({"width": 768, "height": 800})
    open_demo(page, live_server.url)
    page.wait_for_function("() => document.querySelector('[data-status]').dataset.status === 'live'")
    page.wait_for_function(f"() => Number({CLOUD}.dataset.liveFrames) > 0")
    page.wait_for_function(f"() => {HOST}.layoutSource === 'server'")
    assert_exact_layout(page, LOOSE)
    for width in (390, 1024, 333):
        page.set_viewport_size({"width": width, "height": 800})
        wait_width(page)
        assert_exact_layout(page, LOOSE)
    page.click("[data-tag-id='Charts']")
    # Live too, the spring runs frame by frame through the page's core (the seed's spacing is
    # animatableData), not as positions eased towards the server's frame.
    frame = mid_animation_frame(page, lambda: page.click("label[for='tight-spacing']"))
    assert frame["source"] == "wasm"
    wait_placed(page)
    # The server's answer to the latest change arrives and is what is on screen.
    page.wait_for_function(f"() => {HOST}.layoutSource === 'server' && !{HOST}.matches(':state(animating)')")
    # … and the server holds the page's selection.
    assert page.evaluate(f"() => {CLOUD}.dataset.liveSelection") == "SwiftUI,Charts"
    assert pressed(page) == ["SwiftUI", "Charts"]
    assert_exact_layout(page, TIGHT)
    assert_frame_was_the_core(page, frame)


def test_a_server_restart_under_an_open_page_loses_nothing(page, live_server, page_guard):
    # While the server is down, each reconnect attempt the page makes is refused, and chromium
    # says so on the console: how many depends on how long the restart takes.
    page_guard.tolerate(r"^console\.error WebSocket connection to 'ws://[^']*/live' failed: "
                        r"Error in connection establishment: net::ERR_CONNECTION_REFUSED ")
    page.set_viewport_size({"width": 390, "height": 844})
    open_demo(page, live_server.url)
    page.wait_for_function("() => document.querySelector('[data-status]').dataset.status === 'live'")
    page.click("[data-tag-id='Glass']")
    page.click("label[for='tight-spacing']")
    wait_placed(page)
    before = page.evaluate(f"() => Number({CLOUD}.dataset.liveFrames)")
    live_server.stop()
    page.wait_for_function("() => document.querySelector('[data-status]').dataset.status === 'reconnecting'")
    # Offline, the page still works on its own core.
    page.click("[data-tag-id='Layout']")
    assert pressed(page) == ["SwiftUI", "Layout", "Glass"]
    live_server.start()
    page.wait_for_function(
        "() => document.querySelector('[data-status]').dataset.status === 'live'", timeout=20_000
    )
    page.wait_for_function(f"() => Number({CLOUD}.dataset.liveFrames) > {before}", timeout=10_000)
    page.wait_for_function(f"() => {HOST}.layoutSource === 'server'")
    assert pressed(page) == ["SwiftUI", "Layout", "Glass"]
    # The restarted server adopted the page's selection (its hello), not a fresh default.
    page.wait_for_function(f"() => {CLOUD}.dataset.liveSelection === 'SwiftUI,Layout,Glass'")
    assert_exact_layout(page, TIGHT)
    _, shown = capsules(page)
    assert len(shown) == 10


@pytest.mark.page_errors(r"^requestfailed GET \S+/tagcloud\.wasm: net::ERR_FAILED",
                        r"^console\.error Failed to load resource: net::ERR_FAILED at \S+/tagcloud\.wasm$")
def test_without_wasm_the_server_frames_place_the_capsules(page, live_server):
    """A browser that cannot load the Wasm core still gets the core's layout, from the server."""
    page.route("**/tagcloud.wasm", lambda route: route.abort())
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(live_server.url)
    page.wait_for_function(f"() => {HOST}.layoutSource === 'server'", timeout=10_000)
    assert_exact_layout(page, LOOSE)
    page.click("[data-tag-id='Symbols']")
    page.wait_for_function(
        f"() => {HOST}.shadowRoot.querySelector('[data-tag-id=Symbols]').getAttribute('aria-pressed') === 'true'"
    )
    # No local core, no hit test: the touch target 2 px above a capsule is its button's box.
    box = page.locator("[data-tag-id='Symbols']").bounding_box()
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] - 2)
    page.wait_for_function(
        f"() => {HOST}.shadowRoot.querySelector('[data-tag-id=Symbols]').getAttribute('aria-pressed') === 'false'"
    )
    page.set_viewport_size({"width": 700, "height": 844})
    eventually(lambda: assert_exact_layout(page, LOOSE))


def test_the_page_shows_the_tags_the_server_serves(page, live_server_factory, tmp_path):
    """The welcome's tags, tints and selection replace the page's offline copy (its markup's
    SwiftUI, which the file does not select, is not selected: docs/ELEMENT.md, "Whose
    selection")."""
    tags = tmp_path / "tags.json"
    tags.write_text('[{"title": "Swift on the server", "tint": "#FF9F0A"}, {"title": "Wasm", "tint": "#30D158", "selected": true},'
                    ' {"title": "SwiftUI", "tint": "#0A84FF"}]')
    server = live_server_factory("--tags", str(tags))
    page.set_viewport_size({"width": 390, "height": 844})
    open_demo(page, server.url)
    page.wait_for_function(f"() => {HOST}.shadowRoot.querySelectorAll('button[data-tag-id]').length === 3")
    eventually(lambda: assert_exact_layout(page, LOOSE))
    wait_placed(page)  # the offline copy's other tags have shrunk away and left
    buttons = page.eval_on_selector_all(
        "[data-tag-cloud] button",
        "(bs) => bs.map((b) => [b.dataset.tagId, b.textContent, b.dataset.tint, b.tabIndex])",
    )
    assert [b[:3] for b in buttons] == [
        ["Swift on the server", "Swift on the server", "#FF9F0A"],
        ["Wasm", "Wasm", "#30D158"],
        ["SwiftUI", "SwiftUI", "#0A84FF"],
    ]
    assert sorted(b[3] for b in buttons) == [-1, -1, 0], "still one tab stop"
    assert pressed(page) == ["Wasm"]
    page.click("[data-tag-id='SwiftUI']")
    eventually(lambda: assert_exact_layout(page, LOOSE))
    assert pressed(page) == ["Wasm", "SwiftUI"]


def test_a_new_text_size_is_measured_again_and_sent(page, live_server):
    page.set_viewport_size({"width": 768, "height": 800})
    open_demo(page, live_server.url)
    page.wait_for_function(f"() => Number({CLOUD}.dataset.liveFrames) > 0")
    # The page measures again at the new text size and sends it; the server's answer (a layout
    # for the new capsules) is what ends up on screen.
    before = page.evaluate(f"() => Number({CLOUD}.dataset.liveFrames)")
    page.evaluate("() => { document.documentElement.style.fontSize = '20px'; }")
    page.wait_for_function(f"() => Number({CLOUD}.dataset.liveFrames) > {before}")
    # The server's frame for the new capsules (1.25 × (16 + 20) tall) is what is on screen.
    page.wait_for_function(
        f"() => {HOST}.layoutSource === 'server' && {HOST}.layout.items.every((item) => Math.abs(item.h - 50) < 0.01)"
    )
    _, shown = capsules(page)
    assert all(abs(c.h - (25 + 25)) < 0.01 for c in shown), "lineHeight 25 + 2 × 10 × 1.25"
    assert_exact_layout(page, LOOSE)


def test_the_back_forward_cache_closes_the_socket_and_resumes_the_session(page, live_server):
    """pagehide closes the live socket (an open one keeps a page out of the back/forward cache);
    pageshow from the cache reconnects and the server resumes the page's session. Playwright's
    chromium runs without the cache, so the page's events are dispatched as the browser would.
    Broken once: without the element's pagehide handler the socket stays open."""
    sockets, closed = [], []
    page.on("websocket", lambda socket: (sockets.append(socket), socket.on("close", lambda closing: closed.append(closing))))
    page.set_viewport_size({"width": 390, "height": 844})
    open_demo(page, live_server.url)
    page.wait_for_function(f"() => {HOST}.liveStatus === 'live'")
    assert len(sockets) == 1, "the demo opens one socket"
    page.click("[data-tag-id='Glass']")
    page.wait_for_function(f"() => {CLOUD}.dataset.liveSelection === 'SwiftUI,Glass'")
    page.evaluate("() => dispatchEvent(new PageTransitionEvent('pagehide', { persisted: true }))")
    for _ in range(100):  # Playwright delivers the close event while the page is waited on
        if closed:
            break
        page.wait_for_timeout(50)
    assert closed == [sockets[0]], "the socket is still open after pagehide"
    assert status(page) == "offline"
    page.evaluate("() => dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }))")
    page.wait_for_function(f"() => {HOST}.liveStatus === 'live'")
    assert len(sockets) == 2
    before = page.evaluate(f"() => Number({CLOUD}.dataset.liveFrames)")
    page.click("[data-tag-id='Metal']")
    page.wait_for_function(f"() => Number({CLOUD}.dataset.liveFrames) > {before}")
    page.wait_for_function(f"() => {CLOUD}.dataset.liveSelection === 'SwiftUI,Glass,Metal'")
    assert pressed(page) == ["SwiftUI", "Glass", "Metal"]
    assert_exact_layout(page, LOOSE)
