"""Removable tags (docs/ELEMENT.md, "Removable tags"): `removable` on the cloud, on a
`<glass-tag>` or in a `tags` entry gives the capsule a remove control named "Remove TITLE",
counted in the capsule's width by the core; the control (a click), Delete or Backspace on the
focused tag fire a cancelable `remove` event, then the tag leaves (its child, or the `tags`
array), focus goes to the next tag (the previous one at the end, the host when none is left),
"Removed TITLE." is announced and the form value follows (`change` when a selected tag went).
Every capsule stays where the core's layout puts it after a removal.

Seen to fail: with the remove controls left in the tab order (no `tabIndex = -1`, tag-nodes.js),
Tab went from Layout to its remove control, not out of the cloud (the tab-stop check alone,
which reads only the tags' tabIndex, passed)."""

from __future__ import annotations

import pytest

from element_helpers import assert_core_layout, capsules, changes, record_changes, tag_markup
from support.placement import settle, wait_placed

TAGS = ["SwiftUI", "Layout", "Glass", "Motion"]
MARKUP = [(title, "#0A84FF") for title in TAGS]


@pytest.fixture()
def removable_cloud(element_page, static_server, page):
    body = (f"<form><glass-tag-cloud name='topics' spacing='12' removable style='width: 600px' aria-label='Topics'>"
            f"{tag_markup(('Layout',), MARKUP)}</glass-tag-cloud></form>")
    element_page(static_server.url, body)
    page.evaluate("""() => {
      window.__removes = [];
      document.addEventListener('remove', (event) => window.__removes.push(event.detail));
    }""")
    record_changes(page)
    return page


def shown_ids(page) -> list[str]:
    return [item["id"] for item in capsules(page)["items"]]


def wait_tags(page, ids: list[str]) -> None:
    """Until the capsules on screen, laid out by the core, are `ids`."""
    page.wait_for_function(
        """(ids) => { const cloud = document.querySelector('glass-tag-cloud');
                      const shown = [...cloud.shadowRoot.querySelectorAll('button[data-tag-id]')].map((b) => b.dataset.tagId);
                      return shown.join('\\n') === ids.join('\\n')
                        && (cloud.layout?.items ?? []).map((item) => item.id).join('\\n') === ids.join('\\n'); }""",
        arg=ids,
    )
    wait_placed(page)  # the removed tag has shrunk away


def focused_tag(page) -> str | None:
    return page.evaluate("""() => { const cloud = document.querySelector('glass-tag-cloud');
      const active = cloud.shadowRoot.activeElement;
      return active ? (active.dataset.tagId ?? 'other') : (document.activeElement === cloud ? 'host' : null); }""")


def announcement(page) -> str:
    return page.evaluate("() => document.querySelector('glass-tag-cloud').shadowRoot.querySelector('[role=status]').textContent")


def form_entries(page) -> list[str]:
    return page.evaluate("() => new FormData(document.querySelector('form')).getAll('topics')")


def test_each_capsule_has_a_remove_control_named_and_counted_in_its_width(removable_cloud):
    page = removable_cloud
    cloud = page.locator("glass-tag-cloud")
    for title in TAGS:
        assert cloud.get_by_role("button", name=f"Remove {title}", exact=True).count() == 1
    removable = {item["id"]: item for item in capsules(page)["items"]}
    controls = page.evaluate("""() => Object.fromEntries([...document.querySelector('glass-tag-cloud').shadowRoot
      .querySelectorAll('button[data-remove-id]')].map((b) => { const r = b.getBoundingClientRect();
        return [b.dataset.removeId, { x: r.x, right: r.right, w: r.width, h: r.height }]; }))""")
    tags_rects = page.evaluate("""() => Object.fromEntries([...document.querySelector('glass-tag-cloud').shadowRoot
      .querySelectorAll('button[data-tag-id]')].map((b) => { const r = b.getBoundingClientRect();
        return [b.dataset.tagId, { x: r.x, right: r.right }]; }))""")
    for title in TAGS:
        # The control sits over the capsule's end and is a touch target of its own.
        assert abs(controls[title]["right"] - tags_rects[title]["right"]) <= 0.5
        assert controls[title]["x"] >= tags_rects[title]["x"]
        assert controls[title]["w"] >= 36 and controls[title]["h"] >= 44
    assert_core_layout(page, 12)
    # Without `removable` every capsule is the control's 20 px narrower: the core sized it in.
    page.evaluate("() => document.querySelector('glass-tag-cloud').removable = false")
    page.wait_for_function("() => !document.querySelector('glass-tag-cloud').shadowRoot.querySelector('[data-remove-id]')")
    wait_placed(page)
    plain = {item["id"]: item for item in capsules(page)["items"]}
    for title in TAGS:
        assert abs(removable[title]["w"] - plain[title]["w"] - 20) <= 0.5, (title, removable[title], plain[title])
    assert_core_layout(page, 12)


def test_the_remove_control_removes_its_tag(removable_cloud):
    page = removable_cloud
    page.locator("glass-tag-cloud").get_by_role("button", name="Remove Glass", exact=True).click()
    wait_tags(page, ["SwiftUI", "Layout", "Motion"])
    assert page.evaluate("() => window.__removes") == [{"id": "Glass", "title": "Glass"}]
    assert page.evaluate("() => [...document.querySelectorAll('glass-tag')].map((t) => t.value)") == ["SwiftUI", "Layout", "Motion"]
    assert focused_tag(page) == "Motion"
    assert announcement(page) == "Removed Glass."
    assert_core_layout(page, 12)
    assert changes(page) == []  # an unselected tag: the value did not change


def test_delete_on_a_focused_tag_removes_it_and_focus_moves_to_the_next(removable_cloud):
    page = removable_cloud
    page.locator("glass-tag-cloud").locator('button[data-tag-id="SwiftUI"]').focus()
    page.keyboard.press("Delete")
    wait_tags(page, ["Layout", "Glass", "Motion"])
    assert focused_tag(page) == "Layout"
    assert announcement(page) == "Removed SwiftUI."
    assert_core_layout(page, 12)
    # The tab stop followed: the one tab stop of the cloud is Layout's; Tab leaves the cloud (for
    # the next control of the page) and Shift+Tab comes back to Layout.
    assert page.evaluate("""() => [...document.querySelector('glass-tag-cloud').shadowRoot
      .querySelectorAll('button[data-tag-id]')].filter((b) => b.tabIndex === 0).map((b) => b.dataset.tagId)""") == ["Layout"]
    page.evaluate("""() => { const next = document.createElement('button'); next.id = 'after-cloud';
      next.textContent = 'After'; document.body.append(next); }""")
    page.keyboard.press("Tab")
    assert page.evaluate("() => document.activeElement.id") == "after-cloud", focused_tag(page)
    page.keyboard.press("Shift+Tab")
    assert focused_tag(page) == "Layout"


def test_backspace_on_the_last_tag_moves_focus_to_the_previous_then_the_host(removable_cloud):
    page = removable_cloud
    page.locator("glass-tag-cloud").locator('button[data-tag-id="Motion"]').focus()
    page.keyboard.press("Backspace")
    wait_tags(page, ["SwiftUI", "Layout", "Glass"])
    assert focused_tag(page) == "Glass"
    assert announcement(page) == "Removed Motion."
    for expected in (["SwiftUI", "Layout"], ["SwiftUI"], []):
        page.keyboard.press("Backspace")
        if expected:
            wait_tags(page, expected)
            assert focused_tag(page) == expected[-1]
    page.wait_for_function("() => !document.querySelector('glass-tag-cloud').shadowRoot.querySelector('button[data-tag-id]')")
    assert focused_tag(page) == "host"
    assert announcement(page) == "Removed SwiftUI."


def test_a_prevented_remove_changes_nothing(removable_cloud):
    page = removable_cloud
    page.evaluate("() => document.querySelector('glass-tag-cloud').addEventListener('remove', (e) => e.preventDefault())")
    before = capsules(page)
    page.locator("glass-tag-cloud").get_by_role("button", name="Remove Layout", exact=True).click()
    page.locator("glass-tag-cloud").locator('button[data-tag-id="Glass"]').focus()
    page.keyboard.press("Delete")
    settle(page, 4)
    assert page.evaluate("() => window.__removes") == [{"id": "Layout", "title": "Layout"}, {"id": "Glass", "title": "Glass"}]
    assert capsules(page) == before
    assert shown_ids(page) == TAGS
    assert form_entries(page) == ["Layout"]
    assert announcement(page) == ""
    assert changes(page) == []
    assert focused_tag(page) == "Glass"


def test_removing_a_selected_tag_changes_the_form_value_and_fires_change(removable_cloud):
    page = removable_cloud
    page.locator("glass-tag-cloud").locator('button[data-tag-id="Glass"]').click()
    assert form_entries(page) == ["Layout", "Glass"]
    page.locator("glass-tag-cloud").get_by_role("button", name="Remove Layout", exact=True).click()
    wait_tags(page, ["SwiftUI", "Glass", "Motion"])
    assert form_entries(page) == ["Glass"]
    assert page.evaluate("() => document.querySelector('glass-tag-cloud').selection") == ["Glass"]
    assert changes(page) == [["Layout", "Glass"], ["Glass"]]
    assert_core_layout(page, 12)


def test_removable_per_tag_and_through_the_tags_property(element_page, static_server, page):
    element_page(static_server.url, "<glass-tag-cloud spacing='12' style='width: 600px' aria-label='Topics'>"
                 "<glass-tag removable>SwiftUI</glass-tag><glass-tag>Layout</glass-tag></glass-tag-cloud>")
    cloud = page.locator("glass-tag-cloud")
    assert cloud.locator("button[data-remove-id]").evaluate_all("(all) => all.map((b) => b.dataset.removeId)") == ["SwiftUI"]
    page.evaluate("""() => document.querySelector('glass-tag-cloud').tags = [
      { id: 'a', title: 'Alpha', tint: '#0A84FF', removable: true, selected: true },
      { id: 'b', title: 'Beta', tint: '#FF9F0A' },
      { id: 'c', title: 'Gamma', tint: '#40C8E0', removable: true }]""")
    page.wait_for_function("() => document.querySelector('glass-tag-cloud').layout?.items.length === 3")
    wait_placed(page)
    assert cloud.locator("button[data-remove-id]").evaluate_all("(all) => all.map((b) => b.getAttribute('aria-label'))") == [
        "Remove Alpha", "Remove Gamma"]
    # Not removable: Delete does nothing.
    cloud.locator('button[data-tag-id="b"]').focus()
    page.keyboard.press("Delete")
    settle(page, 3)
    assert page.evaluate("() => document.querySelector('glass-tag-cloud').tags.map((t) => t.id)") == ["a", "b", "c"]
    cloud.locator('button[data-tag-id="a"]').focus()
    page.keyboard.press("Delete")
    page.wait_for_function("() => document.querySelector('glass-tag-cloud').layout?.items.length === 2")
    wait_placed(page)
    assert page.evaluate("() => document.querySelector('glass-tag-cloud').tags.map((t) => t.id)") == ["b", "c"]
    assert page.evaluate("() => document.querySelector('glass-tag-cloud').selection") == []
    assert focused_tag(page) == "b"
    assert_core_layout(page, 12)


def test_the_tag_input_example_removes_a_tag_by_its_control_and_keeps_backspace_in_the_field(page, static_server):
    page.goto(static_server.url + "examples/tag-input.html")
    wait_placed(page)
    cloud = page.locator("#tags")
    cloud.get_by_role("button", name="Remove Glass", exact=True).click()
    page.wait_for_function("() => document.querySelector('#tags').layout?.items.map((i) => i.id).join() === 'SwiftUI,Layout'")
    wait_placed(page)
    assert page.evaluate("() => document.querySelector('#tags').shadowRoot.activeElement?.dataset.tagId") == "Layout"
    assert_core_layout(page, 12, "#tags")
    page.get_by_role("textbox", name="New tag").focus()
    page.keyboard.press("Backspace")
    page.wait_for_function("() => document.querySelector('#tags').layout?.items.map((i) => i.id).join() === 'SwiftUI'")
    page.wait_for_function("() => document.querySelector('#tag-status').textContent.startsWith('Removed “Layout”')")


def test_a_live_clouds_served_tags_have_no_remove_control(live_server, page):
    page.goto(live_server.url + "examples/element.html")
    page.wait_for_function("() => document.querySelector('#topics').layoutSource === 'server'", timeout=10_000)
    page.evaluate("() => { document.querySelector('#topics').removable = true; document.querySelector('#interests').removable = true; }")
    # The local cloud beside it gets its controls: the attribute was read.
    page.wait_for_function("() => document.querySelector('#interests').shadowRoot.querySelector('button[data-remove-id]')")
    settle(page, 4)
    assert page.evaluate("() => document.querySelector('#topics').shadowRoot.querySelectorAll('button[data-remove-id]').length") == 0


def test_right_to_left_the_control_is_at_the_left_end_and_disabled_removes_nothing(element_page, static_server, page):
    element_page(static_server.url, "<fieldset><glass-tag-cloud dir='rtl' spacing='12' removable style='width: 600px' "
                 f"aria-label='Topics'>{tag_markup((), MARKUP)}</glass-tag-cloud></fieldset>")
    ends = page.evaluate("""() => [...document.querySelector('glass-tag-cloud').shadowRoot.querySelectorAll('.tag-slot')]
      .map((slot) => [slot.querySelector('[data-tag-id]').getBoundingClientRect().left,
                      slot.querySelector('[data-remove-id]').getBoundingClientRect().left])""")
    assert ends and all(abs(tag - control) <= 0.5 for tag, control in ends), ends
    assert_core_layout(page, 12, direction="rtl")
    page.evaluate("() => { document.querySelector('fieldset').disabled = true; }")
    page.wait_for_function("""() => [...document.querySelector('glass-tag-cloud').shadowRoot
      .querySelectorAll('button[data-remove-id]')].every((b) => b.disabled)""")
    page.evaluate("""() => document.querySelector('glass-tag-cloud').shadowRoot.querySelector('[data-remove-id="Glass"]')
      .dispatchEvent(new KeyboardEvent('keydown', { key: 'Delete', bubbles: true, composed: true }))""")
    settle(page, 3)
    assert shown_ids(page) == TAGS
