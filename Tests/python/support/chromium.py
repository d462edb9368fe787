"""One Playwright and one headless Debian chromium per pytest process, shared by every suite that
drives a browser (browser/, element/): Playwright's sync API allows a single instance per thread,
so two suites' session fixtures may not each start their own. The first user starts it, the last
one to let go closes it."""

from __future__ import annotations

import contextlib
import os

from playwright.sync_api import Browser, sync_playwright

# Debian's chromium, or the one TAGCLOUD_CHROMIUM names.
CHROMIUM = os.environ.get("TAGCLOUD_CHROMIUM", "/usr/bin/chromium")

_shared: dict = {"users": 0, "playwright": None, "browser": None}


@contextlib.contextmanager
def shared_chromium(executable_path: str):
    """Yields the process's headless chromium (launched from `executable_path` on first use)."""
    if _shared["users"] == 0:
        playwright = sync_playwright().start()
        try:
            browser: Browser = playwright.chromium.launch(executable_path=executable_path, headless=True)
        except BaseException:
            playwright.stop()
            raise
        _shared.update(playwright=playwright, browser=browser)
    _shared["users"] += 1
    try:
        yield _shared["browser"]
    finally:
        _shared["users"] -= 1
        if _shared["users"] == 0:
            browser, playwright = _shared["browser"], _shared["playwright"]
            _shared.update(browser=None, playwright=None)
            try:
                browser.close()
            finally:
                playwright.stop()
