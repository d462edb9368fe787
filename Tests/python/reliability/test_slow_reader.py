"""A client that stops reading while its width keeps changing: the server holds at most one
pending layout for it (latest wins), its memory stays bounded, other sessions keep their round
trip, and when the client reads again the last layout it gets carries the newest width."""

import json
import socket
import time

from reliability_support import SANITIZER, OP_TEXT, RawClient, frame, measure_message, metrics


def test_a_slow_reader_costs_one_pending_frame_and_gets_the_newest_layout(server, witness):
    # A tiny receive window: the server's writes back up after a few frames.
    client = RawClient(server.port, rcvbuf=2048)
    client.recv_json()
    client.send(frame(OP_TEXT, json.dumps(measure_message()).encode()))
    rss_before = server.rss_kib()
    coalesced_before = metrics(server.port).get("tagcloud_frames_coalesced_total", 0)

    # 2,400 width changes in 4 s (600 a second: above any display's frame rate, below the
    # flood limit of 500 a second plus a burst of 1,000), none of the layouts read.
    sent = 0
    width = 200
    started = time.monotonic()
    trips = []
    while time.monotonic() - started < 4.0:
        batch = b"".join(frame(OP_TEXT, b'{"type":"viewport","width":%d}' % (width + i))
                         for i in range(30))
        client.send(batch)
        width += 30
        sent += 30
        if sent % 300 == 0:
            trips.append(witness.round_trip())
        time.sleep(max(0.0, started + sent / 600 - time.monotonic()))
    newest = width - 1
    rss_during = server.rss_kib()
    coalesced = metrics(server.port)["tagcloud_frames_coalesced_total"] - coalesced_before

    # Reading again: everything queued drains, the last layout has the newest width.
    # A normal window again (a 2 KiB one leaves TCP to zero-window probes, 200 ms apart).
    client.sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 1 << 20)
    client.sock.settimeout(5)
    drain_started = time.monotonic()
    layouts = []
    while not layouts or layouts[-1]["width"] != newest:
        message = client.recv_json()
        if message["type"] == "layout":
            layouts.append(message)
    drained = time.monotonic() - drain_started
    client.close()

    grown = rss_during - rss_before
    print(f"\nslow reader: {sent} viewports sent, {len(layouts)} layouts received, "
          f"{coalesced:.0f} coalesced; server RSS {rss_before} -> {rss_during} KiB "
          f"({grown:+d} KiB); drained in {drained:.2f} s; witness max round trip {max(trips) * 1000:.1f} ms")
    assert layouts[-1]["width"] == newest
    assert [layout["seq"] for layout in layouts] == sorted(layout["seq"] for layout in layouts)
    # Most changes were coalesced, not queued as frames.
    assert len(layouts) < sent / 2
    assert coalesced > sent / 2
    # Bounded: a queue of 2,400 layouts (about 2 KB each) would be about 5 MB.
    if not SANITIZER:
        assert grown < 2048, f"server RSS grew by {grown} KiB"
    assert max(trips) < 0.5
