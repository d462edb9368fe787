"""axe-core (through axe-playwright-python, its own bundled axe-core) finds no violation on the
demo, in the states a user puts it in (tight spacing, a selection, a phone width, live), nor on
the three example pages; and Chromium's own accessibility tree says what a screen reader hears.

Every axe rule runs (WCAG A/AA and best practices: landmarks, headings, names, contrast...).
Broken once to watch them fail: removing `<main>` from an example fails `landmark-one-main` and
`region` (the examples' two violations before this test); `aria-labelledby` pointing nowhere
leaves the cloud's group unnamed and fails the tree test (axe, which cannot see the element's
ElementInternals role, only lists that as "incomplete").

axe reports the capsule labels' contrast as "incomplete" (the glass layers overlap the labels,
so it cannot tell their background): incomplete results are not violations and are not asserted
here; docs/WEB.md says so.
"""

from __future__ import annotations

import pytest
from axe_playwright_python.sync_playwright import Axe

from support.demo_page import HOST, open_demo
from support.placement import wait_placed

AXE = Axe()


def assert_no_violation(page, what: str) -> None:
    results = AXE.run(page)
    violations = results.response["violations"]
    summary = [
        (violation["id"], violation["impact"], [node["target"] for node in violation["nodes"]][:5])
        for violation in violations
    ]
    assert results.violations_count == 0 and not violations, f"axe on {what}: {summary}"
    # axe really ran on this page (a run that checked nothing would pass quietly).
    assert results.response["url"] == page.url
    assert results.response["testEngine"]["name"] == "axe-core"


@pytest.mark.parametrize("width", [390, 1280])
def test_the_demo_has_no_axe_violation(page, static_server, width):
    page.set_viewport_size({"width": width, "height": 844})
    open_demo(page, static_server.url)
    assert_no_violation(page, f"the demo at {width} px")


def test_the_demo_tight_and_with_a_selection_has_no_axe_violation(page, static_server):
    page.set_viewport_size({"width": 390, "height": 844})
    open_demo(page, static_server.url)
    page.click("[data-tag-id='Glass']")
    page.click("[data-tag-id='Widgets']")
    page.click("label[for='tight-spacing']")
    wait_placed(page)
    assert page.evaluate(f"() => {HOST}.selection") == ["SwiftUI", "Glass", "Widgets"]
    assert page.locator("input[role='switch']").is_checked()
    page.keyboard.press("Tab")  # a focused capsule (its focus ring) is a state too
    assert_no_violation(page, "the demo, tight, three tags selected")


def test_the_live_demo_has_no_axe_violation(page, live_server):
    open_demo(page, live_server.url)
    page.wait_for_function("() => document.querySelector('[data-status]').dataset.status === 'live'")
    assert_no_violation(page, "the live demo")


def test_the_element_example_has_no_axe_violation(page, static_server):
    page.goto(static_server.url + "examples/element.html")
    wait_placed(page, sources=("wasm",))
    assert_no_violation(page, "examples/element.html")
    # After a submission (the output is filled) and at the selection limit (refused tags).
    for tag in ("Glass", "Metal"):
        page.locator("#interests").locator(f"button[data-tag-id='{tag}']").click()
    page.click("button[type='submit']")
    page.wait_for_function("() => document.querySelector('#submitted').textContent.includes('interests = Metal')")
    assert page.locator("#interests").locator("button[aria-disabled='true']").count() == 7
    assert_no_violation(page, "examples/element.html, submitted, at max-selected")


def test_the_embed_example_has_no_axe_violation(page, static_server):
    page.goto(static_server.url + "examples/embed.html")
    page.wait_for_function("() => document.querySelectorAll('.tag').length === 10 && document.querySelector('.tag').style.transform")
    assert_no_violation(page, "examples/embed.html")


def test_the_tag_input_example_has_no_axe_violation(page, static_server):
    page.goto(static_server.url + "examples/tag-input.html")
    page.wait_for_function("() => document.querySelector('#tags').layoutSource === 'wasm'")
    assert_no_violation(page, "examples/tag-input.html")
    # After an added tag (announced), and with a refused duplicate (the field aria-invalid).
    field = page.get_by_role("textbox", name="New tag")
    field.fill("Metal")
    field.press("Enter")
    page.wait_for_function("() => document.querySelector('#tag-status').textContent.startsWith('Added')")
    field.fill("metal")
    field.press("Enter")
    page.wait_for_function("() => document.querySelector('#tag-status').textContent.endsWith('already a tag.')")
    assert field.get_attribute("aria-invalid") == "true"
    assert_no_violation(page, "examples/tag-input.html, a tag added and a duplicate refused")


def test_a_row_limited_cloud_has_no_axe_violation_folded_and_unfolded(page, static_server):
    """`max-rows`: the "+K" capsule (aria-expanded, named by its text) and the folded tags (hidden)."""
    page.goto(static_server.url + "examples/tag-input.html")
    wait_placed(page)
    page.evaluate("""() => { const cloud = document.querySelector('#tags');
      cloud.tags = [...cloud.tags, ...Array.from({ length: 30 }, (_, i) => ({ id: `extra-${i}`, title: `Extra ${i}` }))];
      cloud.maxRows = 1; }""")
    wait_placed(page)
    toggle = page.locator("#tags").locator("button[data-row-toggle]")
    assert toggle.get_attribute("aria-expanded") == "false"
    assert_no_violation(page, "examples/tag-input.html, 30 tags more folded into a +K capsule")
    toggle.click()
    wait_placed(page)
    assert toggle.get_attribute("aria-expanded") == "true"
    assert_no_violation(page, "examples/tag-input.html, every tag shown with Show less")


def accessibility_tree(page) -> list[dict]:
    """Chromium's own accessibility tree (what assistive technology is given), through CDP:
    it knows the element's ElementInternals role, which axe and Playwright's role engine do not."""
    cdp = page.context.new_cdp_session(page)
    try:
        return cdp.send("Accessibility.getFullAXTree")["nodes"]
    finally:
        cdp.detach()


def test_a_screen_reader_hears_the_group_its_toggles_the_switch_and_the_status(page, static_server):
    page.set_viewport_size({"width": 390, "height": 844})
    open_demo(page, static_server.url)
    page.click("[data-tag-id='Glass']")
    page.wait_for_function("() => document.querySelector('[data-status]').dataset.status === 'offline'")
    nodes = [node for node in accessibility_tree(page) if not node.get("ignored")]
    by_id = {node["nodeId"]: node for node in nodes}

    def role(node):
        return node.get("role", {}).get("value")

    def name(node):
        return node.get("name", {}).get("value", "")

    def prop(node, key):
        return next((p["value"].get("value") for p in node.get("properties", []) if p["name"] == key), None)

    def descendants(node):
        for child in node.get("childIds", []):
            if child in by_id:
                yield by_id[child]
                yield from descendants(by_id[child])

    groups = [node for node in nodes if role(node) == "group" and name(node) == "Pick your interests"]
    assert len(groups) == 1, "the cloud is one group named by the page's title"
    toggles = [node for node in descendants(groups[0]) if role(node) == "button"]
    assert [name(node) for node in toggles] == [
        "SwiftUI", "Animation", "Layout", "Glass", "Gestures", "Symbols", "Charts", "Navigation", "Metal", "Widgets",
    ]
    pressed = [name(node) for node in toggles if prop(node, "pressed") == "true"]
    assert pressed == ["SwiftUI", "Glass"], "toggle buttons say whether they are pressed"
    switches = [node for node in nodes if role(node) == "switch"]
    assert [name(node) for node in switches] == ["Tight spacing"]
    assert prop(switches[0], "checked") == "false"
    statuses = [node for node in nodes if role(node) == "status"]
    assert any(name(node) == "offline" or "offline" in [name(c) for c in descendants(node)] for node in statuses)
    mains = [node for node in nodes if role(node) == "main"]
    assert len(mains) == 1
