"""A live client that keeps its own record of what it sent (selection, spacing, width), as the
page keeps it in sessionStorage, and checks every layout against that record and against
`tagcloud layout` for the same request. It behaves as the page does where the server can tell:
it answers pings, and after every reconnect it sends hello, measure and viewport. Used by the
cluster tests through nginx.

    client = RecordedClient(random.Random(7), index=0)
    client.connect(nginx_port)         # welcome, its toggles and spacing, measure, viewport
    client.toggle(); client.wait_for_record()
    client.resume(nginx_port)          # after a drop: hello with the record, measure, viewport
"""

from __future__ import annotations

import functools
import json
import random
import subprocess
import time

from support.harness import (
    DEMO_IDS, OP_CLOSE, OP_PING, OP_PONG, OP_TEXT, NoAnswer, RawClient, close_code, frame,
    measure_message, tagcloud_binary)
from support.waiting import wait_until

MEASURE = measure_message()


@functools.lru_cache(maxsize=4096)
def reference_layout(selection: frozenset, spacing: float, width: float) -> str:
    """`tagcloud layout` for the request a page in this state sends (no animation), as JSON."""
    request = {
        "width": width, "spacing": spacing, "mergeDistance": 10, "textScale": 1,
        "lineHeight": 20, "tags": MEASURE["tags"],
        "selection": [tag for tag in DEMO_IDS if tag in selection],
        "animation": None, "reduceMotion": False,
    }
    result = subprocess.run([str(tagcloud_binary()), "layout"], input=json.dumps(request),
                            capture_output=True, text=True, timeout=20)
    assert result.returncode == 0, result.stderr
    return json.dumps(json.loads(result.stdout), sort_keys=True)


class Dropped(Exception):
    """The connection ended (close frame, EOF, reset or silence)."""


class RecordedClient:
    def __init__(self, rng: random.Random, index: int, timeout: float = 10.0):
        self.index, self.rng, self.timeout = index, rng, timeout
        self.selection = set(rng.sample(DEMO_IDS, rng.randint(0, 6)))
        self.spacing = rng.choice([0, 3, 6, 12, 18, 24, 40])
        self.width = rng.randint(200, 1200)
        self.session: str | None = None
        self.socket: RawClient | None = None
        self.reconnects = 0
        # Handshakes through nginx that did not answer 101 (nginx's failover should hide a dead
        # or draining instance, so that a page never sees one).
        self.failed_handshakes: list[str] = []
        self.last_layout: dict | None = None

    # -- connecting -------------------------------------------------------------------------

    def _open(self, port: int, deadline: float) -> dict:
        """Opens /live through `port`, retrying with a growing delay (as the page does) until
        `deadline`; returns the welcome."""

        def welcomed() -> dict:
            client = RawClient(port, timeout=self.timeout)
            if client.status != 101:
                client.close()
                self.failed_handshakes.append(str(client.status))
                raise ConnectionError(f"handshake answered {client.status}")
            self.socket = client
            welcome = self.receive()
            assert welcome["type"] == "welcome", welcome
            return welcome

        return wait_until(welcomed, timeout=max(0.0, deadline - time.monotonic()),
                          what=f"client {self.index} to reconnect", ignoring=(OSError, ConnectionError, Dropped),
                          interval=0.05, backoff=2.0, max_interval=1.0)

    def connect(self, port: int):
        """A fresh page: the welcome's defaults, then its own toggles and spacing."""
        welcome = self._open(port, time.monotonic() + 15)
        self.session = welcome["session"]
        for tag in DEMO_IDS:
            if (tag in welcome["selection"]) != (tag in self.selection):
                self.send({"type": "toggle", "id": tag})
        if self.spacing != welcome["spacing"]:
            self.send({"type": "spacing", "value": self.spacing})
        self.send(MEASURE)
        self.send({"type": "viewport", "width": self.width})
        self.check(self.wait_for_record(), against_reference=False)

    def resume(self, port: int, deadline_seconds: float = 20.0) -> dict:
        """After a drop: reconnect, `hello` with the record; the server must adopt it. Returns
        the first layout (checked against the reference). A connection dropped again on the
        way (it reached an instance that was draining) is retried, as the page retries."""
        deadline = time.monotonic() + deadline_seconds

        def resumed() -> dict:
            self.close()
            return self._resume_once(port, deadline)

        return wait_until(resumed, timeout=deadline_seconds, interval=0,
                          what=f"client {self.index} to resume without being dropped again", ignoring=(Dropped,))

    def _resume_once(self, port: int, deadline: float) -> dict:
        self._open(port, deadline)
        self.reconnects += 1
        self.send({"type": "hello", "session": self.session,
                   "selection": sorted(self.selection), "spacing": self.spacing})
        adopted = self.receive_type("welcome")
        assert set(adopted["selection"]) == self.selection, (self.index, adopted, self.selection)
        assert adopted["spacing"] == self.spacing, (self.index, adopted, self.spacing)
        self.session = adopted["session"]
        # As the page does after every welcome (web/src/element/glass-tag-cloud.js): its measure and viewport
        # follow the hello, resumed or adopted. A resumed session keeps the server's copies, but
        # a viewport sent just before the drop may never have arrived; without this the client
        # waited for a width the server did not know (seen under make check-full's 300 clients).
        self.send(MEASURE)
        self.send({"type": "viewport", "width": self.width})
        layout = self.wait_for_record()
        self.check(layout, against_reference=layout.get("animation") is None)
        return layout

    # -- acting -------------------------------------------------------------------------------

    def toggle(self):
        tag = self.rng.choice(DEMO_IDS)
        self.selection ^= {tag}
        self.send({"type": "toggle", "id": tag})

    def change_spacing(self):
        self.spacing = self.rng.choice([value for value in (0, 3, 6, 12, 18, 24, 40)
                                        if value != self.spacing])
        self.send({"type": "spacing", "value": self.spacing})

    def relayout(self) -> dict:
        """A new width (no animation): the next layout, checked against `tagcloud layout`."""
        self.width += 1
        self.send({"type": "viewport", "width": self.width})
        layout = self.wait_for_record()
        self.check(layout, against_reference=True)
        return layout

    # -- reading and checking -----------------------------------------------------------------

    def send(self, message: dict):
        try:
            self.socket.send_text(json.dumps(message))
        except OSError as error:
            raise Dropped(str(error)) from None

    def receive(self) -> dict:
        """The next text message. Pings are answered, as a browser does: lws hangs up a
        WebSocket whose pong does not come within --hang-up-after of its ping, however much
        else the client sends (without this, every client connected for 45 s was dropped).
        A close frame, EOF or reset is `Dropped`; silence for `timeout` fails (NoAnswer)."""
        try:
            while True:
                opcode, payload = self.socket.recv_frame()
                if opcode == OP_TEXT:
                    return json.loads(payload)
                if opcode == OP_PING:
                    self.socket.send(frame(OP_PONG, payload))
                elif opcode == OP_CLOSE:
                    raise Dropped(f"closed with {close_code(payload)}")
        except TimeoutError as error:
            raise NoAnswer(f"client {self.index}: no message within {self.timeout} s") from error
        except (OSError, ConnectionError) as error:
            raise Dropped(str(error) or type(error).__name__) from None

    def receive_type(self, kind: str) -> dict:
        while True:
            message = self.receive()
            assert message["type"] != "error", (self.index, message)
            if message["type"] == kind:
                return message

    def wait_for_record(self) -> dict:
        """Layouts until one shows the record (selection, spacing, width): latest wins, so an
        earlier one may show an intermediate state."""
        while True:
            layout = self.receive_type("layout")
            if (self.selected(layout) == self.selection and layout["spacing"] == self.spacing
                    and layout["width"] == self.width):
                self.last_layout = layout
                return layout

    @staticmethod
    def selected(layout: dict) -> set:
        return {item["id"] for item in layout["items"] if item["selected"]}

    def check(self, layout: dict, against_reference: bool):
        assert self.selected(layout) == self.selection, (self.index, layout, self.selection)
        assert layout["spacing"] == self.spacing and layout["width"] == self.width
        if against_reference:
            got = {key: value for key, value in layout.items()
                   if key not in ("type", "seq", "width", "spacing")}
            expected = reference_layout(frozenset(self.selection), self.spacing, self.width)
            assert json.dumps(got, sort_keys=True) == expected, (self.index, "layout differs")

    def close(self):
        if self.socket is not None:
            self.socket.close()
            self.socket = None
