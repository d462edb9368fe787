"""<glass-tag-cloud> as a form control: its selection submits under `name` (one entry per id),
`required` makes an empty selection invalid (`:invalid`, checkValidity), a form reset restores
the initial selection, a disabled fieldset disables it; the example page's form end to end."""

from __future__ import annotations

from element_helpers import changes, click_tag, pressed, record_changes, tag_markup
from support.placement import settle, wait_placed

FORM = """<form id="form">
  <input name="before" value="1">
  <fieldset id="set"><glass-tag-cloud name="topics" {attributes}>{tags}</glass-tag-cloud></fieldset>
  <button id="submit">Submit</button><button id="reset" type="reset">Reset</button>
</form>
<script>
  window.__submitted = null;
  document.querySelector('#form').addEventListener('submit', (event) => {{
    event.preventDefault();
    window.__submitted = [...new FormData(event.target)];
  }});
</script>"""


def open_form(element_page, static_server, page, attributes: str = "", selected=("SwiftUI",)):
    element_page(static_server.url, FORM.format(attributes=attributes, tags=tag_markup(selected)))
    record_changes(page)


def submitted(page):
    page.click("#submit")
    page.wait_for_function("() => window.__submitted !== null")
    entries = page.evaluate("() => window.__submitted")
    page.evaluate("() => { window.__submitted = null; }")
    return entries


def test_element_submits_one_entry_per_selected_id(element_page, static_server, page):
    open_form(element_page, static_server, page)
    assert submitted(page) == [["before", "1"], ["topics", "SwiftUI"]]
    click_tag(page, "Glass")
    click_tag(page, "Charts")
    assert submitted(page) == [["before", "1"], ["topics", "SwiftUI"], ["topics", "Glass"], ["topics", "Charts"]]
    assert page.evaluate("() => document.querySelector('glass-tag-cloud').form.id") == "form"


def test_element_without_name_submits_nothing(element_page, static_server, page):
    open_form(element_page, static_server, page)
    page.evaluate("() => document.querySelector('glass-tag-cloud').removeAttribute('name')")
    assert submitted(page) == [["before", "1"]]


def test_element_form_reset_restores_the_initial_selection_silently(element_page, static_server, page):
    open_form(element_page, static_server, page, selected=("SwiftUI", "Metal"))
    click_tag(page, "SwiftUI")
    click_tag(page, "Glass")
    page.evaluate("() => { document.querySelector('glass-tag-cloud').selection = ['Charts']; }")
    assert pressed(page) == ["Charts"]
    page.click("#reset")
    settle(page)
    assert pressed(page) == ["SwiftUI", "Metal"]
    assert page.evaluate("() => document.querySelector('glass-tag-cloud').selection") == ["SwiftUI", "Metal"]
    assert changes(page) == [["Metal"], ["Glass", "Metal"]]  # the user's two clicks only, in tag order
    assert submitted(page) == [["before", "1"], ["topics", "SwiftUI"], ["topics", "Metal"]]


def test_element_required_is_invalid_when_nothing_is_selected(element_page, static_server, page):
    open_form(element_page, static_server, page, attributes="required")
    state = lambda: page.evaluate(
        """() => { const c = document.querySelector('glass-tag-cloud');
                   return { valid: c.checkValidity(), invalid: c.matches(':invalid'), missing: c.validity.valueMissing,
                            message: c.validationMessage }; }""")
    assert state() == {"valid": True, "invalid": False, "missing": False, "message": ""}
    click_tag(page, "SwiftUI")
    now = state()
    assert now["valid"] is False and now["invalid"] is True and now["missing"] is True
    assert now["message"] == "Select at least one tag."
    # Submitting an invalid form is blocked (interactive validation), and focus goes to the cloud.
    page.click("#submit")
    page.wait_for_timeout(200)
    assert page.evaluate("() => window.__submitted") is None
    assert page.evaluate("() => document.activeElement.localName") == "glass-tag-cloud"
    click_tag(page, "Glass")
    assert state()["valid"] is True
    assert submitted(page) == [["before", "1"], ["topics", "Glass"]]


def test_element_disabled_fieldset_disables_the_cloud(element_page, static_server, page):
    open_form(element_page, static_server, page)
    page.evaluate("() => { document.querySelector('#set').disabled = true; }")
    settle(page)
    info = page.evaluate(
        """() => { const c = document.querySelector('glass-tag-cloud');
                   return { disabled: c.matches(':disabled'),
                            buttons: [...c.shadowRoot.querySelectorAll('button')].every((b) => b.disabled) }; }""")
    assert info == {"disabled": True, "buttons": True}
    click_tag(page, "Glass", force=True)
    assert pressed(page) == ["SwiftUI"]
    assert changes(page) == []
    assert submitted(page) == [["before", "1"]]  # a disabled control submits nothing
    page.evaluate("() => { document.querySelector('#set').disabled = false; }")
    click_tag(page, "Glass")
    assert pressed(page) == ["SwiftUI", "Glass"]


def test_element_example_page_submits_and_resets(page, static_server):
    page.goto(static_server.url + "examples/element.html")
    wait_placed(page)
    page.locator('#interests button[data-tag-id="Glass"]').click()
    page.locator('#topics button[data-tag-id="Charts"]').click()
    page.click("button[type=submit]")
    text = page.text_content("#submitted")
    assert text.splitlines() == [
        "interests = SwiftUI", "interests = Glass", "topics = SwiftUI", "topics = Charts",
    ]
    page.click("button[type=reset]")
    settle(page)
    page.click("button[type=submit]")
    assert page.text_content("#submitted").splitlines() == ["interests = SwiftUI", "topics = SwiftUI"]
    # No server behind a static host: the live cloud says so and is laid out locally.
    page.wait_for_function("() => document.querySelector('#topics').liveStatus === 'offline'")
    assert "No live server" in page.text_content("#live-note")
    assert page.evaluate("() => document.querySelector('#topics').layoutSource") == "wasm"


def test_element_restores_its_state_on_back_navigation(element_page, static_server, page, page_guard):
    """formStateRestoreCallback: going back to a page (not kept in the back/forward cache: the
    static server says no-store) restores the selection the user left, without a change event."""
    # Leaving a page aborts what it still loads (its icon, the Wasm core of the page just left):
    # the browser reports those requests as failed; nothing is wrong with either page.
    page_guard.tolerate(r"^requestfailed GET \S+/(favicon\.(ico|svg)|tagcloud\.wasm): net::ERR_ABORTED$")
    open_form(element_page, static_server, page)
    click_tag(page, "Glass")
    click_tag(page, "SwiftUI")
    page.goto(static_server.url + "examples/embed.html")
    page.go_back()
    wait_placed(page)
    assert page.evaluate("() => document.querySelector('glass-tag-cloud').selection") == ["Glass"]
    assert pressed(page) == ["Glass"]
