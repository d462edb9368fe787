#!/usr/bin/env python3
"""Writes the seed programs of the FuzzLiveHub harness to Fuzz/corpus/live-hub/ (rerun after
changing the program format in Fuzz/Sources/FuzzLiveHub). Operation byte = code % 8: 0 open,
1 close, 2 text (index, 2-byte length, bytes), 3 binary (index), 4 resume (index, token, count),
5 drain (index), 6 expire (index, 5-second steps), 7 reload (2-byte mask: demo tags kept in bits
0-9, "Rust" added with bit 10, initial selection in bits 11-15); the high nibble advances time
by 10 ms each."""
import json
import pathlib

OPEN, CLOSE, TEXT, BINARY, RESUME, DRAIN, EXPIRE, RELOAD = range(8)
IDS = ["SwiftUI", "Animation", "Layout", "Glass", "Gestures",
       "Symbols", "Charts", "Navigation", "Metal", "Widgets"]


def text(index, message):
    body = json.dumps(message).encode() if not isinstance(message, bytes) else message
    return bytes([TEXT, index, len(body) >> 8, len(body) & 0xFF]) + body


MEASURE = {"type": "measure", "tags": [{"id": t, "size": [40 + 7 * len(t), 40]} for t in IDS]}

seeds = {
    "session": bytes([OPEN]) + text(0, MEASURE) + text(0, {"type": "viewport", "width": 390})
    + bytes([DRAIN, 0]) + text(0, {"type": "toggle", "id": "Glass"})
    + text(0, {"type": "spacing", "value": 3}) + bytes([DRAIN, 0]),
    "resume": bytes([OPEN]) + text(0, {"type": "toggle", "id": "Metal"}) + bytes([CLOSE, 0, OPEN])
    + bytes([RESUME, 0, 0, 3, DRAIN, 0]) + text(0, MEASURE)
    + text(0, {"type": "viewport", "width": 200, "reduceMotion": True}) + bytes([DRAIN, 0]),
    "refusals": bytes([OPEN]) + text(0, b"{not json") + text(0, {"type": "nope"})
    + bytes([BINARY, 0]) + text(0, {"type": "toggle", "id": "Rust"}) + bytes([DRAIN, 0]),
    "flood": bytes([OPEN]) + b"".join(text(0, {"type": "viewport", "width": w}) for w in range(30)),
    "expire": bytes([OPEN, OPEN]) + text(1, {"type": "hello", "selection": ["Charts"]})
    + bytes([CLOSE, 1, EXPIRE, 200, OPEN, RESUME, 1, 1, 0]) + bytes([OPEN] * 8),
    "reload": bytes([OPEN, OPEN]) + text(0, MEASURE) + text(0, {"type": "viewport", "width": 390})
    + text(0, {"type": "toggle", "id": "Metal"}) + bytes([DRAIN, 0, CLOSE, 1])
    + bytes([RELOAD, 0x0C, 0xF7, DRAIN, 0, OPEN, RESUME, 1, 0, 2, DRAIN, 1])
    + bytes([RELOAD, 0xFF, 0xFF, DRAIN, 0]),
}
folder = pathlib.Path(__file__).parent / "corpus" / "live-hub"
folder.mkdir(parents=True, exist_ok=True)
for name, program in seeds.items():
    (folder / name).write_bytes(program)
