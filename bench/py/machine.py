"""What the benchmarks ran on: CPU, cores, memory, toolchains, date and load, for the report.

    info = describe(extra={"chromium": "156.0"})
    info["cpu"]   # "AMD EPYC"
"""

from __future__ import annotations

import datetime
import os
import platform
import subprocess
from importlib import metadata


def _first_line(command: list[str]) -> str:
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.TimeoutExpired):
        return "not found"
    text = (done.stdout or done.stderr).strip()
    return text.splitlines()[0].strip() if text else "not found"


def _cpu_model() -> str:
    try:
        with open("/proc/cpuinfo") as file:
            for line in file:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def _memory_gib() -> str:
    try:
        with open("/proc/meminfo") as file:
            for line in file:
                if line.startswith("MemTotal:"):
                    return f"{int(line.split()[1]) / 1024 / 1024:.1f} GiB"
    except OSError:
        pass
    return "unknown"


def _package(name: str) -> str:
    try:
        return metadata.version(name)
    except metadata.PackageNotFoundError:
        return "not installed"


def load_average() -> str:
    try:
        return " ".join(f"{value:.2f}" for value in os.getloadavg())
    except OSError:
        return "unknown"


def describe() -> dict:
    return {
        "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
        "cpu": _cpu_model(),
        "cores": os.cpu_count(),
        "memory": _memory_gib(),
        "kernel": platform.release(),
        "swift": _first_line(["swift", "--version"]),
        "cc": _first_line(["cc", "--version"]),
        "node": _first_line(["node", "--version"]),
        "python": platform.python_version(),
        "chromium": _first_line(["/usr/bin/chromium", "--version"]),
        "libwebsockets": _first_line(["pkg-config", "--modversion", "libwebsockets"]),
        "stretchable (Taffy)": _package("stretchable"),
        "poga (Yoga)": _package("poga"),
        "playwright": _package("playwright"),
        "matplotlib": _package("matplotlib"),
        "commit": _first_line(["git", "rev-parse", "--short", "HEAD"]),
    }
