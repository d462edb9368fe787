"""Fixtures of the <glass-tag-cloud> suite. The browser, the static file server for web/ and the
`tagcloud serve` fixture are the browser suite's (Tests/python/browser/conftest.py), loaded under
a module name of their own so that the two suites share one definition; the pages under test
are served from memory on the server's own origin (`element_page`)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from element_helpers import wait_placed

_BROWSER_CONFTEST = Path(__file__).resolve().parents[1] / "browser" / "conftest.py"
_spec = importlib.util.spec_from_file_location("tagcloud_browser_fixtures", _BROWSER_CONFTEST)
_browser_fixtures = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_browser_fixtures)


def _is_fixture(value) -> bool:
    return hasattr(value, "_pytestfixturefunction") or type(value).__name__ == "FixtureFunctionDefinition"


# Every fixture of the browser suite (browser, context, page, static_server, live_server and what
# they depend on), re-exported: pytest finds fixtures as attributes of this conftest.
globals().update({name: value for name, value in vars(_browser_fixtures).items() if _is_fixture(value)})


@pytest.fixture()
def element_page(page):
    """Opens an HTML body that uses <glass-tag-cloud> at `<origin>__element__/<name>.html` (served
    from memory, so the page shares web/'s origin and its modules) and waits until every cloud
    on it is placed by the core."""

    def open_page(origin: str, body: str, *, name: str = "test", wait: bool = True) -> None:
        url = f"{origin}__element__/{name}.html"
        html = (
            "<!doctype html><html lang='en'><head><meta charset='utf-8'>"
            "<style>body { margin: 16px; background: #223; font-family: sans-serif; }</style>"
            "<script type='module' src='/glass-tag-cloud.js'></script></head>"
            f"<body>{body}</body></html>"
        )
        page.route(url, lambda route: route.fulfill(status=200, content_type="text/html", body=html))
        page.goto(url)
        if wait:
            wait_placed(page)

    return open_page
