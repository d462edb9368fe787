"""CPU time of a whole browser, per thread kind, from /proc: the processes of one Chromium (the
descendants of a given process: Playwright's driver starts the browser, so the harness's own
PID names exactly the Chromium it launched, not another one running on a shared machine).
Of its renderer processes only the page's counts: Chromium starts a spare renderer for the next
navigation and tears down a closed page's, and either may run during a measurement (about
30 ms a frame over a 10-frame drag, seen here). `page_renderer` finds the page's renderer: the
one whose resident memory grows by what the page is made to hold (`MARK`).

    renderer = browser_cpu.page_renderer(os.getpid(), lambda: page.evaluate(browser_cpu.MARK))
    before = browser_cpu.snapshot(os.getpid(), renderer)
    ...                                   # the drag
    spent = browser_cpu.spent(before, browser_cpu.snapshot(os.getpid(), renderer))
    spent.by_kind()    # {"main": ns, "compositor": ns, "viz/GPU": ns, "raster": ns, "other": ns}
    spent.by_name()    # {"renderer VizCompositorTh": ns, ...}

Each thread's CPU time is `sum_exec_runtime` from /proc/PID/task/TID/schedstat (nanoseconds),
or utime + stime from .../stat (clock ticks) where schedstat is missing. A thread that starts
and ends between two snapshots is not seen; one that ends after the first counts up to its end.

Kinds (Chromium's own thread names, as the kernel keeps them, 15 characters):
- `main`: the renderer's main thread (script, style, layout, paint recording);
- `compositor`: the renderer's `Compositor` thread (and its `CompositorTileW` raster workers go
  to `raster`);
- `viz/GPU`: the GPU process: its main thread, `VizCompositorTh` (the display compositor) and the
  rest of that process but SwiftShader's;
- `raster`: SwiftShader's workers (`Thread<NN>`, `swiftshader*`: WebGL and GPU raster drawn on
  the CPU) and the renderer's tile workers;
- `other`: the browser process, the network and storage services, utility processes.
"""

from __future__ import annotations

import collections
import os
from dataclasses import dataclass, field

KINDS = ("main", "compositor", "viz/GPU", "raster", "other")
_TICK_NS = 1e9 / os.sysconf("SC_CLK_TCK")


def _children(root: int) -> set[int]:
    """`root` and every process descended from it."""
    parents: dict[int, list[int]] = collections.defaultdict(list)
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as handle:
                text = handle.read()
        except OSError:
            continue
        parents[int(text[text.rindex(")") + 2:].split()[1])].append(int(entry))
    found, todo = set(), [root]
    while todo:
        pid = todo.pop()
        if pid in found:
            continue
        found.add(pid)
        todo.extend(parents.get(pid, ()))
    return found


def _process_type(pid: int) -> str | None:
    """"browser", "renderer", "gpu-process", "utility", ... for a Chromium process; None else."""
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as handle:
            # Processes forked from the zygote rewrite their command line as one string.
            words = handle.read().replace(b"\0", b" ").split()
    except OSError:
        return None
    if not words or b"chrom" not in os.path.basename(words[0]):
        return None
    for word in words:
        if word.startswith(b"--type="):
            return word[len(b"--type="):].decode()
    return "browser"


def thread_kind(process_type: str, name: str, is_main: bool) -> str:
    """The kind of a thread (see the module's doc) from its process's type and its name."""
    if name.startswith(("Thread<", "swiftshader")) or name.startswith("CompositorTileW"):
        return "raster"
    if process_type == "renderer":
        if is_main:
            return "main"
        if name == "Compositor":
            return "compositor"
        return "other"
    if process_type == "gpu-process":
        return "viz/GPU"
    return "other"


def _thread_ns(pid: int, tid: str) -> float | None:
    try:
        with open(f"/proc/{pid}/task/{tid}/schedstat") as handle:
            return float(handle.read().split()[0])
    except (OSError, IndexError, ValueError):
        pass
    try:
        with open(f"/proc/{pid}/task/{tid}/stat") as handle:
            fields = handle.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) * _TICK_NS
    except (OSError, IndexError, ValueError):
        return None


@dataclass
class Snapshot:
    """CPU ns so far of each thread: (pid, tid) -> (process type, thread name, is main, ns)."""

    threads: dict[tuple[int, int], tuple[str, str, bool, float]] = field(default_factory=dict)


def snapshot(root: int, renderer: int | None = None) -> Snapshot:
    """Every thread of every Chromium process descended from `root`, with its CPU time so far;
    with `renderer`, of the renderer processes only that one."""
    out = Snapshot()
    for pid in _children(root):
        process_type = _process_type(pid)
        if process_type is None or (process_type == "renderer" and renderer not in (None, pid)):
            continue
        try:
            tasks = os.listdir(f"/proc/{pid}/task")
        except OSError:
            continue
        for tid in tasks:
            try:
                with open(f"/proc/{pid}/task/{tid}/comm") as handle:
                    name = handle.read().strip()
            except OSError:
                continue
            ns = _thread_ns(pid, tid)
            if ns is not None:
                out.threads[(pid, int(tid))] = (process_type, name, int(tid) == pid, ns)
    return out


#: The memory `MARK` makes a page hold, and the share of it its renderer must be seen to grow by.
MARK_BYTES = 64 << 20
MARK_SEEN = 3 / 4
#: Makes the page hold `MARK_BYTES` more of written (so resident) memory, kept for the page's
#: life: a buffer let go would be freed by a collection in the middle of a measurement.
MARK = "() => { (window.__browserCpuMarks ||= []).push(new Uint8Array(%d).fill(1)); }" % MARK_BYTES


def _resident_anonymous(pid: int) -> int | None:
    """RssAnon of a process, bytes: its own written memory (not the shared libraries)."""
    try:
        with open(f"/proc/{pid}/status") as handle:
            for line in handle:
                if line.startswith("RssAnon:"):
                    return int(line.split()[1]) * 1024
    except (OSError, IndexError, ValueError):
        pass
    return None


def _renderer_memory(root: int) -> dict[int, int]:
    out = {}
    for pid in _children(root):
        if _process_type(pid) == "renderer":
            rss = _resident_anonymous(pid)
            if rss is not None:
                out[pid] = rss
    return out


def page_renderer(root: int, mark, attempts: int = 3) -> int:
    """The PID of the renderer process whose resident memory grows by `MARK_BYTES` while `mark()`
    runs (a call that makes the page hold that much more: `MARK`).

    Memory, not work: on a loaded machine the page's renderer may get little CPU while another
    renderer (a spare one starting, a closed page's tearing down, another page drawing) gets as
    much, but only the page's renderer holds the page's memory, however slowly it runs. A renderer
    that started during the call is not counted (its whole memory would be growth).

    - Complexity: O(`attempts` × the processes) reads of /proc."""
    grown: dict[int, int] = {}
    for _ in range(attempts):
        before = _renderer_memory(root)
        mark()
        after = _renderer_memory(root)
        grown = {pid: after[pid] - before[pid] for pid in after if pid in before}
        holding = [pid for pid, growth in grown.items() if growth >= MARK_SEEN * MARK_BYTES]
        if len(holding) == 1:
            return holding[0]
    shares = ", ".join(f"{pid}: {growth / 2**20:+.1f} MiB" for pid, growth in
                       sorted(grown.items(), key=lambda item: -item[1])) or "no renderer"
    raise RuntimeError(f"browser_cpu: no one renderer grew by the page's {MARK_BYTES >> 20} MiB "
                       f"in {attempts} marks (last: {shares})")


@dataclass
class Spent:
    """CPU ns spent per thread between two snapshots."""

    threads: dict[tuple[int, int], tuple[str, str, bool, float]]

    def total(self) -> float:
        return sum(ns for *_, ns in self.threads.values())

    def by_kind(self) -> dict[str, float]:
        out = dict.fromkeys(KINDS, 0.0)
        for process_type, name, is_main, ns in self.threads.values():
            out[thread_kind(process_type, name, is_main)] += ns
        return out

    def by_name(self) -> dict[str, float]:
        out: collections.Counter = collections.Counter()
        for process_type, name, is_main, ns in self.threads.values():
            out[f"{process_type} {'main' if is_main else name}"] += ns
        return dict(out)


def spent(before: Snapshot, after: Snapshot) -> Spent:
    """The CPU each thread spent from `before` to `after` (threads new in `after` from zero)."""
    threads = {}
    for key, (process_type, name, is_main, ns) in after.threads.items():
        start = before.threads.get(key, (None, None, None, 0.0))[3]
        if ns - start > 0:
            threads[key] = (process_type, name, is_main, ns - start)
    return Spent(threads)
