"""What every Python suite that runs the real `tagcloud` binary shares: where the binary is,
the live protocol's name, the demo's tag ids, a running `tagcloud serve` (``ServeProcess``), a
raw HTTP exchange that sends bytes exactly as given (no client-side path normalisation, for
the traversal tests), and a raw WebSocket client (``RawClient``) that sends exactly the frames
it is told to.

The stable API (other branches' suites import it; extend, do not rename):

- ``SUBPROTOCOL``, ``DEMO_IDS``, ``measure_message(sizes=None)``
- ``tagcloud_binary()``: the binary (``TAGCLOUD_BIN`` or .build/debug/tagcloud); a missing one
  fails the test naming it ("native", support.requirements.require), it never skips.
- ``raw_http(port, request_bytes, timeout=5.0, source_port=None) -> bytes``
- ``http_answer(port, request_bytes, timeout=5.0) -> HttpAnswer`` (``.status .status_line
  .reply``): like raw_http, but an exchange that ends without a status line fails the test,
  whether the server held the connection (a hang), reset it or closed it
- ``ServeProcess(args, cwd=None, env=None, start_timeout=15.0, log_path=None)``: ``.port .http
  .ws .url .log .alive .start() .stop() .kill() .rss_kib() .fd_count() .sanitizer_reports()``
- ``serve_flags(web=None, *extra, host="127.0.0.1", port=0)``: the usual flags
- ``frame(opcode, payload=b"", fin=True, mask=True, rsv=0)``, ``handshake_request(port, ...)``,
  ``OP_CONT OP_TEXT OP_BINARY OP_CLOSE OP_PING OP_PONG``
- ``RawClient(port, path="/live", protocol=SUBPROTOCOL, rcvbuf=None, timeout=5.0)``:
  ``.send(bytes) .send_text(str) .recv_frame() .recv_until(opcode) .recv_json()
  .close_outcome(timeout) .close_code(timeout) .expect_dropped(timeout) .close()``

How a connection ends is never guessed from a timeout. Three distinct answers:

- closed with code N: ``close_code()`` returns N (a close frame whose first two bytes are N);
- closed without a code: ``close_code()`` raises ``ClosedWithoutCode`` (the server's close
  frame had no code, or the socket ended, EOF or RST, without any close frame);
- no answer in time: every read raises ``NoAnswer`` (neither a close frame nor the end of the
  socket within the timeout; a server that ignores a violation ends up here).

``close_outcome()`` returns the ``CloseOutcome`` itself (``code``, ``reason``, ``close_frame``,
``ending``, ``frames_before``) for tests that expect a dropped socket; ``expect_dropped()``
asserts that documented case (no close frame, the socket ended) and returns the outcome.

    client = RawClient(server.port)
    client.recv_json()                      # the welcome
    client.send(frame(OP_TEXT, b"\xff"))
    assert client.close_code() == 1007      # NoAnswer / ClosedWithoutCode fail the test
"""

import os
import base64
import json
import re
import socket
import struct
import time
from dataclasses import dataclass, field


from support.serve_process import ServeProcess, serve_flags, tagcloud_binary  # noqa: F401 (the stable API)

SUBPROTOCOL = "tagcloud.v1"
DEMO_IDS = [
    "SwiftUI", "Animation", "Layout", "Glass", "Gestures",
    "Symbols", "Charts", "Navigation", "Metal", "Widgets",
]


def measure_message(sizes=None):
    """A measure message for the demo tags: explicit capsule sizes, as a page would measure."""
    sizes = sizes or {tag: [40 + 7 * len(tag), 40] for tag in DEMO_IDS}
    return {"type": "measure", "tags": [{"id": tag, "size": sizes[tag]} for tag in DEMO_IDS]}


def _read_to_the_end(sock, chunks: list) -> None:
    """Appends what `sock` sends until it closes, resets, or sends nothing within its timeout."""
    while True:
        try:
            chunk = sock.recv(65536)
        except (ConnectionResetError, socket.timeout):
            return
        if not chunk:
            return
        chunks.append(chunk)


def raw_http(port, request: bytes, timeout=5.0, source_port=None) -> bytes:
    """Sends the bytes exactly as given and reads the whole reply (from local port `source_port`
    when given: support.workers)."""
    if source_port is not None:
        from support.workers import connect_from

        sock = connect_from(port, source_port, timeout)
    else:
        sock = socket.create_connection(("127.0.0.1", port), timeout=timeout)
    with sock:
        sock.sendall(request)
        chunks = []
        _read_to_the_end(sock, chunks)
        return b"".join(chunks)


@dataclass
class HttpAnswer:
    """What a server answered: the status code, the status line and every byte it sent."""

    status: int
    status_line: str
    reply: bytes


def http_answer(port, request: bytes, timeout=5.0, idle=0.5) -> HttpAnswer:
    """Sends the bytes exactly as given and reads the answer, which must start with a status
    line (`HTTP/1.x NNN ...`) within `timeout`: no answer in that time (a hang), a reset or an
    end of the connection before one fails the test, naming which. After the status line the
    rest is read until the server closes, resets, or sends nothing for `idle` s (a keep-alive
    connection held open)."""
    chunks = []
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as sock:
        sock.sendall(request)
        deadline = time.monotonic() + timeout
        while b"\r\n" not in b"".join(chunks):
            sock.settimeout(max(0.01, deadline - time.monotonic()))
            try:
                chunk = sock.recv(65536)
            except socket.timeout:
                raise AssertionError(f"no status line within {timeout} s (the server hung): "
                                     f"{request[:120]!r}") from None
            except ConnectionResetError:
                raise AssertionError(f"the connection was reset before a status line: {request[:120]!r}") from None
            if not chunk:
                raise AssertionError(f"the connection was closed without a status line "
                                     f"(after {len(b''.join(chunks))} bytes): {request[:120]!r}")
            chunks.append(chunk)
        sock.settimeout(idle)
        _read_to_the_end(sock, chunks)
    reply = b"".join(chunks)
    line = reply.split(b"\r\n", 1)[0].decode("latin-1")
    match = re.fullmatch(r"HTTP/1\.[01] (\d{3})(?: .*)?", line)
    assert match, f"not a status line: {line!r} (request {request[:120]!r})"
    return HttpAnswer(int(match.group(1)), line, reply)


# -- A raw WebSocket client: sends exactly the bytes it is told to ----------------------------


OP_CONT, OP_TEXT, OP_BINARY, OP_CLOSE, OP_PING, OP_PONG = 0, 1, 2, 8, 9, 10


def handshake_request(port, path="/live", protocol=SUBPROTOCOL, key=None) -> bytes:
    key = key or base64.b64encode(os.urandom(16)).decode()
    lines = [f"GET {path} HTTP/1.1", f"Host: 127.0.0.1:{port}", "Upgrade: websocket",
             "Connection: Upgrade", f"Sec-WebSocket-Key: {key}", "Sec-WebSocket-Version: 13"]
    if protocol:
        lines.append(f"Sec-WebSocket-Protocol: {protocol}")
    return ("\r\n".join(lines) + "\r\n\r\n").encode()


def frame(opcode, payload=b"", fin=True, mask=True, rsv=0) -> bytes:
    """One client frame, masked as RFC 6455 requires of clients."""
    head = bytes([(0x80 if fin else 0) | (rsv << 4) | opcode])
    length = len(payload)
    bit = 0x80 if mask else 0
    if length < 126:
        head += bytes([bit | length])
    elif length < 1 << 16:
        head += bytes([bit | 126]) + struct.pack(">H", length)
    else:
        head += bytes([bit | 127]) + struct.pack(">Q", length)
    if not mask:
        return head + payload
    key = os.urandom(4)
    masked = bytes(b ^ key[i % 4] for i, b in enumerate(payload)) if length < 4096 else \
        _mask_fast(payload, key)
    return head + key + masked


def _mask_fast(payload, key):
    repeated = (key * (len(payload) // 4 + 1))[:len(payload)]
    return (int.from_bytes(payload, "big") ^ int.from_bytes(repeated, "big")).to_bytes(
        len(payload), "big")


class RawClient:
    """A WebSocket over a plain socket: sends exactly the bytes it is told to."""

    def __init__(self, port, path="/live", protocol=SUBPROTOCOL, rcvbuf=None, timeout=5.0):
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        if rcvbuf:
            self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, rcvbuf)
        self.sock.settimeout(timeout)
        self.sock.connect(("127.0.0.1", port))
        self.buffer = b""
        self.sock.sendall(handshake_request(port, path, protocol))
        head = self._read_until(b"\r\n\r\n")
        self.status = int(head.split(b" ", 2)[1])

    def _read_until(self, marker):
        while marker not in self.buffer:
            chunk = self.sock.recv(65536)
            if not chunk:
                raise ConnectionError("closed during the handshake")
            self.buffer += chunk
        head, _, self.buffer = self.buffer.partition(marker)
        return head

    def _read_exact(self, count):
        while len(self.buffer) < count:
            chunk = self.sock.recv(max(65536, count - len(self.buffer)))
            if not chunk:
                raise ConnectionError("closed")
            self.buffer += chunk
        data, self.buffer = self.buffer[:count], self.buffer[count:]
        return data

    def send(self, data: bytes):
        self.sock.sendall(data)

    def send_text(self, text):
        self.send(frame(OP_TEXT, text.encode() if isinstance(text, str) else text))

    def recv_frame(self):
        """(opcode, payload) of the next server frame; raises ConnectionError at EOF."""
        first, second = self._read_exact(2)
        length = second & 0x7F
        if length == 126:
            length = struct.unpack(">H", self._read_exact(2))[0]
        elif length == 127:
            length = struct.unpack(">Q", self._read_exact(8))[0]
        return first & 0x0F, self._read_exact(length)

    def recv_until(self, opcode):
        """Frames up to and including the first of `opcode`; None if the connection ends first
        (a close frame of another kind, EOF or reset). Raises ``NoAnswer`` when nothing comes
        within the socket's timeout: a silent server is not a closed one."""
        try:
            while True:
                received = self.recv_frame()
                if received[0] == opcode:
                    return received
                if received[0] == OP_CLOSE:
                    return None
        except TimeoutError as error:
            raise NoAnswer(f"no frame of opcode {opcode} within the timeout") from error
        except (ConnectionError, OSError):
            return None

    def recv_json(self):
        """The next text message as JSON, skipping pongs; a close frame raises Closed,
        silence ``NoAnswer``."""
        while True:
            try:
                opcode, payload = self.recv_frame()
            except TimeoutError as error:
                raise NoAnswer("no text message within the timeout") from error
            if opcode == OP_TEXT:
                return json.loads(payload)
            if opcode == OP_CLOSE:
                raise Closed(close_code(payload))

    def close_outcome(self, timeout=5.0) -> "CloseOutcome":
        """Reads until the connection ends: the server's close frame (its code and reason) or the
        end of the socket without one (EOF or RST). Frames before it are kept in
        ``frames_before``. Raises ``NoAnswer`` when neither comes within `timeout` seconds."""
        self.sock.settimeout(timeout)
        deadline = time.monotonic() + timeout
        before = []
        while True:
            self.sock.settimeout(max(0.001, deadline - time.monotonic()))
            try:
                opcode, payload = self.recv_frame()
            except TimeoutError as error:
                raise NoAnswer(f"neither a close frame nor the end of the socket within "
                               f"{timeout} s; frames meanwhile: {before[:5]}") from error
            except ConnectionResetError:
                return CloseOutcome(None, b"", False, "reset", before)
            except (ConnectionError, OSError):
                return CloseOutcome(None, b"", False, "eof", before)
            if opcode == OP_CLOSE:
                return CloseOutcome(close_code(payload), payload[2:], True, "close frame", before)
            before.append((opcode, payload[:120]))

    def close_code(self, timeout=5.0) -> int:
        """The status code of the server's close frame. Raises ``ClosedWithoutCode`` when the
        connection ends without one and ``NoAnswer`` when nothing comes within `timeout`."""
        outcome = self.close_outcome(timeout)
        if outcome.code is None:
            raise ClosedWithoutCode(outcome)
        return outcome.code

    def expect_dropped(self, timeout=5.0) -> "CloseOutcome":
        """The documented dropped socket: the connection ends (EOF or RST) with no close frame.
        Fails on a close frame (say which code) and raises ``NoAnswer`` on silence."""
        outcome = self.close_outcome(timeout)
        assert not outcome.close_frame, f"expected a dropped socket, got {outcome}"
        return outcome

    def close(self):
        try:
            self.sock.close()
        except OSError:
            pass


@dataclass(frozen=True)
class CloseOutcome:
    """How the server ended a connection. `code`: the close frame's status code (None when the
    frame had none or there was no frame); `close_frame`: whether a close frame arrived;
    `ending`: "close frame", "eof" or "reset"; `frames_before`: (opcode, payload[:120]) of the
    frames that came first (e.g. an ``error`` message where a close was expected)."""

    code: int | None
    reason: bytes
    close_frame: bool
    ending: str
    frames_before: list = field(default_factory=list, compare=False)

    @property
    def dropped(self) -> bool:
        return not self.close_frame


class NoAnswer(AssertionError):
    """Nothing within the timeout: no close frame, no end of the socket, no awaited frame."""


class ClosedWithoutCode(AssertionError):
    """The connection ended without a status code (an empty close frame, EOF or RST)."""

    def __init__(self, outcome):
        super().__init__(f"closed without a code: {outcome}")
        self.outcome = outcome


class Closed(Exception):
    def __init__(self, code):
        super().__init__(f"closed with {code}")
        self.code = code


def close_code(payload):
    return struct.unpack(">H", payload[:2])[0] if len(payload) >= 2 else None
