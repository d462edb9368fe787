"""A plain static file server over one folder, on a free 127.0.0.1 port, always stopped: what the
browser suites (web/ as any static host serves it), the install tests (a scratch project's
node_modules), scripts/screenshots.py and the page benchmarks put pages on.

    with FolderServer(folder) as server:
        page.goto(server.url + "index.html")

    with StaticServer() as server:          # web/, and the browser suite's fixtures at /__fixtures__/
        page.goto(server.url)
"""

from __future__ import annotations

import functools
import http.server
import threading
from pathlib import Path

from support.paths import REPO, WEB

FIXTURES = REPO / "Tests" / "python" / "browser" / "fixtures"


class QuietStaticHandler(http.server.SimpleHTTPRequestHandler):
    """Files with the MIME types a browser insists on (module scripts, Wasm streaming), no log."""

    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".wasm": "application/wasm",
        ".js": "text/javascript",
        ".mjs": "text/javascript",
        ".css": "text/css",
        ".html": "text/html",
        ".svg": "image/svg+xml",
    }

    def log_message(self, format: str, *args) -> None:  # noqa: A002 - the base class's name
        pass


class FolderServer:
    """Serves `directory` with `handler_class` (a QuietStaticHandler) on a free loopback port."""

    def __init__(self, directory: Path, handler_class: type[QuietStaticHandler] = QuietStaticHandler) -> None:
        handler = functools.partial(handler_class, directory=str(directory))
        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/"
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    def __enter__(self) -> "FolderServer":
        self.thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()
        self.thread.join(timeout=5)


class StaticHandler(QuietStaticHandler):
    """web/ at /, the test fixtures at /__fixtures__/, never cached."""

    def translate_path(self, path: str) -> str:
        prefix = "/__fixtures__/"
        if path.startswith(prefix):
            served = Path(super().translate_path("/" + path[len(prefix):]))
            return str(FIXTURES / served.relative_to(Path(self.directory).resolve()))
        return super().translate_path(path)

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-store")
        super().end_headers()


class StaticServer(FolderServer):
    """web/ (or `directory`, a copy of it) and the fixtures on a free loopback port."""

    def __init__(self, handler_class: type[StaticHandler] = StaticHandler, directory: Path = WEB) -> None:
        super().__init__(directory, handler_class)


# The Content-Security-Policy of the deployment (deploy/nginx): same-origin everything,
# Wasm compilation allowed, sockets to the page's host; no inline script or style.
CONTENT_SECURITY_POLICY = (
    "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; "
    "img-src 'self' data:; connect-src 'self' ws: wss:; base-uri 'none'; object-src 'none'"
)
