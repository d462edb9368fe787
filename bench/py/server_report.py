"""The server part of docs/benchmarks.md (filled in by bench/py/server_bench.py's results)."""

from __future__ import annotations


def targets(results: list[dict]) -> list[str]:
    return []


def section(results: list[dict]) -> list[str]:
    return []
