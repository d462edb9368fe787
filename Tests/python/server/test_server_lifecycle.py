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
def test_a_signal_closes_every_websocket_with_1001_and_exits_0_within_a_second(server, sig):
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
    ('[{"title": "Rust", "tint": "orange"}]', '"tint" must be a colour'),
    ('[{"title": "Rust"}]', 'needs "tint"'),
    ('[{"title": "", "tint": "#FF9F0A"}]', '"title"'),
    ('[{"title": "A", "tint": "#FF9F0A"}, {"title": "A", "tint": "#FF9F0A"}]', "duplicate title"),
])
def test_a_bad_tags_file_is_refused_at_start(site, content, fragment):
    path = site / "tags.json"
    path.write_text(content)
    result = run_serve("--port", "0", "--web", str(site / "web"), "--tags", str(path))
    assert result.returncode == 1
    assert "tags.json" in result.stderr and fragment in result.stderr, result.stderr


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
    assert result.returncode == 64 and "--port" in result.stderr
