"""The README's screenshots of the demo page, in headless Debian chromium: 390 px (a phone, at
device scale 2) and 1280 px, loose and tight spacing, and one capsule caught mid-press.

    PYTHONPATH=Tests/python .venv/bin/python scripts/screenshots.py      # writes docs/screenshots/*.png

The page is served from web/ by the browser suite's static server (the offline page: the Wasm
core lays it out), with a few interests picked, the connection status hidden, no hover.
"""

from __future__ import annotations

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


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    with StaticServer() as server, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True)
        try:
            for name, width, height, scale, tight, press in SHOTS:
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
