"""Fixtures for the `tagcloud serve` integration tests: a real server on a free loopback port,
serving a temporary web folder with a secret file beside it, always stopped when the test
ends, pass or fail (SIGKILL: these tests look at what the server does while it runs; the ones
that look at how it stops stop it themselves). Started by the one `serve` fixture
(support/server_fixtures.py)."""

import json
import signal

import pytest

from server_support import SECRET, WEB_FILES


@pytest.fixture
def site(tmp_path):
    """A web folder with one file per MIME type, and a secret file next to it (not inside)."""
    web = tmp_path / "web"
    web.mkdir()
    for name, (content, _) in WEB_FILES.items():
        (web / name).write_bytes(content.encode("latin-1"))
    (tmp_path / "secret.txt").write_text(SECRET)
    (tmp_path / "secret.json").write_text(json.dumps({"secret": SECRET}))
    return tmp_path


@pytest.fixture
def start_server(site, serve):
    """Starts servers with extra arguments (default web folder: the `site` one); stops them all."""

    def start(*args, web=True, env=None):
        flags = ["--port", "0", *(["--web", str(site / "web")] if web else [])]
        return serve(*args, flags=flags, cwd=site, env=env, start_timeout=10, stop_signal=signal.SIGKILL)

    return start


@pytest.fixture
def server(start_server):
    return start_server()


