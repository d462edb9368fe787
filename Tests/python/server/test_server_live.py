"""The /live WebSocket of `tagcloud serve` against the real binary: the message flow, latest-wins
coalescing, refusals that keep the connection open, and the ones that close it."""

import json
import re
import subprocess
import time

import pytest
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.sync.client import connect

from support.paths import WEB
from support.requirements import require_executable
from server_support import (DEMO_IDS, SUBPROTOCOL, RawClient, frame, measure_message,
                            open_live, receive, receive_type, send, tagcloud_binary)


def layout_after_setup(ws, width=390, sizes=None):
    send(ws, measure_message(sizes))
    send(ws, {"type": "viewport", "width": width})
    return receive_type(ws, "layout")


def test_welcome_names_the_demo_tags_selection_and_spacing(server):
    ws, welcome = open_live(server)
    with ws:
        assert re.fullmatch(r"[0-9a-f]{32}", welcome["session"])
        assert [tag["id"] for tag in welcome["tags"]] == DEMO_IDS
        assert [tag["title"] for tag in welcome["tags"]] == DEMO_IDS
        tints = {tag["id"]: tag["tint"] for tag in welcome["tags"]}
        assert tints["SwiftUI"] == "#0A84FF"
        assert all(re.fullmatch(r"#[0-9A-Fa-f]{6}", tint) for tint in tints.values())
        assert welcome["selection"] == ["SwiftUI"]
        assert welcome["spacing"] == 18
        assert welcome["mergeDistance"] == 10
        assert welcome["resumed"] is False
        assert ws.subprotocol == SUBPROTOCOL


def test_each_connection_gets_its_own_session(server):
    first, welcome1 = open_live(server)
    second, welcome2 = open_live(server)
    with first, second:
        assert welcome1["session"] != welcome2["session"]


def test_layout_equals_tagcloud_layout_for_the_same_request(server):
    ws, _ = open_live(server)
    with ws:
        measure = measure_message()
        measure["tags"][3] = {"id": "Glass", "label": {"width": 38.5, "words": [38.5]}}
        measure["textScale"] = 1.25
        measure["lineHeight"] = 22
        send(ws, measure)
        send(ws, {"type": "viewport", "width": 333.5})
        layout = receive_type(ws, "layout")
    assert layout["seq"] == 1 and layout["width"] == 333.5 and layout["spacing"] == 18
    request = {
        "width": 333.5, "spacing": 18, "mergeDistance": 10, "textScale": 1.25, "lineHeight": 22,
        "tags": measure["tags"], "selection": ["SwiftUI"], "animation": None,
        "reduceMotion": False,
    }
    result = subprocess.run([str(tagcloud_binary()), "layout"], input=json.dumps(request),
                            capture_output=True, text=True, timeout=10)
    assert result.returncode == 0, result.stderr
    expected = json.loads(result.stdout)
    got = {key: value for key, value in layout.items()
           if key not in ("type", "seq", "width", "spacing")}
    assert got == expected


WASM_LAYOUT = """import(process.argv[1]).then(async ({ loadTagCloudCore }) => {
  const { readFile } = await import('node:fs/promises');
  const core = await loadTagCloudCore(await readFile(process.argv[2]));
  process.stdout.write(core.layoutBytes(new TextEncoder().encode(process.argv[3])));
})"""


@pytest.mark.parametrize("width, max_rows", [(300, 1), (333.5, 2), (390, 3), (1000, 1)])
def test_a_row_limited_frame_is_the_native_and_the_wasm_layout_of_the_same_request(server, width, max_rows):
    """The live frame under `maxRows` (the page's `moreSizes` in its measure) is byte for byte
    what `tagcloud layout` and the Wasm module answer for the same request, after its header."""
    node = require_executable("node", "apt-get install nodejs (node 20; make test's node suite needs it too)")
    more_sizes = [[30, 40], [38.5, 40]]
    ws, _ = open_live(server)
    with ws:
        measure = {**measure_message(), "moreSizes": more_sizes}
        send(ws, measure)
        send(ws, {"type": "viewport", "width": width, "maxRows": max_rows})
        raw = receive_raw_type(ws, "layout")
    request = json.dumps({
        "width": width, "spacing": 18, "mergeDistance": 10, "tags": measure["tags"],
        "selection": ["SwiftUI"], "animation": None, "reduceMotion": False,
        "maxRows": max_rows, "moreSizes": more_sizes,
    })
    native = subprocess.run([str(tagcloud_binary()), "layout"], input=request,
                            capture_output=True, text=True, timeout=10)
    assert native.returncode == 0, native.stderr
    wasm = subprocess.run([node, "-e", WASM_LAYOUT, (WEB / "src/core/tagcloud-core.js").as_uri(),
                           str(WEB / "tagcloud.wasm"), request], capture_output=True, text=True, timeout=30)
    assert wasm.returncode == 0, wasm.stderr
    assert native.stdout.strip() == wasm.stdout
    header = '{"type":"layout","seq":1,"width":%s,"spacing":18,"maxRows":%d,' % (
        json.dumps(width), max_rows)
    assert raw == header + wasm.stdout[1:]
    if width < 1000:
        assert json.loads(raw)["hidden"] > 0, raw  # the limit folded tags away: a "+K" shows


def receive_raw_type(ws, kind):
    """The text of the next message of type `kind` (others skipped)."""
    while True:
        text = ws.recv(timeout=10)
        if json.loads(text)["type"] == kind:
            return text


def test_a_burst_of_100_viewports_ends_on_the_last_width(server):
    ws, _ = open_live(server)
    with ws:
        layout_after_setup(ws, width=300)
        for width in range(301, 401):
            send(ws, {"type": "viewport", "width": width})
        seqs, widths = [], []
        while not widths or widths[-1] != 400:
            layout = receive_type(ws, "layout")
            seqs.append(layout["seq"])
            widths.append(layout["width"])
        assert seqs == sorted(seqs) and len(set(seqs)) == len(seqs)
        assert widths == sorted(widths), "layouts arrive in order, newest last"
        assert len(widths) <= 100
        # Nothing stale follows the newest layout.
        with pytest.raises(TimeoutError):
            ws.recv(timeout=0.3)
    assert server.metric("tagcloud_messages_in_total") >= 102


def test_toggle_selects_and_deselects_with_a_snappy_spring(server):
    ws, _ = open_live(server)
    with ws:
        layout_after_setup(ws)
        send(ws, {"type": "toggle", "id": "Glass"})
        layout = receive_type(ws, "layout")
        selected = {item["id"] for item in layout["items"] if item["selected"]}
        assert selected == {"SwiftUI", "Glass"}
        assert layout["animation"]["duration"] == 0.5
        assert layout["animation"]["bounce"] == 0.15
        send(ws, {"type": "toggle", "id": "SwiftUI"})
        layout = receive_type(ws, "layout")
        assert {item["id"] for item in layout["items"] if item["selected"]} == {"Glass"}


def test_spacing_relayouts_with_the_smooth_spring_and_viewport_without_motion(server):
    ws, _ = open_live(server)
    with ws:
        first = layout_after_setup(ws, width=390)
        assert first["animation"] is None
        send(ws, {"type": "spacing", "value": 3})
        tight = receive_type(ws, "layout")
        assert tight["spacing"] == 3
        assert tight["animation"]["duration"] == 0.7 and tight["animation"]["bounce"] == 0
        assert tight["size"][1] <= first["size"][1]
        xs = [item["x"] for item in tight["items"] if item["y"] == 0]
        widths = [item["w"] for item in tight["items"] if item["y"] == 0]
        assert xs[1] == pytest.approx(xs[0] + widths[0] + 3)
        send(ws, {"type": "viewport", "width": 200})
        assert receive_type(ws, "layout")["animation"] is None


def test_reduce_motion_sends_no_animation(server):
    ws, _ = open_live(server)
    with ws:
        send(ws, measure_message())
        send(ws, {"type": "viewport", "width": 390, "reduceMotion": True})
        receive_type(ws, "layout")
        send(ws, {"type": "toggle", "id": "Metal"})
        assert receive_type(ws, "layout")["animation"] is None
        send(ws, {"type": "spacing", "value": 3})
        assert receive_type(ws, "layout")["animation"] is None


@pytest.mark.parametrize("payload, fragment", [
    ("{not json", "at byte"),
    ("[1, 2]", "JSON object"),
    ('{"type": "viewport", "width": "wide"}', '"width" must be a number'),
    ('{"type": "viewport"}', 'missing field "width"'),
    ('{"type": "viewport", "width": -5}', '"width" must be from 0'),
    ('{"type": "viewport", "width": 390, "widht": 1}', 'unknown field "widht"'),
    ('{"type": "toggle", "id": "Rust"}', 'unknown tag id "Rust"'),
    ('{"type": "toggle", "id": 7}', '"id" must be a string'),
    ('{"type": "spacing", "value": null}', '"value" must be a number'),
    ('{"type": "dance"}', 'unknown message type "dance"'),
    ('{"kind": "toggle"}', 'missing field "type"'),
    ('{"type": "measure", "tags": [{"id": "Rust", "size": [1, 1]}]}', 'unknown tag id "Rust"'),
    ('{"type": "measure", "tags": [{"id": "SwiftUI", "size": [1, 1]}]}', '"Animation" is missing'),
    ('{"type": "toggle", "id": "Glass", "id": "Metal"}', 'duplicate key "id"'),
    ('{"type": "viewport", "width": 390, "maxRows": -1}', '"maxRows" must be a whole number from 0'),
    ('{"type": "measure", "tags": [], "moreSizes": [[1, 1]]}', 'moreSizes must hold a size for each digit count of the 10 tags'),
])
def test_refused_messages_get_an_error_and_the_connection_stays_open(server, payload, fragment):
    ws, _ = open_live(server)
    with ws:
        ws.send(payload)
        error = receive_type(ws, "error")
        assert fragment in error["message"], error
        # Still open and working.
        layout_after_setup(ws)
    assert server.metric("tagcloud_errors_total") >= 1


def test_binary_frames_are_refused_and_the_connection_stays_open(server):
    ws, _ = open_live(server)
    with ws:
        ws.send(b"\x01\x02\x03")
        assert "binary" in receive_type(ws, "error")["message"]
        layout_after_setup(ws)


def test_fragmented_messages_are_assembled(server):
    ws, _ = open_live(server)
    with ws:
        send(ws, measure_message())
        text = json.dumps({"type": "viewport", "width": 321})
        ws.send([text[:5], text[5:17], text[17:]])
        assert receive_type(ws, "layout")["width"] == 321


@pytest.mark.parametrize("fragmented", [False, True])
def test_messages_over_64_kib_close_with_1009(server, fragmented):
    ws, _ = open_live(server)
    with ws:
        big = json.dumps({"type": "viewport", "width": 1, "pad": "x" * 70000})
        ws.send([big[i:i + 8000] for i in range(0, len(big), 8000)] if fragmented else big)
        with pytest.raises(ConnectionClosed) as closed:
            ws.recv(timeout=5)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009


def test_a_message_of_exactly_64_kib_is_accepted(server):
    ws, _ = open_live(server)
    with ws:
        head = '{"type": "viewport", "width": 222'
        message = head + " " * (65536 - len(head) - 1) + "}"
        assert len(message.encode()) == 65536
        send(ws, measure_message())
        ws.send(message)
        assert receive_type(ws, "layout")["width"] == 222


def test_a_flood_far_beyond_the_rate_limit_is_dropped(server):
    """Closed with exactly 1008, the close frame delivered although the client sent its whole
    flood before reading anything (docs/PROTOCOL.md, closing codes). A raw client: the
    `websockets` library, blocked in send while the close frame arrives, sometimes reports "no
    close frame received" after an internal EOFError of its own, although the bytes on the wire
    hold the 1008 (seen 8 times in 30).

    Mutation check: the server closing from inside the read callback (before the fix in
    LiveServer.receive; tried in a scratch copy) ended the socket without a close frame and this
    failed with ClosedWithoutCode."""
    raw = RawClient(server.port)
    try:
        raw.recv_frame()  # welcome
        message = frame(1, b'{"type":"viewport","width":390}')
        sent = 0
        try:
            for _ in range(10):  # 5,000: the bucket holds 2,000
                raw.send(message * 500)
                sent += 500
        except (BrokenPipeError, ConnectionResetError):
            pass  # the server closed mid-flood; the close frame must still be there to read
        assert sent > 2000, f"only {sent} messages were sent: not a flood"
        assert raw.close_code() == 1008
    finally:
        raw.close()
    assert server.metric("tagcloud_clients_dropped_total") == 1


def test_resume_restores_selection_and_spacing_after_a_reconnect(server):
    ws, welcome = open_live(server)
    token = welcome["session"]
    with ws:
        send(ws, {"type": "toggle", "id": "Glass"})
        send(ws, {"type": "spacing", "value": 3})
        time.sleep(0.2)
    ws, welcome = open_live(server)
    with ws:
        assert welcome["session"] != token
        send(ws, {"type": "hello", "session": token})
        resumed = receive_type(ws, "welcome")
        assert resumed["resumed"] is True
        assert resumed["session"] == token
        assert sorted(resumed["selection"]) == ["Glass", "SwiftUI"]
        assert resumed["spacing"] == 3
    assert server.metric("tagcloud_sessions_resumed_total") == 1


def test_an_unknown_session_adopts_the_clients_copy(server):
    ws, _ = open_live(server)
    with ws:
        send(ws, {"type": "hello", "session": "0" * 32, "selection": ["Metal", "Rust"],
                  "spacing": 3})
        adopted = receive_type(ws, "welcome")
        assert adopted["resumed"] is False
        assert adopted["selection"] == ["Metal"]
        assert adopted["spacing"] == 3
        layout = layout_after_setup(ws)
        assert {item["id"] for item in layout["items"] if item["selected"]} == {"Metal"}


def test_a_restart_loses_nothing_the_client_kept(start_server):
    first = start_server()
    ws, welcome = open_live(first)
    with ws:
        send(ws, {"type": "toggle", "id": "Charts"})
    first.stop()
    second = start_server()
    ws, _ = open_live(second)
    with ws:
        send(ws, {"type": "hello", "session": welcome["session"],
                  "selection": ["SwiftUI", "Charts"], "spacing": 18})
        state = receive_type(ws, "welcome")
        assert state["selection"] == ["SwiftUI", "Charts"]


def test_foreign_origins_are_refused_with_403(server):
    with pytest.raises(InvalidStatus) as refused:
        connect(server.ws, subprotocols=[SUBPROTOCOL], origin="http://evil.example",
                open_timeout=5)
    assert refused.value.response.status_code == 403


@pytest.mark.parametrize("host", ["127.0.0.1", "localhost"])
def test_the_servers_own_origin_and_no_origin_are_allowed(server, host):
    ws, _ = open_live(server, origin=f"http://{host}:{server.port}")
    ws.close()
    ws, _ = open_live(server, origin=None)
    ws.close()


def test_allow_origin_adds_origins(start_server):
    server = start_server("--allow-origin", "https://app.example")
    ws, _ = open_live(server, origin="https://app.example")
    ws.close()
    with pytest.raises(InvalidStatus):
        connect(server.ws, subprotocols=[SUBPROTOCOL], origin="https://other.example",
                open_timeout=5)


def test_the_subprotocol_and_the_path_are_required(server):
    with pytest.raises(InvalidStatus) as refused:
        connect(server.ws, open_timeout=5)
    assert refused.value.response.status_code == 400
    with pytest.raises(InvalidStatus) as refused:
        connect(server.ws.replace("/live", "/other"), subprotocols=[SUBPROTOCOL], open_timeout=5)
    assert refused.value.response.status_code == 404


def test_an_origin_too_long_to_read_is_refused_not_taken_for_none(server):
    with pytest.raises(InvalidStatus) as refused:
        connect(server.ws, subprotocols=[SUBPROTOCOL], origin="http://" + "a" * 3000 + ".example",
                open_timeout=5)
    assert refused.value.response.status_code == 403


def test_pings_are_answered_even_between_fragments(server):
    raw = RawClient(server.port)
    try:
        assert json.loads(raw.recv_frame()[1])["type"] == "welcome"
        raw.send(frame(1, json.dumps(measure_message()).encode()))
        text = json.dumps({"type": "viewport", "width": 277}).encode()
        raw.send(frame(1, text[:10], fin=False))
        raw.send(frame(9, b"are you there"))
        raw.send(frame(0, text[10:], fin=True))
        pong = raw.recv_until(10)
        assert pong == (10, b"are you there")
        layout = json.loads(raw.recv_until(1)[1])
        assert layout["type"] == "layout" and layout["width"] == 277
    finally:
        raw.close()


def test_a_client_close_is_echoed(server):
    raw = RawClient(server.port)
    try:
        raw.recv_frame()
        raw.send(frame(8, (1000).to_bytes(2, "big") + b"bye"))
        assert raw.close_code() == 1000
    finally:
        raw.close()


def test_invalid_utf8_closes_with_1007_and_protocol_errors_with_1002(server):
    raw = RawClient(server.port)
    try:
        raw.recv_frame()
        raw.send(frame(1, b'"\xff\xfe"'))
        assert raw.close_code() == 1007
    finally:
        raw.close()
    raw = RawClient(server.port)
    try:
        raw.recv_frame()
        raw.send(frame(0, b"a continuation with nothing to continue"))
        assert raw.close_code() == 1002
    finally:
        raw.close()


@pytest.mark.parametrize("cache", ["8", "0"])
def test_sessions_that_make_the_same_request_get_the_same_frame_laid_out_once(start_server, cache):
    """The layout cache (docs/SERVER.md, "The layout cache"), through the command line: a second
    session at the same width, sizes and selection gets the first one's frame byte for byte, and
    only the first was laid out; a selection of its own is another request. With
    `--layout-cache 0` the same frames are each laid out."""
    server = start_server("--layout-cache", cache)
    first, _ = open_live(server)
    second, _ = open_live(server)
    with first, second:
        texts = []
        for ws in (first, second):
            send(ws, measure_message())
            send(ws, {"type": "viewport", "width": 390})
            texts.append(ws.recv(timeout=5))
        assert texts[0] == texts[1] and json.loads(texts[0])["seq"] == 1
        send(second, {"type": "toggle", "id": "Glass"})
        toggled = receive_type(second, "layout")
        assert toggled["seq"] == 2 and {"SwiftUI", "Glass"} <= {i["id"] for i in toggled["items"] if i["selected"]}
        hits, computed = server.metric("tagcloud_layout_cache_hits_total"), server.metric("tagcloud_layouts_computed_total")
        held = server.metric("tagcloud_layout_cache_bytes")
    if cache == "0":
        assert (hits, computed, held) == (0, 3, 0)
    else:
        assert (hits, computed) == (1, 2) and 0 < held < 8 << 20
