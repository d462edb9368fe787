"""Fixtures of the <glass-tag-cloud> suite. The browser, the static file server for web/ and the
`tagcloud serve` fixture are the browser suite's (support/browser_fixtures.py, loaded for every
suite by Tests/python/conftest.py); the pages under test are served from memory on the server's
own origin (`element_page`)."""

from __future__ import annotations

import pytest

from support.placement import wait_placed


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
            "<script type='module' src='/src/element/glass-tag-cloud.js'></script></head>"
            f"<body>{body}</body></html>"
        )
        page.route(url, lambda route: route.fulfill(status=200, content_type="text/html", body=html))
        page.goto(url)
        if wait:
            wait_placed(page)

    return open_page
