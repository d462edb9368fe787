"""Static files: the classic traversal attempts (lws's own attack.sh list and more: encoded
dots, double slashes, overlong UTF-8, NUL bytes, backslashes, double encoding, absolute-form
request targets) never serve a byte from outside web/. A secret file sits beside the served
folder (and one whose name extends the folder's, `websecret.txt`, for prefix-match bugs).

Each attack must be refused with a status line of 4xx (http_answer): an answer that never comes
(a hang), a reset or a connection closed without a status line fails, as a server that falls
over on an attack would otherwise pass. The exceptions are the paths that do name a file inside
the folder once dot segments are removed (RFC 3986, 5.2.4: `/..` is `/`) or once the query is
left out: they get that file, 200.

Seen to fail: with raw_http (which returns whatever came, nothing included) instead of
http_answer, the %00 paths that tagcloud serve drops without a word passed; with http_answer,
they fail ("closed without a status line") and are marked KNOWN_SERVER_FAULTS until the server
answers them. Since a strict xfail would also count the secret served as the expected failure,
every path is also checked on its own, unmarked, for the secret alone
(`test_the_secret_is_never_served`). Seen to fail: with a stand-in server that answers every
request with the secret, it failed on every path, the three %00 ones included, while those
three still reported "xfailed" here."""

import re

import pytest

from reliability_support import SECRET, Server, http_answer, raw_http


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


def refused(server, request: bytes):
    """The answer to `request`, which must be a 4xx status line (a hang, a reset or a silent close
    fail in http_answer). Keep-alive requests are answered and then held open: the rest of the
    answer is read until the server is idle for half a second."""
    answer = http_answer(server.port, request)
    assert SECRET.encode() not in answer.reply
    assert 400 <= answer.status < 500, f"{answer.status_line!r} for {request[:100]!r}"
    return answer


# Answers that are wrong today (strict: once they are right, these marks fail the run and go).
# A NUL that reaches tagcloud's callback is refused (404: the policy refuses control bytes; the
# header is read whole, NULs included); these three never reach it.
NUL_DROPPED = ("libwebsockets 4.1.6's request parser closes the connection without a status line on "
               "a %00 inside a path segment, before any callback of tagcloud's runs (the files "
               "route's response counter in /metrics does not move)")
KNOWN_SERVER_FAULTS = {
    "/../secret.txt%00": NUL_DROPPED, "/../secret.txt%00.html": NUL_DROPPED,
    "/index.html%00/../../secret.txt": NUL_DROPPED,
}
# Paths that name a file inside the folder: `..` above the root stays at the root (RFC 3986
# dot-segment removal), a query is not part of the path.
INSIDE = {"/..": "index.html", "/../": "index.html", "/index.html?/../../secret.txt": "index.html"}


def known_fault(value, reason):
    return pytest.param(value, marks=pytest.mark.xfail(reason=reason, strict=True)) if reason else value

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


@pytest.mark.parametrize("path", [known_fault(path, KNOWN_SERVER_FAULTS.get(path)) for path in ATTACKS])
def test_no_request_path_leaves_the_web_folder(static_server, static_site, path):
    request = f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".encode("latin-1")
    assert (static_site / "secret.txt").read_text() == SECRET  # the secret is there to be stolen
    if path in INSIDE:
        answer = http_answer(static_server.port, request)
        assert answer.status == 200, answer.status_line
        assert answer.reply.endswith((static_site / "web" / INSIDE[path]).read_bytes())
        return
    refused(static_server, request)


@pytest.mark.parametrize("path", ATTACKS)
def test_the_secret_is_never_served(static_server, static_site, path):
    """Whatever the answer (a status line, or none: the paths KNOWN_SERVER_FAULTS lists are
    dropped), it never holds the secret. Outside the xfail marks on purpose: a strict xfail
    counts any failure as expected, the secret served included."""
    request = f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".encode("latin-1")
    assert (static_site / "secret.txt").read_text() == SECRET
    reply = raw_http(static_server.port, request)
    assert SECRET.encode() not in reply, f"{path}: the secret was served: {reply[:200]!r}"


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
    answer = refused(static_server, request_bytes)
    # Pipelined requests: every answer is a refusal.
    statuses = re.findall(rb"(?:^|\r\n)HTTP/1\.[01] (\d{3}) ", answer.reply)
    assert statuses and all(status.startswith(b"4") for status in statuses), statuses


def test_the_server_still_serves_inside_after_every_attack(static_server):
    server = static_server
    reply = raw_http(server.port, b"GET /sub/page.html HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
    assert reply.startswith(b"HTTP/1.1 200") and b"inside" in reply
    reply = raw_http(server.port, b"GET /sub/../index.html HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
    assert b"reliability" in reply  # '..' inside the folder is fine
    assert server.alive
