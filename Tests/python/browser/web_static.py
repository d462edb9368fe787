"""The browser suite's static host and browser path, in a module of its own name, so that scripts
and benchmarks outside the suite (scripts/screenshots.py, bench/py/page_threads.py,
Tests/python/element/bench_glass_drag.py) import it without `from conftest import`, which
resolves to whichever conftest.py comes first on the path."""

from __future__ import annotations

import contextlib
import os
import socket
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # Tests/python: static_files
from static_files import FolderServer, QuietStaticHandler  # noqa: E402

REPO = Path(__file__).resolve().parents[3]
WEB = Path(os.environ.get("TAGCLOUD_WEB_DIR", REPO / "web")).resolve()
FIXTURES = Path(__file__).resolve().parent / "fixtures"
ARTIFACTS = REPO / "Tests" / "artifacts" / "browser"
CHROMIUM = os.environ.get("TAGCLOUD_CHROMIUM", "/usr/bin/chromium")
TAGCLOUD = REPO / ".build" / "debug" / "tagcloud"


def free_port() -> int:
    with contextlib.closing(socket.socket(socket.AF_INET, socket.SOCK_STREAM)) as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class StaticHandler(QuietStaticHandler):
    """web/ at /, the test fixtures at /__fixtures__/."""

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
