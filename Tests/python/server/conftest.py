"""Fixtures for the `tagcloud serve` integration tests: a real server on a free loopback port,
serving a temporary web folder with a secret file beside it, always stopped when the test
ends, pass or fail."""

import json
import signal

import pytest

from server_support import SECRET, WEB_FILES, Server


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
def start_server(site):
    """Starts servers with extra arguments (default web folder: the `site` one); stops them all."""
    servers = []

    def start(*args, web=True, env=None):
        extra = ["--web", str(site / "web")] if web else []
        server = Server([*extra, *args], cwd=site, env=env)
        servers.append(server)
        return server

    try:
        yield start
    finally:
        for server in servers:
            server.stop(signal.SIGKILL if server.process.poll() is None else signal.SIGTERM)


@pytest.fixture
def server(start_server):
    return start_server()


