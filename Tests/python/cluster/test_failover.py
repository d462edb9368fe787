"""(a) Clients spread over three instances behind nginx; the instance holding the most of them is
killed with SIGKILL (no close frame, its sessions gone). Every client that lost its connection
reconnects through nginx, sends `hello` with its own record and gets it adopted by another
instance; every client's next layout equals `tagcloud layout` for its own selection, spacing
and width.

Broken once to watch it fail: with `proxy_next_upstream off;` in deploy/nginx/proxy.conf the
first reconnects reach the dead instance and get 502 (no handshake may fail); with the hello's
selection ignored by the server, the adopted welcome check fails."""

import random

from support.cluster import CLUSTER_CLIENTS as CLIENTS
from support.recorded_client import Dropped, RecordedClient


def test_every_client_resumes_through_nginx_after_an_instance_is_killed(cluster):
    rng = random.Random(13)
    clients = [RecordedClient(random.Random(rng.random()), index) for index in range(CLIENTS)]
    try:
        for client in clients:
            client.connect(cluster.http_port)
        held = [cluster.metric(index, "tagcloud_sessions") for index in range(3)]
        assert sum(held) == CLIENTS, held
        assert min(held) > 0, f"round robin should spread the clients: {held}"
        victim = max(range(3), key=lambda index: held[index])

        cluster.kill(victim)

        dropped = 0
        for client in clients:
            try:
                client.relayout()
            except Dropped:
                dropped += 1
                client.resume(cluster.http_port)
                client.relayout()
        assert dropped == held[victim], (dropped, held)
        failed = [status for client in clients for status in client.failed_handshakes]
        assert failed == [], f"nginx let {len(failed)} handshakes fail: {failed[:5]}"
        survivors = [index for index in range(3) if index != victim]
        assert sum(cluster.metric(index, "tagcloud_sessions") for index in survivors) == CLIENTS
        adopted = sum(cluster.metric(index, "tagcloud_sessions_adopted_total")
                      for index in survivors)
        assert adopted == dropped
    finally:
        for client in clients:
            client.close()
