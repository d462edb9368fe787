"""`tagcloud serve --tags FILE` rereads the file on SIGHUP (docs/SERVER.md, "Reloading the tag
set"; the `tags` message in docs/PROTOCOL.md), with and without `--workers`:

- every live session gets a `tags` message with the new set and its selection (selected tags
  no longer served dropped), then a layout; after measuring the new set, its layout equals
  `tagcloud layout`'s for the same request;
- a page that ignores `tags` (a tagcloud.v1 client from before it) keeps getting layouts;
- a session resumed after the reload gets the new set in its welcome;
- a bad file keeps the current set, the log says why, and nothing is sent;
- with `--workers 2` the supervisor passes SIGHUP on and every worker's clients are told.
"""

import json
import re
import signal
import subprocess

from server_support import open_live, receive, receive_type, send, tagcloud_binary
from support.waiting import wait_until

OLD = [{"title": "Swift", "tint": "#0A84FF", "selected": True},
       {"title": "Rust", "tint": "#FF9F0A"}, {"title": "Zig", "tint": "#30D158"}]
NEW = [{"title": "Swift", "tint": "#0A84FF", "selected": True},
       {"title": "Zig", "tint": "#30D158"}, {"title": "Go", "tint": "#64D2FF"},
       {"title": "Kotlin", "tint": "#BF5AF2", "selected": True}]


def ids(tags):
    return [tag["title"] for tag in tags]


def measure(tag_ids):
    return {"type": "measure", "tags": [{"id": tag, "size": [40 + 7 * len(tag), 40]}
                                        for tag in tag_ids]}


def wait_for_log(server, pattern, count=1, timeout=10):
    def found():
        lines = [line for line in list(server.log) if re.search(pattern, line)]
        return lines if len(lines) >= count else None

    return wait_until(found, timeout=timeout, what=f"{count} x /{pattern}/ in the log", seen=lambda: server.log[-10:])


def live_client(server, tag_ids):
    """A page on the old set: measured, laid out, with Rust selected too."""
    ws, welcome = open_live(server)
    assert ids(welcome["tags"]) == tag_ids
    send(ws, measure(tag_ids))
    send(ws, {"type": "viewport", "width": 390})
    receive_type(ws, "layout")
    send(ws, {"type": "toggle", "id": "Rust"})
    assert [i["id"] for i in receive_type(ws, "layout")["items"] if i["selected"]] == \
        ["Swift", "Rust"]
    return ws, welcome


def expect_told(ws):
    told = receive_type(ws, "tags")
    assert ids(told["tags"]) == ids(NEW) and told["selection"] == ["Swift"]
    layout = receive_type(ws, "layout")
    # At once, of the tags the page had measured and that are still served.
    assert [item["id"] for item in layout["items"]] == ["Swift", "Zig"]
    return told


def test_sighup_tells_every_session_and_layouts_follow(start_server, tmp_path):
    path = tmp_path / "tags.json"
    path.write_text(json.dumps(OLD))
    server = start_server("--tags", str(path))
    ws, _ = live_client(server, ids(OLD))
    legacy, _ = live_client(server, ids(OLD))
    with ws, legacy:
        path.write_text(json.dumps(NEW))
        server.process.send_signal(signal.SIGHUP)
        wait_for_log(server, r"SIGHUP: reloaded .*tags\.json: 4 tags \(added: Go, Kotlin; "
                             r"removed: Rust\); 2 live session\(s\) told")
        told = expect_told(ws)
        expect_told(legacy)
        # The page measures the new set; its layout is `tagcloud layout`'s.
        send(ws, measure(ids(NEW)))
        layout = receive_type(ws, "layout")
        request = {"width": 390, "spacing": layout["spacing"], "mergeDistance":
                   told["mergeDistance"], "tags": measure(ids(NEW))["tags"],
                   "selection": ["Swift"], "animation": None, "reduceMotion": False}
        result = subprocess.run([str(tagcloud_binary()), "layout"], input=json.dumps(request),
                                capture_output=True, text=True, timeout=10)
        assert result.returncode == 0, result.stderr
        assert {k: v for k, v in layout.items() if k not in ("type", "seq", "width", "spacing")} \
            == json.loads(result.stdout)
        # A page that ignored `tags` keeps working on the tags it knows.
        send(legacy, {"type": "toggle", "id": "Zig"})
        assert [i["id"] for i in receive_type(legacy, "layout")["items"] if i["selected"]] == \
            ["Swift", "Zig"]
        # New sessions start with the new set and its initial selection.
        fresh, welcome = open_live(server)
        with fresh:
            assert ids(welcome["tags"]) == ids(NEW)
            assert welcome["selection"] == ["Swift", "Kotlin"]
    assert server.alive


def test_a_session_resumed_after_a_reload_gets_the_new_set(start_server, tmp_path):
    path = tmp_path / "tags.json"
    path.write_text(json.dumps(OLD))
    server = start_server("--tags", str(path))
    ws, welcome = live_client(server, ids(OLD))
    ws.close()
    path.write_text(json.dumps(NEW))
    server.process.send_signal(signal.SIGHUP)
    wait_for_log(server, r"SIGHUP: reloaded .*0 live session\(s\) told")
    again, _ = open_live(server)
    with again:
        send(again, {"type": "hello", "session": welcome["session"]})
        resumed = receive_type(again, "welcome")
        assert resumed["resumed"] is True and resumed["session"] == welcome["session"]
        assert ids(resumed["tags"]) == ids(NEW) and resumed["selection"] == ["Swift"]


def test_a_bad_file_keeps_the_current_set_and_says_why(start_server, tmp_path):
    path = tmp_path / "tags.json"
    path.write_text(json.dumps(OLD))
    server = start_server("--tags", str(path))
    ws, _ = live_client(server, ids(OLD))
    with ws:
        path.write_text('[{"title": "Swift", "tint": "blue"}]')
        server.process.send_signal(signal.SIGHUP)
        line = wait_for_log(server, r"error: SIGHUP: bad tags file")[0]
        assert "tint" in line and "keeping the current 3 tags" in line, line
        path.unlink()
        server.process.send_signal(signal.SIGHUP)
        line = wait_for_log(server, r"error: SIGHUP: cannot read tags file")[0]
        assert "No such file" in line and "keeping the current 3 tags" in line, line
        # Nothing was sent; the session goes on with the old set.
        send(ws, {"type": "toggle", "id": "Zig"})
        assert receive(ws)["type"] == "layout"
        fresh, welcome = open_live(server)
        with fresh:
            assert ids(welcome["tags"]) == ids(OLD)
    assert server.alive


def test_without_a_tags_file_sighup_changes_nothing(start_server):
    server = start_server()
    server.process.send_signal(signal.SIGHUP)
    wait_for_log(server, r"SIGHUP: started without --tags FILE")
    assert server.alive


def test_with_workers_every_worker_rereads_and_tells_its_clients(start_server, tmp_path):
    path = tmp_path / "tags.json"
    path.write_text(json.dumps(OLD))
    server = start_server("--tags", str(path), "--workers", "2")
    clients = [live_client(server, ids(OLD))[0] for _ in range(16)]
    try:
        path.write_text(json.dumps(NEW))
        server.process.send_signal(signal.SIGHUP)
        wait_for_log(server, r"SIGHUP: passed on to 2 worker\(s\)")
        lines = wait_for_log(server, r"\[worker \d\]: SIGHUP: reloaded", count=2)
        told = sum(int(re.search(r"(\d+) live session", line).group(1)) for line in lines)
        assert told == len(clients), lines
        for ws in clients:
            expect_told(ws)
    finally:
        for ws in clients:
            ws.close()
    status, _ = server.stop()
    assert status == 0
