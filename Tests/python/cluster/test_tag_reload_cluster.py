"""Reloading the tag set on every instance behind nginx, as docs/DEPLOY.md says (the new file in
place, then SIGHUP to each instance's supervisor, which passes it to its workers), under live
clients (CLUSTER_CLIENTS: 60 under make test, 300 under make check-full): nothing is lost.
Every client stays connected, gets a `tags` message with the new set and its selection (the
removed tag dropped), then a layout of the tags it measured; after measuring the new set its
layout has every new tag; every instance and worker logs the reload; the instances' session
gauges still add up to the clients.

Broken once to watch it fail: with a supervisor that does not pass SIGHUP on to its workers (the
instances run the unit's --workers auto), no worker reloaded (0 of 6 reload lines)."""

import json
import re
import signal

from websockets.sync.client import connect

from support.cluster import CLUSTER_CLIENTS as CLIENTS
from support.cluster import Cluster, worker_pids
from support.harness import SUBPROTOCOL
from support.waiting import wait_until

OLD = [{"title": t, "tint": "#0A84FF", "selected": t == "Swift"}
       for t in ("Swift", "Rust", "Zig", "Go")]
NEW = [{"title": t, "tint": "#30D158", "selected": t == "Swift"}
       for t in ("Swift", "Zig", "Go", "Kotlin", "Elixir")]


def measure(ids):
    return json.dumps({"type": "measure", "tags": [{"id": tag, "size": [40 + 7 * len(tag), 40]}
                                                   for tag in ids]})


def receive(ws, kind):
    message = json.loads(ws.recv(timeout=20))
    assert message["type"] == kind, message
    return message


def test_every_instance_reloads_under_live_clients_with_nothing_lost(tmp_path):
    path = tmp_path / "tags.json"
    path.write_text(json.dumps(OLD))
    with Cluster(instances=3, serve_args=["--tags", str(path)]) as cluster:
        clients = []
        try:
            for index in range(CLIENTS):
                ws = connect(f"ws://127.0.0.1:{cluster.http_port}/live",
                             subprotocols=[SUBPROTOCOL], open_timeout=20,
                             origin=f"http://127.0.0.1:{cluster.http_port}")
                receive(ws, "welcome")
                ws.send(measure([tag["title"] for tag in OLD]))
                ws.send(json.dumps({"type": "viewport", "width": 360 + index % 40}))
                if index % 2:
                    ws.send(json.dumps({"type": "toggle", "id": "Rust"}))
                layout = receive(ws, "layout")
                while [i["id"] for i in layout["items"] if i["selected"]] != \
                        (["Swift", "Rust"] if index % 2 else ["Swift"]):
                    layout = receive(ws, "layout")
                clients.append(ws)
            held = [cluster.metric(index, "tagcloud_sessions") for index in range(3)]
            assert sum(held) == CLIENTS and min(held) > 0, held

            path.write_text(json.dumps(NEW))
            for server in cluster.servers:
                server.process.send_signal(signal.SIGHUP)
            workers = sum(len(worker_pids(server)) or 1 for server in cluster.servers)
            def reloaded_lines():
                lines = [line for server in cluster.servers for line in list(server.log) if "SIGHUP: reloaded" in line]
                return lines if len(lines) >= workers else None

            reloaded = wait_until(reloaded_lines, timeout=20, what=f"{workers} 'SIGHUP: reloaded' lines")
            assert len(reloaded) == workers, reloaded
            told = sum(int(re.search(r"(\d+) live session", line).group(1)) for line in reloaded)
            assert told == CLIENTS, reloaded

            new_ids = [tag["title"] for tag in NEW]
            for ws in clients:
                tags = receive(ws, "tags")
                assert [tag["id"] for tag in tags["tags"]] == new_ids
                assert tags["selection"] == ["Swift"]
                layout = receive(ws, "layout")
                assert [item["id"] for item in layout["items"]] == ["Swift", "Zig", "Go"]
                ws.send(measure(new_ids))
            for ws in clients:
                layout = receive(ws, "layout")
                assert [item["id"] for item in layout["items"]] == new_ids
                assert [i["id"] for i in layout["items"] if i["selected"]] == ["Swift"]
            assert sum(cluster.metric(index, "tagcloud_sessions") for index in range(3)) == CLIENTS
        finally:
            for ws in clients:
                ws.close()
