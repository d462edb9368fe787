"""Whose selection a live <glass-tag-cloud> shows (docs/ELEMENT.md, "Whose selection"; the
`hello` of docs/PROTOCOL.md), first match wins:

1. the user's choice: one the user made (kept by the page, as the demo's localStorage does, or
   by the server's session of the tab, resumed after a reload) or the page's program set;
2. else the server's: a new session's is the tags file's `"selected": true` tags;
3. else, with no server (not yet answered, or none), the markup's `selected`, the offline copy.

A case each, live and after a reload, on the shipped demo page (/) and the example page's live
cloud (a plain element with no saved state of its own), against `tagcloud serve --tags FILE`
whose selection (Swift, Go) is not the markup's (SwiftUI).

Broken once each to watch them fail: with the hello carrying the page's selection whatever it
was (the old rule), a new page, on either page, and the plain element after a reload showed
another selection than the file's or the session's; with the demo setting `cloud.selection`
from its defaults again, the demo's new page and its saved-choice case failed; without the
welcome's selection adopted, all but the two where the page chose failed (the reset restored
the markup's SwiftUI, which is not served: nothing); with LiveSession keeping the first
welcome's token (the old resume, never of the tab's session) the plain element's choice was
gone after a reload.
"""

from __future__ import annotations

import json

import pytest

from element_helpers import click_tag
from support.placement import settle

FILE = [{"title": "Swift", "tint": "#0A84FF", "selected": True}, {"title": "Rust", "tint": "#FF9F0A"},
        {"title": "Go", "tint": "#64D2FF", "selected": True}, {"title": "Zig", "tint": "#30D158"}]
SERVED = [tag["title"] for tag in FILE]
DEMO = "glass-tag-cloud"
TOPICS = "#topics"  # the example page's live cloud


# Every test asks for `tags_server` before `page`: the server is stopped after the page is closed,
# so the page never sees it go (a reconnect refused would be a console error).
@pytest.fixture()
def tags_server(live_server_factory, tmp_path):
    path = tmp_path / "tags.json"
    path.write_text(json.dumps(FILE))
    return live_server_factory("--tags", str(path))


def shown_selection(page, selector: str) -> list[str]:
    return page.evaluate("(s) => document.querySelector(s).selection", selector)


def wait_served(page, selector: str) -> None:
    """Until the cloud shows the served tags, placed by the server's frame."""
    page.wait_for_function(
        """([selector, ids]) => {
          const cloud = document.querySelector(selector);
          const shown = [...cloud.shadowRoot.querySelectorAll('button[data-tag-id]')].map((b) => b.dataset.tagId);
          return cloud.layoutSource === 'server' && JSON.stringify(shown) === JSON.stringify(ids);
        }""",
        arg=[selector, SERVED], timeout=15_000)
    settle(page)


def wait_server_selection(page, selector: str, ids: list[str]) -> None:
    """Until the server's own frame (not the element's copy) has `ids` selected."""
    page.wait_for_function(
        "([s, ids]) => document.querySelector(s).shadowRoot.querySelector('.cloud').dataset.liveSelection === ids",
        arg=[selector, ",".join(ids)], timeout=15_000)


def assert_selection_agreed(page, selector: str, ids: list[str]) -> None:
    """The element shows `ids` selected, and the server's own frame comes to say the same."""
    assert shown_selection(page, selector) == ids
    wait_server_selection(page, selector, ids)


def pressed(page, selector: str) -> list[str]:
    return page.evaluate(
        """(s) => [...document.querySelector(s).shadowRoot.querySelectorAll('button[aria-pressed=true]')]
                  .map((b) => b.dataset.tagId)""", selector)


def open_and_wait(page, url: str, selector: str) -> None:
    page.goto(url)
    wait_served(page, selector)


@pytest.mark.parametrize("path, selector", [("", DEMO), ("examples/element.html", TOPICS)])
def test_a_new_page_starts_with_the_files_selection_live_and_after_a_reload(tags_server, page, path, selector):
    open_and_wait(page, tags_server.url + path, selector)
    assert shown_selection(page, selector) == ["Swift", "Go"]
    assert pressed(page, selector) == ["Swift", "Go"]
    wait_server_selection(page, selector, ["Swift", "Go"])
    page.reload()
    wait_served(page, selector)
    assert_selection_agreed(page, selector, ["Swift", "Go"])


def test_the_demos_saved_choice_wins_live_after_a_reload_and_a_server_restart(tags_server, page, page_guard):
    # While the server restarts, a reconnection attempt may be refused (or not be made yet).
    page_guard.tolerate(r"^console\.error WebSocket connection to 'ws://127\.0\.0\.1:\d+/live' failed: "
                        r"Error in connection establishment: net::ERR_CONNECTION_REFUSED")
    open_and_wait(page, tags_server.url, DEMO)
    click_tag(page, "Swift", DEMO)  # deselect the file's Swift
    click_tag(page, "Zig", DEMO)
    assert_selection_agreed(page, DEMO, ["Go", "Zig"])
    page.reload()
    wait_served(page, DEMO)
    assert_selection_agreed(page, DEMO, ["Go", "Zig"])
    # The server restarted (it has no session of this page any more): the saved choice still
    # wins, stated by the hello.
    tags_server.stop()
    tags_server.start()
    page.reload()
    wait_served(page, DEMO)
    assert_selection_agreed(page, DEMO, ["Go", "Zig"])


def test_a_plain_elements_choice_is_kept_by_its_session_after_a_reload(tags_server, page):
    """The example page keeps no state of its own: the server's session of the tab (its token in
    sessionStorage) is where the user's choice is saved, resumed by the hello after a reload."""
    open_and_wait(page, tags_server.url + "examples/element.html", TOPICS)
    click_tag(page, "Rust", TOPICS)
    wait_server_selection(page, TOPICS, ["Swift", "Rust", "Go"])
    page.reload()
    wait_served(page, TOPICS)
    wait_server_selection(page, TOPICS, ["Swift", "Rust", "Go"])
    assert shown_selection(page, TOPICS) == ["Swift", "Rust", "Go"]
    # A new tab has a session of its own: the file's selection.
    fresh = page.context.new_page()
    try:
        open_and_wait(fresh, tags_server.url + "examples/element.html", TOPICS)
        assert shown_selection(fresh, TOPICS) == ["Swift", "Go"]
    finally:
        fresh.close()


def test_a_selection_the_program_sets_wins_over_the_files(tags_server, page):
    page.add_init_script(
        """addEventListener('DOMContentLoaded', () => {
             customElements.whenDefined('glass-tag-cloud').then(() => {
               document.querySelector('#topics').selection = ['Zig'];
             });
           });""")
    open_and_wait(page, tags_server.url + "examples/element.html", TOPICS)
    wait_server_selection(page, TOPICS, ["Zig"])
    assert shown_selection(page, TOPICS) == ["Zig"]


def test_a_form_reset_restores_the_servers_selection(tags_server, page):
    open_and_wait(page, tags_server.url + "examples/element.html", TOPICS)
    click_tag(page, "Swift", TOPICS)
    click_tag(page, "Zig", TOPICS)
    wait_server_selection(page, TOPICS, ["Go", "Zig"])
    page.click("button[type=reset]")
    page.wait_for_function("() => JSON.stringify(document.querySelector('#topics').selection) === '[\"Swift\",\"Go\"]'")
    wait_server_selection(page, TOPICS, ["Swift", "Go"])


def test_without_a_server_the_markup_shows(page, static_server):
    """A static host (no /live) and a server that never answers: the markup's selection, the
    offline copy, in the demo and in the example page's live cloud."""
    page.goto(static_server.url)
    page.wait_for_function("() => document.querySelector('glass-tag-cloud').layoutSource === 'wasm'")
    assert shown_selection(page, DEMO) == ["SwiftUI"]
    page.route("**/live", lambda route: None)  # the upgrade hangs: never answered
    page.goto(static_server.url + "examples/element.html")
    page.wait_for_function("() => document.querySelector('#topics').layoutSource === 'wasm'")
    assert page.evaluate("() => document.querySelector('#topics').liveStatus") in ("connecting", "offline")
    assert shown_selection(page, TOPICS) == ["SwiftUI"]
