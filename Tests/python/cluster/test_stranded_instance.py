"""An instance that nginx saw fail and that came back is trusted again even when the only
requests it got since are WebSockets, so that nginx never answers 502 while an instance is up.

The cause it guards (nginx 1.22's round robin, open source): an instance that failed max_fails
times is left out for fail_timeout; then one request goes to it as a probe, and only when that
request *ends* well does nginx trust the instance again. A WebSocket as the probe ends when its
page leaves, so the instance stays out; when the others go down (the next steps of a rolling
restart), nginx has no instance left and answers 502 "no live upstreams" while this one serves
its WebSockets happily. The shipped config keeps no failure state for /live (`tagcloud_live`,
max_fails=0; deploy/nginx.conf). Deterministic: every step waits for what it needs.

Broken once to watch it fail: with `max_fails=2 fail_timeout=5s` on the servers of
`tagcloud_live` (the config before), the last handshake answers 502 and nginx logs
"no live upstreams"."""

import time

from support.cluster import Cluster
from support.harness import RawClient


def handshake(cluster: Cluster) -> RawClient:
    client = RawClient(cluster.http_port, timeout=10)
    assert client.status == 101, (
        f"nginx answered {client.status} to a WebSocket handshake\n{cluster.nginx.log()[-2000:]}")
    return client


def test_an_instance_readmitted_by_websockets_alone_is_trusted(cluster):
    held: list[RawClient] = []
    try:
        # Instance 0 dies; handshakes through nginx meet its refused port (each lands there in
        # turn, is retried on the next one and succeeds): with failure state, nginx now leaves
        # instance 0 out.
        cluster.kill(0)
        for _ in range(9):
            handshake(cluster).close()

        # It comes back; once nginx would try it again, WebSockets only, until one lands on it
        # (that one is nginx's probe) and stays open, as a page's does.
        cluster.start(0)
        cluster.wait_ready(0)
        time.sleep(cluster.fail_timeout() + 1)
        for _ in range(12):
            held.append(handshake(cluster))
            if cluster.metric(0, "tagcloud_sessions") > 0:
                break
        else:
            raise AssertionError("no WebSocket through nginx reached the restarted instance")

        # The other two go away: only instance 0 is up, and nginx must send new pages there.
        cluster.kill(1)
        cluster.kill(2)
        for _ in range(3):
            handshake(cluster).close()
        assert cluster.metric(0, "tagcloud_sessions") >= 1
    finally:
        for client in held:
            client.close()
