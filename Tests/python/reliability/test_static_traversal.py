"""Static files: the classic traversal attempts (lws's own attack.sh list and more: encoded
dots, double slashes, overlong UTF-8, NUL bytes, backslashes, double encoding, absolute-form
request targets) never serve a byte from outside web/. A secret file sits beside the served
folder (and one whose name extends the folder's, `websecret.txt`, for prefix-match bugs)."""

import pytest

from reliability_support import SECRET, Server, raw_http


@pytest.fixture(scope="module")
def static_site(tmp_path_factory):
    root = tmp_path_factory.mktemp("static")
    (root / "web" / "sub").mkdir(parents=True)
    (root / "web" / "index.html").write_text("<!doctype html><title>reliability</title>")
    (root / "web" / "sub" / "page.html").write_text("<p>inside</p>")
    (root / "secret.txt").write_text(SECRET)
    (root / "websecret.txt").write_text(SECRET)
    return root


@pytest.fixture(scope="module")
def static_server(static_site):
    """One server for the whole module (the attacks do not change its state); always killed."""
    server = Server(static_site / "web")
    try:
        yield server
    finally:
        server.stop()
        reports = server.sanitizer_reports()
        assert not reports, "\n".join(reports[:40])


def fetch(server, request: bytes) -> bytes:
    # Keep-alive requests are answered and then held open: a short read timeout ends them.
    return raw_http(server.port, request, timeout=0.5)

ATTACKS = [
    "/../secret.txt", "/../../../../../../secret.txt", "/..", "/../", "/.../secret.txt",
    "/%2e%2e/secret.txt", "/%2e%2e%2fsecret.txt", "/%2E%2e%2Fsecret.txt", "/.%2e/secret.txt",
    "/%2e./secret.txt", "/..%2f..%2fsecret.txt", "/sub/..%2f..%2fsecret.txt",
    "/sub/%2e%2e/%2e%2e/secret.txt", "/sub/../../secret.txt", "/sub/./../../secret.txt",
    "//../secret.txt", "///..//..//secret.txt", "/.//..//secret.txt", "//%2e%2e//secret.txt",
    # overlong UTF-8 for '.', '/' and '\'
    "/%c0%ae%c0%ae/secret.txt", "/%c0%ae%c0%ae%c0%afsecret.txt", "/%e0%80%ae%e0%80%ae/secret.txt",
    "/%f0%80%80%ae%f0%80%80%ae/secret.txt", "/%c0%2e%c0%2e/secret.txt", "/..%c0%afsecret.txt",
    "/..%c1%9csecret.txt", "/%c1%1c%c1%1csecret.txt",
    # NUL bytes, encoded
    "/../secret.txt%00", "/../secret.txt%00.html", "/%00/../secret.txt", "/..%00/secret.txt",
    "/index.html%00/../../secret.txt",
    # backslashes, raw and encoded
    "/..\\secret.txt", "/..\\..\\secret.txt", "/%5c..%5csecret.txt", "/..%5csecret.txt",
    "/sub\\..\\..\\secret.txt",
    # double and mixed encoding
    "/%252e%252e/secret.txt", "/%252e%252e%252fsecret.txt", "/%%32%65%%32%65/secret.txt",
    "/%u002e%u002e/secret.txt", "/..%255csecret.txt",
    # prefix of the served folder's own name
    "/../websecret.txt", "/%2e%2e/websecret.txt", "/../web/../websecret.txt",
    # query strings and fragments do not change the path
    "/../secret.txt?x=1", "/%2e%2e/secret.txt#frag", "/index.html?/../../secret.txt",
    # long runs
    "/" + "../" * 200 + "secret.txt", "/" + "%2e%2e/" * 200 + "secret.txt",
    "/" + "a/" * 300 + "../" * 301 + "secret.txt",
]


@pytest.mark.parametrize("path", ATTACKS)
def test_no_request_path_leaves_the_web_folder(static_server, static_site, path):
    reply = fetch(static_server, (
        f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n").encode("latin-1"))
    assert SECRET.encode() not in reply
    assert (static_site / "secret.txt").read_text() == SECRET  # the secret is there to be stolen


@pytest.mark.parametrize("request_bytes", [
    b"GET /../secret.txt HTTP/1.0\r\n\r\n",
    b"GET ../secret.txt HTTP/1.1\r\nHost: x\r\n\r\n",
    b"GET http://127.0.0.1/../secret.txt HTTP/1.1\r\nHost: x\r\n\r\n",
    b"GET /..\x00/secret.txt HTTP/1.1\r\nHost: x\r\n\r\n",        # a raw NUL byte
    b"GET /\x00../secret.txt HTTP/1.1\r\nHost: x\r\n\r\n",
    b"GET /%2e%2e/secret.txt HTTP/1.1\r\nHost: x\r\nX-Original-URL: /../secret.txt\r\n\r\n",
    b"HEAD /../secret.txt HTTP/1.1\r\nHost: x\r\n\r\n",
    b"POST /../secret.txt HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n",
    b"GET /sub/../../secret.txt HTTP/1.1\r\nHost: x\r\n\r\nGET /../secret.txt HTTP/1.1\r\n"
    b"Host: x\r\n\r\n",                                              # pipelined
])
def test_odd_request_forms_stay_inside(static_server, request_bytes):
    reply = fetch(static_server, request_bytes)
    assert SECRET.encode() not in reply


def test_the_server_still_serves_inside_after_every_attack(static_server):
    server = static_server
    reply = raw_http(server.port, b"GET /sub/page.html HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
    assert reply.startswith(b"HTTP/1.1 200") and b"inside" in reply
    reply = raw_http(server.port, b"GET /sub/../index.html HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
    assert b"reliability" in reply  # '..' inside the folder is fine
    assert server.alive
