"""Times a peer layout engine through its Python binding, in the harness's line format.

    python3 bench/py/peer_runner.py taffy DIR COUNTS WIDTHS [REPEATS] [MIN_SAMPLE_MS] [MAX_CALL_S]

Builds the peer's tree of the workload's capsules once per count (untimed), then times its
layout call alone at width W - (i mod 4). Prints one JSON line per (n, width); a count whose one
call is projected past MAX_CALL_S (default 1.5 s) is skipped with a line saying so.
"""

from __future__ import annotations

import array
import json
import sys
import time

# Run as a script: bench/py is on the path, so its siblings import by name.
import workload  # noqa: E402
from budget import CallBudget  # noqa: E402
from timing import measure, repeats_for  # noqa: E402


def load_tree(engine: str):
    if engine == "taffy":
        from taffy_peer import TaffyTree

        return TaffyTree
    if engine == "yoga":
        from yoga_peer import YogaTree

        return YogaTree
    raise SystemExit(f"peer_runner: unknown engine {engine!r} (taffy or yoga)")


def read_sizes(directory: str, count: int) -> array.array:
    sizes = array.array("d")
    with open(workload.sizes_path(directory, count), "rb") as file:
        sizes.fromfile(file, 2 * count)
    if sys.byteorder != "little":
        sizes.byteswap()
    return sizes


def main(argv: list[str]) -> int:
    if len(argv) < 4:
        print(__doc__, file=sys.stderr)
        return 2
    engine, directory = argv[0], argv[1]
    counts = [int(x) for x in argv[2].split(",")]
    widths = [int(x) for x in argv[3].split(",")]
    repeats = int(argv[4]) if len(argv) > 4 else 7
    min_sample_ns = float(argv[5]) * 1e6 if len(argv) > 5 else 10e6
    budget = CallBudget(float(argv[6]) if len(argv) > 6 else 1.5)
    tree_type = load_tree(engine)
    for count in counts:
        reason = budget.skip_reason(count)
        if reason:
            for width in widths:
                line = {"engine": engine, "op": "arrange", "n": count, "width": width}
                print(json.dumps({**line, "skipped": reason}), flush=True)
            continue
        sizes = read_sizes(directory, count)
        started = time.perf_counter()
        tree = tree_type(sizes, workload.SPACING)
        build_seconds = time.perf_counter() - started
        for width in widths:
            cycle = [float(width - k) for k in range(workload.WIDTH_CYCLE)]
            tree.layout(float(width))
            height = tree.height()
            timing = measure(
                lambda i: tree.layout(cycle[i % workload.WIDTH_CYCLE]),
                repeats=repeats_for(count, repeats),
                min_sample_ns=min_sample_ns,
            )
            line = {"engine": engine, "op": "arrange", "n": count, "width": width, **timing}
            line["height"] = height
            line["build_s"] = round(build_seconds, 3)
            print(json.dumps(line), flush=True)
            budget.record(count, timing["median_ns"] / 1e9)
        tree.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
