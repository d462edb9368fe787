"""Starting and stopping `tagcloud serve`: clear refusals at start, 1001 closes and exit 0
within a second at SIGTERM/SIGINT, one log line per start and stop."""

import json
import signal
import socket
import subprocess

import pytest
from websockets.exceptions import ConnectionClosed

from server_support import open_live, receive_type, tagcloud_binary


def run_serve(*args, cwd=None, timeout=10):
    return subprocess.run([str(tagcloud_binary()), "serve", *args], cwd=cwd,
                          capture_output=True, text=True, timeout=timeout)


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT])
def test_a_signal_closes_every_websocket_with_1001_and_exits_0_within_a_second(start_server, sig):
    """Without a drain grace the closes start at once."""
    server = start_server("--drain-grace", "0")
    sockets = [open_live(server)[0] for _ in range(3)]
    status, seconds = server.stop(sig)
    assert status == 0
    assert seconds < 1.0
    for ws in sockets:
        with pytest.raises(ConnectionClosed) as closed:
            ws.recv(timeout=2)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1001
    starts = [line for line in server.log if "listening on" in line]
    stops = [line for line in server.log if "stopped" in line]
    assert len(starts) == 1 and len(stops) == 1, server.log
    assert "3 WebSocket(s) sent 1001" in stops[0]


def test_a_busy_port_is_refused_clearly(site):
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        result = run_serve("--port", str(port), "--web", str(site / "web"))
    assert result.returncode != 0
    assert "busy" in result.stderr and str(port) in result.stderr


def test_a_missing_web_folder_is_refused_clearly(site):
    result = run_serve("--port", "0", "--web", str(site / "nowhere"))
    assert result.returncode != 0
    assert "web folder" in result.stderr and "nowhere" in result.stderr


@pytest.mark.parametrize("content, fragment", [
    ("not json", "at byte"),
    ('{"title": "x"}', "JSON array"),
    ("[]", "at least one tag"),
    ('[{"title": "Rust", "tint": "orange"}]', '"tint" must be a hex colour (#rgb, #rgba, #rrggbb or #rrggbbaa), got "orange" at byte 28'),
    ('[{"title": "Rust", "tint": "#FF9G0A"}]', '"tint" "#FF9G0A": \'G\' is not a hex digit (a colour is #rgb, #rgba, #rrggbb or #rrggbbaa) at byte 32'),
    ('[{"title": "Rust"}]', 'missing field "tint"'),
    ('[{"title": "", "tint": "#FF9F0A"}]', '"title"'),
    ('[{"title": "A", "tint": "#FF9F0A"}, {"title": "A", "tint": "#FF9F0A"}]', "duplicate title"),
])
def test_a_bad_tags_file_is_refused_at_start(site, content, fragment):
    path = site / "tags.json"
    path.write_text(content)
    result = run_serve("--port", "0", "--web", str(site / "web"), "--tags", str(path))
    assert result.returncode == 1
    assert "tags.json" in result.stderr and fragment in result.stderr, result.stderr


def test_every_hex_form_of_a_tint_is_served_as_written(start_server, site):
    path = site / "tags.json"
    tints = ["#fff", "#FFF8", "#0a84ff", "#0A84FF80"]
    path.write_text(json.dumps([{"title": f"t{i}", "tint": tint} for i, tint in enumerate(tints)]))
    server = start_server("--tags", str(path))
    ws, welcome = open_live(server)
    with ws:
        assert [tag["tint"] for tag in welcome["tags"]] == tints


def test_a_mistyped_option_names_the_nearest_one(site):
    result = run_serve("--prot", "8080")
    assert result.returncode == 64
    assert result.stderr.strip().endswith(
        "unknown option '--prot' for 'tagcloud serve' (did you mean '--port'?); see 'tagcloud serve --help'"), result.stderr


def test_a_missing_tags_file_is_refused(site):
    result = run_serve("--port", "0", "--web", str(site / "web"), "--tags", str(site / "no.json"))
    assert result.returncode == 1 and "no.json" in result.stderr


def test_a_tags_file_replaces_the_demo_tags(start_server, site):
    path = site / "tags.json"
    path.write_text(json.dumps([
        {"title": "Rust", "tint": "#FF9F0A"},
        {"title": "Zig", "tint": "#ffd60a", "selected": True},
    ]))
    server = start_server("--tags", str(path))
    ws, welcome = open_live(server)
    with ws:
        assert welcome["tags"] == [
            {"id": "Rust", "title": "Rust", "tint": "#FF9F0A"},
            {"id": "Zig", "title": "Zig", "tint": "#ffd60a"},
        ]
        assert welcome["selection"] == ["Zig"]
        ws.send(json.dumps({"type": "toggle", "id": "SwiftUI"}))
        assert 'unknown tag id "SwiftUI"' in receive_type(ws, "error")["message"]


def test_help_and_bad_options():
    result = subprocess.run([str(tagcloud_binary()), "serve", "--help"], capture_output=True,
                            text=True, timeout=10)
    assert result.returncode == 0 and "--allow-origin" in result.stdout
    result = subprocess.run([str(tagcloud_binary()), "serve", "--port", "http"],
                            capture_output=True, text=True, timeout=10)
    assert result.returncode == 1 and "--port" in result.stderr  # a bad value: 1
    result = subprocess.run([str(tagcloud_binary()), "serve", "--port"],
                            capture_output=True, text=True, timeout=10)
    assert result.returncode == 64 and "--port needs a value" in result.stderr  # malformed: 64


def test_idle_connections_are_pinged_then_dropped(start_server):
    """A peer that never answers pings (a raw socket) is pinged after 1 s and cut after 2 s."""
    import base64
    import os
    import time
    server = start_server(env={"TAGCLOUD_PING_AFTER": "1", "TAGCLOUD_HANG_UP_AFTER": "2"})
    with socket.create_connection(("127.0.0.1", server.port), timeout=10) as sock:
        key = base64.b64encode(os.urandom(16)).decode()
        sock.sendall((f"GET /live HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\n"
                      f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                      "Sec-WebSocket-Version: 13\r\nSec-WebSocket-Protocol: tagcloud.v1\r\n\r\n"
                      ).encode())
        started = time.monotonic()
        data = b""
        while True:
            chunk = sock.recv(4096)
            if not chunk:
                break
            data += chunk
        elapsed = time.monotonic() - started
    assert b"\x89\x00" in data  # an empty ping frame
    assert 1.5 <= elapsed <= 6


def test_answered_pings_keep_a_quiet_connection_open(start_server):
    import time
    server = start_server(env={"TAGCLOUD_PING_AFTER": "1", "TAGCLOUD_HANG_UP_AFTER": "2"})
    ws, _ = open_live(server)
    with ws:
        time.sleep(3.5)  # websockets answers pings in the background
        ws.send(json.dumps({"type": "toggle", "id": "Glass"}))
        ws.send(json.dumps({"type": "hello"}))
        assert receive_type(ws, "welcome")["selection"] == ["SwiftUI", "Glass"]
