"""The tag input example (web/examples/tag-input.html), driven as a user drives it: type and
Enter (or Add) adds a tag through the cloud's `tags` property and the core lays it out; Backspace
in the empty field removes the last tag (not on auto-repeat, not while the field has text); a
duplicate (trimmed, case-insensitive) is refused and announced; an empty field adds nothing.
Every change is announced in the polite live region. The page guard fails any test that logs a
console error, throws or fails a request. axe and the CSP run over the page with the other
examples (test_accessibility.py, test_web_load.py, cluster/test_csp_chromium.py)."""

from __future__ import annotations

import pytest

from element_helpers import capsules
from support.placement import wait_placed

PAGE = "examples/tag-input.html"
INITIAL = ["SwiftUI", "Glass", "Layout"]


@pytest.fixture()
def tag_input(page, static_server):
    page.goto(static_server.url + PAGE)
    wait_placed(page)
    return page


def tags(page) -> list[str]:
    """The ids of the cloud's `tags` property."""
    return page.evaluate("() => document.querySelector('#tags').tags.map((tag) => tag.id)")


def shown(page) -> list[str]:
    """The capsules on screen, once the core has laid out the current tags (an empty cloud has
    nothing to lay out: its layoutSource is "none")."""
    if tags(page) == []:
        page.wait_for_function("() => document.querySelector('#tags').layoutSource === 'none'")
        return [item["id"] for item in capsules(page, "#tags")["items"]]
    wait_placed(page)
    page.wait_for_function(
        """() => { const cloud = document.querySelector('#tags');
                   return cloud.layout?.items.map((item) => item.id).join('\\n')
                     === cloud.tags.map((tag) => tag.id).join('\\n'); }"""
    )
    return [item["id"] for item in capsules(page, "#tags")["items"]]


def announced(page, text: str) -> None:
    page.wait_for_function("(text) => document.querySelector('#tag-status').textContent === text", arg=text)


def field(page):
    return page.get_by_role("textbox", name="New tag")


def test_typing_then_enter_adds_a_tag_laid_out_by_the_core(tag_input):
    page = tag_input
    assert tags(page) == INITIAL and shown(page) == INITIAL
    field(page).fill("  Liquid   Glass ")
    field(page).press("Enter")
    assert tags(page) == INITIAL + ["Liquid Glass"]  # trimmed, inner spaces collapsed
    assert shown(page) == INITIAL + ["Liquid Glass"]
    assert page.evaluate("() => document.querySelector('#tags').layoutSource") == "wasm"
    assert field(page).input_value() == ""
    announced(page, "Added “Liquid Glass”. 4 tags.")
    assert page.evaluate("() => document.activeElement.id") == "new-tag"  # keep typing
    field(page).type("Metal")
    page.keyboard.press("Enter")
    assert shown(page) == INITIAL + ["Liquid Glass", "Metal"]
    announced(page, "Added “Metal”. 5 tags.")
    # A new tag is a real capsule of the cloud: a toggle button with its title as its name.
    metal = page.locator("#tags").get_by_role("button", name="Metal", exact=True)
    assert metal.get_attribute("aria-pressed") == "false"
    metal.click()
    assert page.evaluate("() => document.querySelector('#tags').selection") == ["Metal"]


def test_the_add_button_adds_and_returns_to_the_field(tag_input):
    page = tag_input
    field(page).fill("Charts")
    page.get_by_role("button", name="Add").click()
    assert shown(page) == INITIAL + ["Charts"]
    announced(page, "Added “Charts”. 4 tags.")
    assert page.evaluate("() => document.activeElement.id") == "new-tag"


def test_backspace_in_the_empty_field_removes_the_last_tag(tag_input):
    page = tag_input
    field(page).fill("Ab")
    field(page).press("Backspace")  # text in the field: Backspace edits the text only
    assert field(page).input_value() == "A" and tags(page) == INITIAL
    field(page).press("Backspace")
    assert field(page).input_value() == "" and tags(page) == INITIAL
    field(page).press("Backspace")
    assert shown(page) == ["SwiftUI", "Glass"]
    announced(page, "Removed “Layout”. 2 tags.")
    # Held down, Backspace auto-repeats: the repeats do not go on into the tags.
    page.evaluate(
        """() => document.querySelector('#new-tag').dispatchEvent(new KeyboardEvent('keydown',
             { key: 'Backspace', repeat: true, bubbles: true, cancelable: true }))"""
    )
    assert tags(page) == ["SwiftUI", "Glass"]
    field(page).press("Backspace")
    field(page).press("Backspace")
    assert shown(page) == []
    announced(page, "Removed “SwiftUI”. 0 tags.")
    field(page).press("Backspace")  # nothing left: nothing happens, nothing is said
    assert tags(page) == []
    page.wait_for_timeout(150)
    assert page.text_content("#tag-status") == "Removed “SwiftUI”. 0 tags."
    # From empty, the cloud fills again.
    field(page).fill("Widgets")
    field(page).press("Enter")
    assert shown(page) == ["Widgets"]
    announced(page, "Added “Widgets”. 1 tag.")


@pytest.mark.parametrize("typed", ["glass", "  GLASS  ", "Glass"])
def test_a_duplicate_is_refused_and_announced(tag_input, typed):
    page = tag_input
    field(page).fill(typed)
    field(page).press("Enter")
    announced(page, "“Glass” is already a tag.")
    assert tags(page) == INITIAL and shown(page) == INITIAL
    assert field(page).input_value() == typed, "the text stays, to be corrected"
    assert field(page).get_attribute("aria-invalid") == "true"
    assert page.get_attribute("#tag-status", "role") == "status"  # polite
    # The same refusal again is announced again: the region is emptied and filled anew.
    page.evaluate(
        """() => { window.__statusTexts = [];
             new MutationObserver(() => window.__statusTexts.push(document.querySelector('#tag-status').textContent))
               .observe(document.querySelector('#tag-status'), { childList: true, characterData: true, subtree: true }); }"""
    )
    field(page).press("Enter")
    page.wait_for_function("() => window.__statusTexts.at(-1) === '“Glass” is already a tag.'")
    assert "" in page.evaluate("() => window.__statusTexts")
    # Editing the text clears the invalid mark; a new title is then added.
    field(page).fill("Glassy")
    assert field(page).get_attribute("aria-invalid") is None
    field(page).press("Enter")
    assert shown(page) == INITIAL + ["Glassy"]


def test_an_empty_field_adds_nothing(tag_input):
    page = tag_input
    for text in ["", "   "]:
        field(page).fill(text)
        field(page).press("Enter")
        page.get_by_role("button", name="Add").click()
    page.wait_for_timeout(150)
    assert tags(page) == INITIAL and shown(page) == INITIAL
    assert page.text_content("#tag-status") == ""
    assert field(page).input_value() == ""
    assert field(page).get_attribute("aria-invalid") is None


def test_the_parts_have_accessible_names(tag_input):
    page = tag_input
    assert field(page).count() == 1
    described = field(page).get_attribute("aria-describedby").split()
    assert described == ["tag-help", "tag-status"]
    # The polite region is the page's own (the cloud keeps one of its own in its shadow root).
    assert page.locator("#tag-status").get_attribute("role") == "status"
    assert page.evaluate("() => document.querySelector('#tags').getAttribute('aria-label')") == "Tags"
    # Each tag is a toggle named by its title, with its remove control beside it (the cloud is
    # `removable`): "Remove TITLE".
    assert page.locator("#tags").locator("button[data-tag-id]").all_inner_texts() == INITIAL
    for title in INITIAL:
        assert page.locator("#tags").get_by_role("button", name=title, exact=True).count() == 1
        assert page.locator("#tags").get_by_role("button", name=f"Remove {title}", exact=True).count() == 1
