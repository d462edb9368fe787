"""Sums the closing lines of pytest runs into one line of the same shape, for `make test`, which
runs the Python suites in two pytest runs (scripts/run-tests.sh: most tests two at a time, then
the frame-paced ones alone) and ends with one count of every Python test.

    python3 scripts/pytest-total.py LOG...   # prints e.g. "3 failed, 714 passed, 3 xfailed in 1299.85s (0:21:39)"

A log's closing line is its last line that reads "N outcome, ... in S s" (pytest's, with or
without its "=" rule); a log without one counts as "1 error" (a run that never finished), so
the sum never passes a run that did not. Deselected tests are left out: each run deselects the
other's."""

from __future__ import annotations

import re
import sys

ORDER = ("failed", "passed", "skipped", "xfailed", "xpassed", "warnings", "errors")
SINGULAR = {"warnings": "warning", "errors": "error"}
CLOSING = re.compile(r"^=*\s*((?:\d+ [a-z]+(?:, )?)+) in ([0-9.]+)s\b")


def closing_line(text: str) -> tuple[dict[str, int], float] | None:
    """The counts and seconds of the last closing line in `text`, or None."""
    found = None
    for line in text.splitlines():
        match = CLOSING.match(line.strip())
        if match:
            found = match
    if found is None:
        return None
    counts = {}
    for number, word in re.findall(r"(\d+) ([a-z]+)", found.group(1)):
        key = {"warning": "warnings", "error": "errors"}.get(word, word)
        counts[key] = counts.get(key, 0) + int(number)
    return counts, float(found.group(2))


def total(texts: list[str]) -> str:
    counts: dict[str, int] = {}
    seconds = 0.0
    for text in texts:
        found = closing_line(text)
        if found is None:
            found = ({"errors": 1}, 0.0)
        for key, number in found[0].items():
            counts[key] = counts.get(key, 0) + number
        seconds += found[1]
    parts = [f"{counts[key]} {SINGULAR.get(key, key) if counts[key] == 1 else key}"
             for key in ORDER if counts.get(key)]
    whole = int(seconds)
    return f"{', '.join(parts) or 'no tests ran'} in {seconds:.2f}s ({whole // 3600}:{whole // 60 % 60:02d}:{whole % 60:02d})"


if __name__ == "__main__":
    texts = []
    for path in sys.argv[1:]:
        try:
            with open(path, encoding="utf-8", errors="replace") as handle:
                texts.append(handle.read())
        except OSError:
            texts.append("")
    print(total(texts))
