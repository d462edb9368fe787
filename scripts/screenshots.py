"""The screenshots of the docs, in headless Debian chromium:

- the README's four: `<glass-tag-cloud>` at its defaults (no attribute but the seed's ten tags,
  SwiftUI selected; no theming) on a plain white page and on the seed's indigo-to-black
  gradient, loose (the default spacing, 16) and melted (spacing 3), 390 px wide at device
  scale 2: docs/screenshots/readme-{white,dark}-{loose,melted}.png;
- the demo page: 390 px (a phone, at device scale 2) and 1280 px, loose and tight spacing, and
  one capsule caught mid-press, with a few interests picked, the connection status hidden, no
  hover: docs/screenshots/demo-*.png.

    PYTHONPATH=Tests/python .venv/bin/python scripts/screenshots.py      # writes docs/screenshots/*.png
    PYTHONPATH=Tests/python .venv/bin/python scripts/screenshots.py readme   # only the README's four

The pages are served from web/ by the browser suite's static server (offline: the Wasm core lays
them out).
"""

from __future__ import annotations

import sys

from playwright.sync_api import sync_playwright

from support.chromium import CHROMIUM
from support.paths import REPO
from support.placement import wait_placed
from support.static_files import StaticServer

OUT = REPO / "docs" / "screenshots"
HIDE_STATUS = "[data-status] { visibility: hidden !important; }"
PICKED = ("Glass", "Navigation")
SHOTS = [  # name, width, height, device scale, tight, press
    ("demo-390-loose", 390, 520, 2, False, None),
    ("demo-390-tight", 390, 520, 2, True, None),
    ("demo-1280-loose", 1280, 300, 1, False, None),
    ("demo-1280-tight", 1280, 300, 1, True, None),
    ("demo-390-press", 390, 520, 2, True, "Layout"),
]


# The seed's demo tags (web/index.html's offline copy), the cloud at its defaults.
SEED_TAGS = [("SwiftUI", "#0A84FF"), ("Animation", "#FF375F"), ("Layout", "#FF9F0A"), ("Glass", "#40C8E0"),
             ("Gestures", "#BF5AF2"), ("Symbols", "#30D158"), ("Charts", "#FF453A"), ("Navigation", "#5E5CE6"),
             ("Metal", "#66D4CF"), ("Widgets", "#FFD60A")]
PAGES = {  # the page behind the cloud
    "white": "background: #fff;",
    # The seed's LinearGradient([.indigo, .black], .topLeading → .bottomTrailing), as web/demo/demo.css.
    "dark": "background: linear-gradient(to bottom right, #5856d6, #000);",
}
README_SHOTS = [  # name, page, spacing attribute (None: the default)
    ("readme-white-loose", "white", None),
    ("readme-white-melted", "white", "3"),
    ("readme-dark-loose", "dark", None),
    ("readme-dark-melted", "dark", "3"),
]


def readme_page(background: str, spacing: str | None) -> str:
    tags = "".join(f'<glass-tag value="{title}" tint="{tint}"{" selected" if title == "SwiftUI" else ""}>'
                   f"{title}</glass-tag>" for title, tint in SEED_TAGS)
    spacing_attribute = f' spacing="{spacing}"' if spacing else ""
    return ("<!doctype html><html lang='en'><head><meta charset='utf-8'><title>readme</title>"
            "<link rel='icon' href='/favicon.svg'>"
            "<script type='module' src='/glass-tag-cloud.js'></script>"
            f"<style>html, body {{ margin: 0; }} main {{ {background} padding: 24px; }}</style></head>"
            f"<body><main><glass-tag-cloud aria-label='Interests'{spacing_attribute}>{tags}</glass-tag-cloud>"
            "</main></body></html>")


def fulfil_with(html: str):
    return lambda route: route.fulfill(status=200, content_type="text/html", body=html)


def readme_shots(browser, server) -> None:
    for name, background, spacing in README_SHOTS:
        context = browser.new_context(viewport={"width": 390, "height": 400}, device_scale_factor=2)
        page = context.new_page()
        url = f"{server.url}__readme__/{name}.html"
        html = readme_page(PAGES[background], spacing)
        page.route(url, fulfil_with(html))
        page.goto(url)
        wait_placed(page)
        page.mouse.move(0, 399)
        page.wait_for_timeout(900)  # the glass's lens and resolution are back after the first layout
        page.locator("main").screenshot(path=str(OUT / f"{name}.png"))
        context.close()
        print(f"docs/screenshots/{name}.png")


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    only_readme = sys.argv[1:] == ["readme"]
    with StaticServer() as server, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True)
        try:
            readme_shots(browser, server)
            for name, width, height, scale, tight, press in [] if only_readme else SHOTS:
                context = browser.new_context(viewport={"width": width, "height": height}, device_scale_factor=scale)
                page = context.new_page()
                page.goto(server.url)
                wait_placed(page)
                for tag in PICKED:
                    page.click(f"[data-tag-id='{tag}']")
                if tight:
                    page.click("label[for='tight-spacing']")
                wait_placed(page)
                page.mouse.move(0, height - 1)
                page.evaluate("() => document.activeElement?.blur()")
                page.wait_for_timeout(900)  # every selection spring has settled
                if press:
                    box = page.locator(f"[data-tag-id='{press}']").bounding_box()
                    page.mouse.move(box["x"] + box["width"] * 0.3, box["y"] + box["height"] * 0.5)
                    page.mouse.down()
                    page.wait_for_timeout(900)
                page.screenshot(path=str(OUT / f"{name}.png"), style=HIDE_STATUS)
                if press:
                    page.mouse.up()
                context.close()
                print(f"docs/screenshots/{name}.png")
        finally:
            browser.close()


if __name__ == "__main__":
    main()
