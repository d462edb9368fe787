"""Keeps a slow engine from eating the whole run: skip a tag count whose one layout call would
take longer than a budget, projected from the counts already measured.

    budget = CallBudget(max_call_s=1.5)
    reason = budget.skip_reason(100_000)   # None, or why the count is skipped
    budget.record(10_000, 0.055)            # seconds per call measured at 10k

The projection follows the growth seen between the last two counts (a quadratic engine is
caught before it runs for minutes), and at least linear growth.
"""

from __future__ import annotations

import math


class CallBudget:
    def __init__(self, max_call_s: float):
        self.max_call_s = max_call_s
        self._seen: list[tuple[int, float]] = []

    def record(self, count: int, seconds_per_call: float) -> None:
        """Notes a measured call; several widths at one count keep the slowest."""
        if self._seen and self._seen[-1][0] == count:
            seconds_per_call = max(seconds_per_call, self._seen[-1][1])
            self._seen[-1] = (count, seconds_per_call)
        else:
            self._seen.append((count, seconds_per_call))

    def projected(self, count: int) -> float | None:
        if not self._seen:
            return None
        last_count, last_time = self._seen[-1]
        exponent = 1.0
        if len(self._seen) >= 2:
            first_count, first_time = self._seen[-2]
            if first_time > 0 and last_time > 0 and last_count > first_count:
                exponent = max(1.0, math.log(last_time / first_time) / math.log(last_count / first_count))
        return last_time * (count / last_count) ** exponent

    def skip_reason(self, count: int) -> str | None:
        projected = self.projected(count)
        if projected is not None and projected > self.max_call_s:
            return f"skipped: one call projected at {projected:.1f} s (budget {self.max_call_s} s)"
        return None
