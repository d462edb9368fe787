"""The one workload every engine lays out: realistic capsules, written once as packed doubles.

Every runner (C, Swift, node, Python peers, the browser page) reads the same files, so that all
of them lay out the same boxes at the same widths; the harness checks they agree on the result.

    python3 bench/py/workload.py .build/bench/workload 10 100 1000

Capsules are 60 to 160 px wide and 40 px high (the seed's capsule height at the default text
size); one in eight has a quarter, half or three-quarter pixel, exact in binary, in 32-bit floats
(Taffy, Yoga) and in Chromium's 1/64 px layout units, so every engine can agree exactly.
"""

from __future__ import annotations

import array
import os
import sys

#: The tag counts of the full run.
COUNTS = (10, 100, 1_000, 10_000, 100_000, 1_000_000)
#: Container widths: a phone in portrait and a laptop window.
WIDTHS = (390, 1280)
#: The seed's demo spacing and merge distance.
SPACING = 18.0
MERGE_DISTANCE = 10.0
#: Iteration i lays out at width W - (i mod WIDTH_CYCLE): a different width every call, so that
#: engines that cache the last layout (Taffy, Yoga, Chromium) really lay out again each time.
WIDTH_CYCLE = 4

_MASK = (1 << 64) - 1


def capsule_sizes(count: int, seed: int = 0x5EED_7A6C_10D) -> array.array:
    """The packed sizes `w0, h0, w1, h1, ...` of `count` capsules (xorshift64*, seeded)."""
    state = seed & _MASK or 1
    out = array.array("d", bytes(16 * count))
    for index in range(count):
        state ^= state >> 12
        state ^= (state << 25) & _MASK
        state ^= state >> 27
        value = (state * 0x2545F4914F6CDD1D) & _MASK
        width = 60 + (value >> 33) % 101
        if (value >> 20) % 8 == 0:
            width += ((value >> 10) % 3 + 1) * 0.25
        out[2 * index] = float(width)
        out[2 * index + 1] = 40.0
    return out


def sizes_path(directory: str, count: int) -> str:
    return os.path.join(directory, f"sizes-{count}.f64")


def write_workload(directory: str, counts: tuple[int, ...] | list[int]) -> None:
    """Writes `sizes-N.f64` (little-endian doubles) for each count, unless already there."""
    os.makedirs(directory, exist_ok=True)
    for count in counts:
        path = sizes_path(directory, count)
        if os.path.exists(path) and os.path.getsize(path) == 16 * count:
            continue
        sizes = capsule_sizes(count)
        if sys.byteorder != "little":
            sizes.byteswap()
        with open(path + ".tmp", "wb") as file:
            sizes.tofile(file)
        os.replace(path + ".tmp", path)


def reference_height(sizes, width: float, spacing: float = SPACING) -> float:
    """The cloud's height by the flow rule, in plain Python: the value every engine must match."""
    cursor_x = cursor_y = row_height = 0.0
    for index in range(0, len(sizes), 2):
        item_width, item_height = sizes[index], sizes[index + 1]
        if cursor_x > 0 and cursor_x + item_width > width:
            cursor_x = 0.0
            cursor_y = cursor_y + row_height + spacing
            row_height = 0.0
        row_height = max(row_height, item_height)
        cursor_x += item_width + spacing
    return cursor_y + row_height


if __name__ == "__main__":
    write_workload(sys.argv[1], [int(arg) for arg in sys.argv[2:]] or list(COUNTS))
