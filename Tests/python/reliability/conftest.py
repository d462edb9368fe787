"""Fixtures for the reliability suite: servers on free loopback ports, serving a temporary web
folder with a secret file beside it; every server is stopped when its test ends, pass or fail,
with SIGTERM (a clean exit is when LeakSanitizer reports, under check-full's ASan run; a report
fails the test). Started by the one `serve` fixture (support/server_fixtures.py)."""

import pytest

from reliability_support import SECRET, Witness


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
def start_server(site, serve):
    """start(*args, port=0, env=None) -> ServeProcess; all of them are stopped at the end."""

    def start(*args, port=0, env=None):
        return serve(*args, web=site / "web", port=port, env=env)

    return start


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
