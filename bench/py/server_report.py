"""The server part of docs/benchmarks.md, from bench/py/server_bench.py's lines.

    server_report.targets(results)  # rows for the targets table
    server_report.section(results)  # the "Server" section
"""

from __future__ import annotations

#: A live frame at libwebsockets' cost: tagcloud's CPU per frame at 1,000 busy sessions against
#: the bare echo's, median of the paired runs' ratios.
CPU_LIMIT = 1.15
CPU_TARGET = f"live frame at 1,000 sessions: ≤ {CPU_LIMIT:g}× the bare-lws server CPU per frame"


def _find(results: list[dict], engine: str, prefix: str) -> dict | None:
    """The line of a scenario; for repeated ones, the summary (medians), not a single run."""
    for result in results:
        if "run" in result:
            continue
        if result.get("engine") == engine and str(result.get("scenario", "")).startswith(prefix):
            return result
    return None


def delivered(r: dict) -> bool:
    """Whether the load generator delivered the load it was asked for (no starvation)."""
    wanted = r["connections"] * r["rate"]
    return r["sent_per_s"] >= 0.95 * wanted and r.get("late", 0) <= 0.01 * max(1, r["sent"])


def paired_median(mine: list, floor: list) -> tuple[float, list[float]] | None:
    """The median of the runs' ratios, tagcloud's over the floor's, run by run, and the ratios
    in run order; None when the runs do not pair up. The two servers' runs alternate, so each
    pair saw the same machine: a run that another process preempted counts once, not in every
    figure (in the merged histograms of the open loop, one such run's stall is the p99)."""
    if not mine or len(mine) != len(floor) or not all(floor) or None in mine:
        return None
    ratios = [a / b for a, b in zip(mine, floor)]
    return sorted(ratios)[len(ratios) // 2], ratios


def _verdict(value, limit) -> str:
    if value is None:
        return "not measured"
    return "**met**" if value <= limit else "**missed**"


def targets(results: list[dict]) -> list[str]:
    if not any("scenario" in r for r in results):
        return ["| server targets | not measured in this run (see below) | – |", ""]
    rows = ["| target | figure | verdict |", "|---|---|---|"]
    idle = _find(results, "tagcloud", "idle-10000")
    echo_idle = _find(results, "echo", "idle-10000")
    if idle and "rss_per_session_kb" in idle and idle.get("ready") == idle.get("connections"):
        value = idle["rss_per_session_kb"]
        floor = f"; bare lws: {echo_idle['rss_per_session_kb']:.1f} KiB" if echo_idle and "rss_per_session_kb" in echo_idle else ""
        rows.append(f"| 10,000 idle sessions at ≤ 8 KiB RSS each | {value:.1f} KiB per session{floor} | "
                    f"{_verdict(value, 8)} |")
    else:
        why = idle.get("error") if idle and "error" in idle else (
            f"{idle.get('ready')} of {idle.get('connections')} sessions ready" if idle else "no run")
        rows.append(f"| 10,000 idle sessions at ≤ 8 KiB RSS each | {why} | **missed** |")
    half = _find(results, "tagcloud", "open-50")
    half_floor = _find(results, "echo", "open-50")
    if half and "hdr_p99_us" in half:
        figure = (f"p99 {half['hdr_p99_us'] / 1000:.2f} ms (p50 {half['hdr_p50_us'] / 1000:.2f} ms) at "
                  f"{half['offered_per_s']:,.0f} viewports/s")
        rows.append(f"| round trip p99 ≤ 2 ms at 1,000 sessions, open loop at 50 % of capacity | {figure} | "
                    f"{_verdict(half['hdr_p99_us'], 2000)} |")
        if half_floor and half_floor.get("hdr_p99_us"):
            merged = half["hdr_p99_us"] / half_floor["hdr_p99_us"]
            merged_text = (f"{merged:.2f}× ({half['hdr_p99_us'] / 1000:.2f} ms vs "
                           f"{half_floor['hdr_p99_us'] / 1000:.2f} ms)")
            paired = paired_median(half.get("per_run", {}).get("hdr_p99_us", []),
                                   half_floor.get("per_run", {}).get("hdr_p99_us", []))
            if paired:
                ratio, ratios = paired
                figure = (f"{ratio:.2f}×, median of {len(ratios)} paired runs: "
                          + ", ".join(f"{r:.2f}×" for r in ratios)
                          + f"; the runs' histograms merged: {merged_text}")
            else:
                ratio, figure = merged, merged_text
            rows.append(f"| open loop at 50 % of capacity: p99 ≤ 1.3× the bare-lws floor's at the same rate | "
                        f"{figure} | {_verdict(ratio, 1.3)} |")
    else:
        rows.append("| round trip p99 ≤ 2 ms at 1,000 sessions, open loop at 50 % of capacity | not measured | – |")
    busy = _find(results, "tagcloud", "busy-")
    echo = _find(results, "echo", "busy-")
    if busy and echo and busy.get("server_cpu_us_per_frame") and echo.get("server_cpu_us_per_frame"):
        mine = busy.get("per_run", {}).get("server_cpu_us_per_frame", [])
        floor = echo.get("per_run", {}).get("server_cpu_us_per_frame", [])
        paired = paired_median(mine, floor)
        if paired:
            ratio, ratios = paired
            detail = (f"median of {len(ratios)} paired runs: "
                      + ", ".join(f"{r:.2f}×" for r in ratios)
                      + f" (medians {busy['server_cpu_us_per_frame']:.1f} µs vs "
                      f"{echo['server_cpu_us_per_frame']:.1f} µs)")
        else:
            ratio = busy["server_cpu_us_per_frame"] / echo["server_cpu_us_per_frame"]
            detail = f"{busy['server_cpu_us_per_frame']:.1f} µs ÷ {echo['server_cpu_us_per_frame']:.1f} µs"
        rows.append(f"| {CPU_TARGET} | {ratio:.2f}×, {detail} | {_verdict(ratio, CPU_LIMIT)} |")
    else:
        rows.append(f"| {CPU_TARGET} | not measured | – |")
    return rows + [""]


def section(results: list[dict]) -> list[str]:
    lines = [r for r in results if "scenario" in r and "run" not in r
             and not str(r["scenario"]).startswith("open-")]
    out = ["", "## Server", ""]
    if not lines:
        return out + ["Not measured in this run.", ""]
    loops = sorted({r.get("event_loop") for r in lines if r.get("event_loop")})
    loop = loops[0] if len(loops) == 1 else "poll"
    out += ["`tagcloud serve` (release) and the bare libwebsockets echo floor (bench/c/echo_server.c), "
            f"each freshly started, both on the same event loop ({loop}: "
            + ("libev's epoll loop handed to lws, as tagcloud serves by default" if loop == "epoll"
               else "lws's own poll() loop") + "), "
            "under bench/c/loadgen.c (libwebsockets client on epoll, one thread). "
            "Each server runs on CPU 0 and the load generator on CPU 1 (the machine has two; "
            "other work shares both). CPU from /proc (utime + stime) over each 5 s window; RSS "
            "is VmRSS. The busy rows are medians of three runs per server, the two servers "
            "alternating. The busy run offers about what tagcloud's core can answer: it is the "
            "capacity figure (frames a second, CPU per frame), and its latencies, from each "
            "viewport's intended send time, are those of a queue that grows; the latency figures "
            "are the open-loop rows below.", "",
            "| engine | scenario | sessions ready | RSS per session | p50 | p99 | p99.9 | frames/s | "
            "server CPU | CPU per frame | CPU per viewport in | load generator CPU | coalesced |",
            "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for r in lines:
        if "error" in r:
            out.append(f"| {r['engine']} | {r['scenario']} | failed: {r['error']} |" + " |" * 10)
            continue
        rss = f"{r['rss_per_session_kb']:.1f} KiB" if "rss_per_session_kb" in r else "–"
        busy = "rtt_p50_us" in r
        cells = [
            r["engine"], r["scenario"], f"{r.get('ready', 0):,} / {r.get('connections', 0):,}", rss,
            f"{r['rtt_p50_us'] / 1000:.2f} ms" if busy else "–",
            f"{r['rtt_p99_us'] / 1000:.2f} ms" if busy else "–",
            f"{r['rtt_p999_us'] / 1000:.2f} ms" if busy else "–",
            f"{r['frames_per_s']:,.0f}" if busy else "–",
            f"{100 * r['server_cpu_share']:.0f} %" if "server_cpu_share" in r else "–",
            f"{r['server_cpu_us_per_frame']:.1f} µs" if "server_cpu_us_per_frame" in r else "–",
            f"{r['server_cpu_us_per_message']:.1f} µs" if "server_cpu_us_per_message" in r else "–",
            f"{100 * r['loadgen_cpu_share']:.0f} %" if "loadgen_cpu_share" in r else "–",
            f"{r['coalesced']:,}" if busy else "–",
        ]
        out.append("| " + " | ".join(cells) + " |")
    for r in lines:
        if "per_run" in r:
            out.append(f"\n{r['engine']} {r['scenario']}: medians of {r['runs']} runs; per run, p99 "
                       + ", ".join(f"{v / 1000:.2f} ms" for v in r["per_run"]["rtt_p99_us"])
                       + "; CPU per frame " + ", ".join(f"{v:.1f} µs" for v in r["per_run"]["server_cpu_us_per_frame"]) + ".")
    for r in lines:
        if "sent_per_s" not in r:
            continue
        wanted = r["connections"] * r["rate"]
        if not delivered(r):
            out.append(
                f"\n**{r['engine']} {r['scenario']}: the load was not delivered** ({r['sent_per_s']:,.0f} "
                f"viewports/s of {wanted:,.0f}; {r.get('late', 0):,} sends late by a whole period) while "
                f"the load generator used {100 * r.get('loadgen_cpu_share', 0):.0f} % and the server "
                f"{100 * r.get('server_cpu_share', 0):.0f} % of a core: both were starved by other "
                "work on the machine (see the load average), so these round trips measure the "
                "machine's contention, not the server. The CPU per frame still compares.")
    out += open_loop_section(results)
    refused = [r for r in lines if r.get("close_1013")]
    for r in refused:
        out.append(f"\n{r['engine']} {r['scenario']}: {r['close_1013']:,} connections refused with 1013 "
                   "(session cap).")
    return out + [""]


def open_loop_section(results: list[dict]) -> list[str]:
    """The latency table: open loop at fixed fractions of the capacity, tagcloud beside echo."""
    rows = sorted((r for r in results if str(r.get("scenario", "")).startswith("open-") and "run" not in r),
                  key=lambda r: (r.get("fraction", 0), r["engine"] != "tagcloud"))
    if not rows:
        return []
    capacity = rows[0].get("capacity_per_s")
    out = ["", "### Latency at fixed offered rates (open loop, coordinated omission corrected)", "",
           f"Capacity: {capacity:,.0f} frames a second on one core (1 s ÷ tagcloud's CPU per frame in "
           f"the busy run above). {rows[0].get('connections', 0):,} sessions; the offered rate is a fraction of that capacity, "
           "the same for tagcloud and the bare-lws floor. Every viewport has an intended send time "
           "fixed in advance (bench/c/loadgen.c, as wrk2 does); its latency runs from that time to "
           "the layout that answers it, so a stall of the server or of the load generator counts "
           "in full (no coordinated omission). Latencies go into an HdrHistogram (1 µs to 60 s, 3 "
           "significant digits); the runs' histograms are merged. Send lag: how late the load "
           "generator wrote its viewports against their intended times (part of every latency). "
           "Wall-clock figures: on a shared 2-core machine they include the other work's "
           "preemptions, for both servers alike; held back: the server's run-queue wait over the "
           "window (/proc/PID/schedstat, median of the runs), the time it was ready to run while "
           "other work had its core.", "",
           "| load | offered viewports/s | server | p50 | p99 | p99.9 | max | p99 ÷ floor | samples | "
           "unanswered | server CPU | CPU per frame | held back | send lag mean / max | R |",
           "|---:|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
    floors = {r.get("fraction"): r for r in rows if r["engine"] == "echo"}
    for r in rows:
        name = "tagcloud" if r["engine"] == "tagcloud" else "bare lws (floor)"
        if "error" in r or "hdr_p99_us" not in r:
            out.append(f"| {100 * r.get('fraction', 0):.0f} % | – | {name} | failed: {r.get('error', 'no latencies')} |"
                       + " |" * 11)
            continue
        floor = floors.get(r.get("fraction"))
        ratio = (f"{r['hdr_p99_us'] / floor['hdr_p99_us']:.2f}×" if r["engine"] == "tagcloud" and floor
                 and floor.get("hdr_p99_us") else ("1×" if r["engine"] == "echo" else "–"))
        ms = lambda key: f"{r[key] / 1000:.2f} ms"  # noqa: E731
        out.append(f"| {100 * r['fraction']:.0f} % | {r['offered_per_s']:,.0f} | {name} | {ms('hdr_p50_us')} | "
                   f"{ms('hdr_p99_us')} | {ms('hdr_p999_us')} | {ms('hdr_max_us')} | {ratio} | "
                   f"{r['hdr_count']:,} | {r.get('unanswered', 0):,} | "
                   f"{100 * r.get('server_cpu_share', 0):.0f} % | "
                   f"{r.get('server_cpu_us_per_frame', 0):.1f} µs | "
                   + (f"{1000 * r['server_wait_s']:.0f} ms / {r.get('window_s', 5):.0f} s | "
                      if "server_wait_s" in r else "– | ")
                   + f"{r.get('send_lag_mean_us', 0) / 1000:.2f} / {r.get('send_lag_max_us', 0) / 1000:.1f} ms | "
                   f"{r.get('runs', 1)} |")
    out.append("")
    for r in rows:
        runs = [v for v in r.get("per_run", {}).get("hdr_p99_us", []) if v]
        if len(runs) > 1:
            out.append(f"- {'tagcloud' if r['engine'] == 'tagcloud' else 'bare lws'} at {100 * r['fraction']:.0f} %: "
                       "p99 per run " + ", ".join(f"{v / 1000:.2f} ms" for v in runs))
    pinned = all(r.get("pinned") for r in rows if "error" not in r)
    out.append("")
    out.append("Servers on CPU 0, the load generator on CPU 1." if pinned else
               "Not pinned (fewer than two CPUs): server and load generator shared the cores.")
    return out
