"""Fixtures for the reliability suite: servers on free loopback ports, serving a temporary web
folder with a secret file beside it; every server is stopped when its test ends, pass or fail."""

import pytest

from reliability_support import SECRET, Server, Witness


@pytest.fixture
def site(tmp_path):
    web = tmp_path / "web"
    web.mkdir()
    (web / "index.html").write_text("<!doctype html><title>reliability</title>")
    (web / "sub").mkdir()
    (web / "sub" / "page.html").write_text("<p>inside</p>")
    (tmp_path / "secret.txt").write_text(SECRET)
    (tmp_path / "websecret.txt").write_text(SECRET)  # shares the folder name's prefix
    return tmp_path


@pytest.fixture
def start_server(site):
    """start(*args, port=0, env=None) -> Server; all of them are killed at the end."""
    servers = []

    def start(*args, port=0, env=None):
        server = Server(site / "web", args, port=port, env=env)
        servers.append(server)
        return server

    try:
        yield start
    finally:
        # SIGTERM first: a clean exit is when LeakSanitizer reports, under check-full's ASan run.
        for server in servers:
            server.stop()
        reports = [line for server in servers for line in server.sanitizer_reports()]
        assert not reports, "\n".join(reports[:40])


@pytest.fixture
def server(start_server):
    return start_server()


@pytest.fixture
def witness(server):
    """A well-behaved session beside the attack, closed at the end."""
    session = Witness(server)
    try:
        yield session
    finally:
        try:
            session.close()
        except Exception:
            pass
