"""The element's shadow root carries the element's stylesheet only: no rule of a page (`html`,
`body`, `h1`, `:root`, the demo's switch and status) is adopted into it, on a page that links the
sheet (the demo: the element copies the linked sheet) or one that does not (the sheet is
fetched). The demo page still has its own look (web/demo/demo.css).

Watched failing with the demo's rules put back into web/src/element/styles.css (the page
rules it held before the split): `html`, `body`, `h1` and `input[role="switch"]` were found."""

from __future__ import annotations

import re

import pytest

from element_helpers import tag_markup
from support.placement import wait_placed

# Every selector of every adopted sheet, nested rules (media queries) included.
SHADOW_SELECTORS = """(selector) => {
  const root = document.querySelector(selector).shadowRoot;
  const selectors = [];
  const walk = (rules) => {
    for (const rule of rules) {
      if (rule.selectorText) selectors.push(rule.selectorText);
      if (rule.cssRules) walk(rule.cssRules);
    }
  };
  for (const sheet of root.adoptedStyleSheets) walk(sheet.cssRules);
  return selectors;
}"""

PAGE_RULE = re.compile(r'(^|[\s,>+~(])(html|body|h1|:root)(?![\w-])|role="switch"|\.demo\b|\.status\b|\.toggle-row\b')


def assert_element_rules_only(selectors: list[str]) -> None:
    assert any(".tag" in s for s in selectors), selectors  # the element's rules are there
    page_rules = [s for s in selectors if PAGE_RULE.search(s)]
    assert not page_rules, page_rules


@pytest.mark.parametrize("linked", [False, True], ids=["fetched", "linked"])
def test_the_shadow_root_carries_no_page_rule(element_page, static_server, page, linked):
    link = "<link rel='stylesheet' href='/src/element/styles.css'>" if linked else ""
    element_page(static_server.url, link + f"<glass-tag-cloud>{tag_markup()}</glass-tag-cloud>")
    assert_element_rules_only(page.evaluate(SHADOW_SELECTORS, "glass-tag-cloud"))


def test_the_demo_page_keeps_its_own_rules_outside_the_element(static_server, page):
    page.goto(static_server.url)
    wait_placed(page)
    assert_element_rules_only(page.evaluate(SHADOW_SELECTORS, "glass-tag-cloud"))
    # The page's look comes from demo.css: the heading's size, the switch's track.
    looks = page.evaluate("""() => ({
      h1: getComputedStyle(document.querySelector('h1')).fontSize,
      switchWidth: getComputedStyle(document.querySelector('input[role="switch"]')).width,
      sheets: [...document.styleSheets].map((sheet) => new URL(sheet.href).pathname),
    })""")
    assert looks["h1"] == "34px" and looks["switchWidth"] == "51px", looks
    assert looks["sheets"] == ["/demo/demo.css", "/src/element/before-defined.css", "/src/element/styles.css"], looks
