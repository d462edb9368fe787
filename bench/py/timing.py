"""The harness's timing method in Python, for the peers driven through their Python bindings.

    timing = measure(lambda i: engine.layout(widths[i % 4]), repeats=7, min_sample_ns=10e6)
    timing["median_ns"]

A warm-up call, batches doubled until one lasts `min_sample_ns`, then `repeats` batches; the
median batch over its size is the figure. Time is this thread's CPU time (`time.thread_time_ns`),
as in the C, Swift and node runners: the machine is shared, and the wall clock would count other
processes' work. The wall-clock median is kept beside it.
"""

from __future__ import annotations

import time
from typing import Callable


def measure(body: Callable[[int], object], *, repeats: int = 7, min_sample_ns: float = 10e6) -> dict:
    body(0)
    iterations = 1
    while True:
        start = time.thread_time_ns()
        for index in range(iterations):
            body(index)
        if time.thread_time_ns() - start >= min_sample_ns:
            break
        iterations *= 2
    samples: list[float] = []
    wall: list[float] = []
    for _ in range(repeats):
        wall_start = time.perf_counter_ns()
        start = time.thread_time_ns()
        for index in range(iterations):
            body(index)
        samples.append((time.thread_time_ns() - start) / iterations)
        wall.append((time.perf_counter_ns() - wall_start) / iterations)
    samples.sort()
    wall.sort()
    return {
        "median_ns": samples[len(samples) // 2],
        "min_ns": samples[0],
        "max_ns": samples[-1],
        "wall_median_ns": wall[len(wall) // 2],
        "samples": repeats,
        "iterations": iterations,
    }


def repeats_for(count: int, repeats: int) -> int:
    """Fewer batches for a million tags, where one call is already long."""
    return min(3, repeats) if count >= 1_000_000 else repeats
