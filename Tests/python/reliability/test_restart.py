"""Restarts: 100 sessions with distinct selections, the server SIGKILLed and started again on
the same port. The server keeps sessions in memory only, so (as docs/PROTOCOL.md, "Live protocol", says) the
page's copy restores them: each client reconnects the way the page does (web/src/live/live-connection.js:
exponential backoff with jitter, `backoffDelay`), says hello with its token and its selection,
and gets a welcome and a layout showing exactly that selection. Nothing is lost, and the
reconnects are spread out rather than a stampede."""

import json
import random
import subprocess
import threading
import time

import pytest

from websockets.sync.client import connect

from reliability_support import DEMO_IDS, SUBPROTOCOL, measure_message
from support.paths import WEB
from support.requirements import require_executable
from support.waiting import wait_until

SESSIONS = 100


def backoff_delay(attempt, rng, base=0.5, cap=30.0):
    """web/src/live/live-connection.js `backoffDelay`, in seconds: uniform in [c/2, c], c = min(cap,
    base * 2^attempt)."""
    ceiling = min(cap, base * 2 ** min(attempt, 30))
    return ceiling / 2 + rng.random() * (ceiling / 2)


class ScriptedRandom:
    def __init__(self, values):
        self.values = iter(values)

    def random(self):
        return next(self.values)


def test_the_backoff_port_matches_the_pages_code():
    """The Python port above gives the page's delays for the same random draws."""
    node = require_executable("node", "apt-get install nodejs (node 20; make test's node suite needs it too)")
    module = WEB / "src" / "live" / "live-connection.js"
    assert module.exists(), f"{module} is missing"
    draws, attempts = [0.1, 0.9, 0.5, 0.0, 1.0, 0.33], [0, 1, 2, 3, 6, 20]
    script = (f"import({json.dumps(module.as_uri())}).then(m => {{ const r = {draws}; let i = 0;"
              f" console.log(JSON.stringify({attempts}.map(a => m.backoffDelay(a, "
              f"{{ random: () => r[i++] }})))) }})")
    result = subprocess.run([node, "-e", script], capture_output=True, text=True, timeout=30)
    assert result.returncode == 0, result.stderr
    page = json.loads(result.stdout)
    rng = ScriptedRandom(draws)
    ours = [backoff_delay(attempt, rng) * 1000 for attempt in attempts]
    assert ours == pytest.approx(page)


def selected_ids(layout):
    return [item["id"] for item in layout["items"] if item["selected"]]


def wanted_selection(index):
    # Ten bits, ten tags: a different set for every session (never empty: bit 7 set for 0).
    bits = index if index else 1 << 7
    return [tag for bit, tag in enumerate(DEMO_IDS) if bits >> bit & 1]


class PageLikeClient:
    """What the page keeps (its token, selection and spacing) and how it reconnects."""

    def __init__(self, port, index):
        self.port = port
        self.index = index
        self.selection = wanted_selection(index)
        self.spacing = 18 if index % 2 else 3
        self.rng = random.Random(index)
        self.token = None
        self.attempt_times = []
        self.planned_times = []

    def url(self):
        return f"ws://127.0.0.1:{self.port}/live"

    def first_session(self):
        with connect(self.url(), subprotocols=[SUBPROTOCOL], open_timeout=5) as ws:
            welcome = json.loads(ws.recv(timeout=5))
            self.token = welcome["session"]
            current = set(welcome["selection"])
            for tag in DEMO_IDS:
                if (tag in current) != (tag in self.selection):
                    ws.send(json.dumps({"type": "toggle", "id": tag}))
            ws.send(json.dumps({"type": "spacing", "value": self.spacing}))
            ws.send(json.dumps(measure_message()))
            ws.send(json.dumps({"type": "viewport", "width": 390}))
            return self.read_layout(ws)

    def read_layout(self, ws):
        def next_if_own():
            message = json.loads(ws.recv(timeout=10))
            own = message["type"] == "layout" and selected_ids(message) == self.selection \
                and message["spacing"] == self.spacing
            return message if own else None

        return wait_until(next_if_own, timeout=10, interval=0, what=f"session {self.index}: a layout with its selection")

    def reconnect(self, results):
        attempt = 0
        while attempt < 12:
            # The page's timer is set when an attempt fails: the time it asks for is that moment
            # plus the delay. When this thread actually wakes is the test machine's business.
            delay = backoff_delay(attempt, self.rng)
            self.planned_times.append(time.monotonic() + delay)
            time.sleep(delay)
            self.attempt_times.append(time.monotonic())
            try:
                ws = connect(self.url(), subprotocols=[SUBPROTOCOL], open_timeout=5)
            except OSError:
                attempt += 1
                continue
            with ws:
                welcome = json.loads(ws.recv(timeout=10))
                ws.send(json.dumps({"type": "hello", "session": self.token,
                                    "selection": self.selection, "spacing": self.spacing}))
                while welcome.get("selection") != self.selection:
                    welcome = json.loads(ws.recv(timeout=10))
                ws.send(json.dumps(measure_message()))
                ws.send(json.dumps({"type": "viewport", "width": 390}))
                layout = self.read_layout(ws)
                results[self.index] = (welcome, layout, time.monotonic())
            return
        results[self.index] = None


def test_sigkill_and_restart_loses_no_selection(start_server):
    server = start_server()
    port = server.port
    clients = [PageLikeClient(port, index) for index in range(SESSIONS)]
    for client in clients:
        client.first_session()
    assert len({client.token for client in clients}) == SESSIONS

    server.kill()  # SIGKILL: no close frames, no goodbye
    killed_at = time.monotonic()
    results = {}
    threads = [threading.Thread(target=client.reconnect, args=(results,), daemon=True)
               for client in clients]
    for thread in threads:
        thread.start()
    time.sleep(0.3)  # a moment of outage: the first attempts fail, as they do in real life
    restarted = start_server(port=port)
    for thread in threads:
        thread.join(60)

    lost = [index for index in range(SESSIONS) if not results.get(index)]
    assert not lost, f"sessions not restored: {lost}"
    for client in clients:
        welcome, layout, _ = results[client.index]
        assert welcome["selection"] == client.selection
        assert selected_ids(layout) == client.selection
        assert layout["spacing"] == client.spacing

    # Not a stampede: the successful reconnects were asked for spread over time. Judged on the
    # times the clients' backoff asked for, each from the moment its previous attempt failed:
    # when they started (and more so when their layouts came back) also holds the test machine's
    # scheduling. Under a loaded make test one stall woke 60 sleeping threads within 50 ms
    # (and a server that came up late once answered 51 in 50 ms), however well the asks were spread.
    def busiest_50_ms(times):
        times = sorted(times)
        return max(sum(1 for t in times if start <= t < start + 0.05) for start in times)

    asked = sorted(client.planned_times[-1] - killed_at for client in clients)
    started = [client.attempt_times[-1] - killed_at for client in clients]
    busiest = busiest_50_ms(asked)
    spread = asked[-1] - asked[0]
    print(f"\nrestart: {SESSIONS} sessions restored; reconnects asked for over {spread:.2f} s, "
          f"at most {busiest} in any 50 ms (started: at most {busiest_50_ms(started)}); "
          f"attempts {sum(len(c.attempt_times) for c in clients)}")
    assert spread > 0.2
    assert busiest <= SESSIONS // 2
    assert restarted.alive
