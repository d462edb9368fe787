"""The HTTP side of `tagcloud serve`: the web folder with the right MIME types, /healthz,
/metrics, and no path that leaves the web folder."""

import re

import pytest

from server_support import SECRET, WEB_FILES, http_answer, http_get, measure_message, open_live, raw_http, \
    receive_type, send


def test_index_is_served_at_the_root(server):
    status, headers, body = http_get(server.port, "/")
    assert status == 200
    assert body == WEB_FILES["index.html"][0].encode()
    assert headers["content-type"].startswith("text/html")
    assert headers["x-content-type-options"] == "nosniff"


@pytest.mark.parametrize("name", sorted(WEB_FILES))
def test_files_are_served_with_their_mime_type(server, name):
    content, mime = WEB_FILES[name]
    status, headers, body = http_get(server.port, "/" + name)
    assert status == 200
    assert headers["content-type"].split(";")[0].strip() == mime
    assert body == content.encode("latin-1")


def test_files_of_unknown_type_are_refused_and_other_methods_too(server, site):
    (site / "web" / "notes.xyz").write_text("hello")
    status, _, body = http_get(server.port, "/notes.xyz")
    assert status == 415 and b"hello" not in body
    reply = raw_http(server.port, b"POST /metrics HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n"
                                  b"Connection: close\r\n\r\n")
    assert reply.startswith(b"HTTP/1.1 405")


def test_missing_files_are_404(server):
    status, _, _ = http_get(server.port, "/nope.html")
    assert status == 404


def test_healthz(server):
    status, headers, body = http_get(server.port, "/healthz")
    assert status == 200 and body == b"ok\n"
    assert headers["content-type"].startswith("text/plain")


def test_metrics_count_sessions_messages_frames_and_round_trips(server):
    ws, _ = open_live(server)
    with ws:
        send(ws, measure_message())
        send(ws, {"type": "viewport", "width": 390})
        receive_type(ws, "layout")
        ws.send("{bad")
        receive_type(ws, "error")
        status, headers, body = http_get(server.port, "/metrics")
    assert status == 200
    assert headers["content-type"].startswith("text/plain; version=0.0.4")
    text = body.decode()
    samples = dict(re.findall(r"^([a-z_]+(?:\{[^}]*\})?) (\S+)$", text, re.MULTILINE))
    assert samples["tagcloud_sessions"] == "1"
    assert samples["tagcloud_messages_in_total"] == "3"
    assert samples["tagcloud_frames_out_total"] == "3"  # welcome, layout, error
    assert samples["tagcloud_errors_total"] == "1"
    assert "tagcloud_frames_coalesced_total" in samples
    assert samples['tagcloud_layout_roundtrip_seconds_bucket{le="+Inf"}'] == "1"
    assert samples["tagcloud_layout_roundtrip_seconds_count"] == "1"
    assert "# TYPE tagcloud_layout_roundtrip_seconds histogram" in text


TRAVERSALS = [
    "/../secret.txt",
    "/../../secret.txt",
    "/%2e%2e/secret.txt",
    "/%2E%2E/secret.txt",
    "/..%2fsecret.txt",
    "/%2e%2e%2fsecret.txt",
    "/.%2e/secret.txt",
    "//../secret.txt",
    "//secret.txt",
    "/./../secret.txt",
    "/web/../../secret.txt",
    "/..\\secret.txt",
    "/%2e%2e%5csecret.txt",
    "/..%252fsecret.txt",
    "/....//secret.txt",
    "/%c0%ae%c0%ae/secret.txt",
    "/../secret.json",
    "/%2e%2e/web/../secret.json",
]


def assert_refused(server, request: bytes) -> None:
    """A 4xx status line, and not a byte of the secret. No answer (a hang), a reset or a close
    without a status line fails (http_answer): seen to fail with raw_http, which passed them."""
    answer = http_answer(server.port, request)
    assert SECRET.encode() not in answer.reply
    assert 400 <= answer.status < 500, f"{answer.status_line!r} for {request!r}"


@pytest.mark.parametrize("path", TRAVERSALS)
def test_no_path_leaves_the_web_folder(server, site, path):
    assert (site / "secret.txt").read_text() == SECRET  # the secret exists to be stolen
    assert_refused(server, f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".encode())


def test_an_absolute_path_in_the_request_line_stays_inside(server):
    assert_refused(server, b"GET http://127.0.0.1/../secret.txt HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
