"""Every way to start `tagcloud serve` serves everything, from every process that serves.

Configurations: `--workers 1`, `--workers 2` and `--workers auto` (one worker per core this
process may run on), each with and without `--echo`; `--workers auto` once more on one core
(the server started with an affinity of one CPU: one process, so `auto` is told from a fixed
count even where the machine has 2 cores); and the exact flags of deploy/tagcloud.service's
ExecStart (read from the unit; only `--host`, `--port` and `--web` are swapped for a loopback
address, a free port and a copy of web/). One server per configuration, shared by its checks.

Every check that answers from a worker runs on every worker: through a connection from a local
port that worker answers (support.workers: SO_REUSEPORT sends a connection by its addresses, so
the same local port reaches the same worker), named by /healthz on that port before and after
the check. A defect in one worker fails every run, not the half of them on which the kernel
happened to pick it.

- `/`: the demo page with its Content-Security-Policy; a module; `tagcloud.wasm` gzip-encoded
  when gzip is accepted, plain when not; 304 on revalidation; 404 for a missing file; every
  traversal attempt gets a 4xx status line (never a hang, a reset or the secret beside the
  folder);
- `/healthz`, `/readyz`, `/metrics` (labelled with the worker that answered, with `--workers`);
- `/live`: a welcome, then a layout equal to `tagcloud layout`'s for the same request;
- `/echo` only with `--echo`; a foreign Origin is refused with 403 (the unit's own
  `--allow-origin` is let through);
- enough fresh connections that every worker serves files, health checks and WebSockets, shown
  per worker by its own `/metrics` (`tagcloud_http_responses_total`, `tagcloud_connections_total`).

Broken once to watch it fail: the shared-listener protocol written over the static-files one
(the index bug of LiveServer.makeProtocols) fails every file check of `--workers 2`, `auto`
and the unit, and with `--echo` the echo check; see the commit message for the list. With one
worker of two broken (a stand-in of the checks that answers right only through worker 1), the
gzip, 304, CSP, echo, 403 and layout checks fail on worker 2 every run; before, each passed
whenever the kernel sent its one connection to worker 1. With `auto` read as a fixed 2, the
one-core configuration fails ("worker '1' answered a server without --workers").
"""

import gzip
import hashlib
import json
import os
import re
import shutil
import subprocess

import pytest
from websockets.exceptions import InvalidStatus
from websockets.sync.client import connect

from server_support import (SECRET, SUBPROTOCOL, ServeProcess, http_get, measure_message,
                            open_live, raw_http, receive_type, send, tagcloud_binary)
from support.systemd_unit import exec_start_arguments, serve_arguments
from support.paths import WEB
from support.workers import connect_from, on_every_worker

FOREIGN_ORIGIN = "http://evil.example"
CORES = len(os.sched_getaffinity(0))


class Configuration:
    def __init__(self, name, arguments, workers, echo, cpus=None):
        self.name, self.arguments, self.workers, self.echo = name, arguments, workers, echo
        self.cpus = cpus  # the CPUs the server may run on (None: this process's)

    def __repr__(self):
        return self.name


def unit_workers():
    arguments = exec_start_arguments()
    value = arguments[arguments.index("--workers") + 1] if "--workers" in arguments else "1"
    return CORES if value == "auto" else int(value)


def configurations():
    found = []
    for workers, count in (("1", 1), ("2", 2), ("auto", CORES)):
        for echo in (False, True):
            name = f"workers-{workers}" + ("-echo" if echo else "")
            arguments = ["--workers", workers] + (["--echo"] if echo else [])
            found.append(Configuration(name, arguments, count, echo))
    one_cpu = {min(os.sched_getaffinity(0))}
    found.append(Configuration("workers-auto-one-core", ["--workers", "auto"], 1, False, cpus=one_cpu))
    found.append(Configuration("unit", None, unit_workers(), "--echo" in exec_start_arguments()))
    return found


CONFIGURATIONS = configurations()


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """A copy of web/ with fresh gzip siblings of the wasm module and the page, and a secret
    file beside (not inside) the folder."""
    root = tmp_path_factory.mktemp("matrix")
    web = root / "web"
    shutil.copytree(WEB, web, ignore=shutil.ignore_patterns("*.gz", "node_modules"))
    for name in ("tagcloud.wasm", "index.html"):
        (web / f"{name}.gz").write_bytes(gzip.compress((web / name).read_bytes(), 9))
    (root / "secret.txt").write_text(SECRET)
    return root


@pytest.fixture(scope="module", params=CONFIGURATIONS, ids=repr)
def running(request, site):
    configuration = request.param
    web = site / "web"
    if configuration.arguments is None:
        arguments = serve_arguments(host="127.0.0.1", port=0, web=web)
    else:
        arguments = ["--host", "127.0.0.1", "--port", "0", "--web", str(web),
                     *configuration.arguments]
    cpus = configuration.cpus
    server = ServeProcess(arguments, cwd=site, start_timeout=20,
                          preexec_fn=(lambda: os.sched_setaffinity(0, cpus)) if cpus else None)
    try:
        yield configuration, server, web
    finally:
        status, _ = server.stop()
        assert status == 0, server.log


def workers_of(configuration):
    """The worker labels expected in answers: none without --workers > 1."""
    return {str(n) for n in range(1, configuration.workers + 1)} if configuration.workers > 1 \
        else {None}


def every_worker(configuration, server):
    """(worker, source_port) for each worker of the configuration (support.workers)."""
    return on_every_worker(server.port, workers_of(configuration))


def test_the_page_comes_with_its_policy(running):
    configuration, server, web = running
    for worker, source in every_worker(configuration, server):
        status, fields, body = http_get(server.port, "/", source_port=source)
        assert status == 200, (worker, status, server.log[-5:])
        assert fields["content-type"].startswith("text/html"), worker
        assert body == (web / "index.html").read_bytes(), worker
        policy = fields["content-security-policy"]
        assert policy.startswith("default-src 'none'; script-src 'self' 'wasm-unsafe-eval'"), (worker, policy)
        assert "connect-src 'self'" in policy and "frame-ancestors 'self'" in policy, (worker, policy)


def test_a_module_is_served_as_javascript(running):
    configuration, server, web = running
    for worker, source in every_worker(configuration, server):
        status, fields, body = http_get(server.port, "/demo/app.js", source_port=source)
        assert status == 200 and fields["content-type"].startswith("text/javascript"), (worker, status, fields)
        assert body == (web / "demo" / "app.js").read_bytes(), worker


def test_the_wasm_module_is_gzip_when_accepted_and_plain_when_not(running):
    configuration, server, web = running
    wasm = (web / "tagcloud.wasm").read_bytes()
    for worker, source in every_worker(configuration, server):
        status, fields, body = http_get(server.port, "/tagcloud.wasm", ["Accept-Encoding: gzip"], source_port=source)
        assert status == 200 and fields.get("content-encoding") == "gzip", (worker, fields)
        assert fields["content-type"] == "application/wasm" and gzip.decompress(body) == wasm, worker
        assert len(body) < len(wasm) and "accept-encoding" in fields["vary"].lower(), worker
        status, fields, body = http_get(server.port, "/tagcloud.wasm", ["Accept-Encoding: identity"], source_port=source)
        assert status == 200 and "content-encoding" not in fields and body == wasm, (worker, fields)


def test_revalidation_gets_304_and_a_missing_file_404(running):
    configuration, server, web = running
    # The ETag is the content's SHA-256 (its first 128 bits): the same on every instance.
    digest = hashlib.sha256((web / "demo" / "app.js").read_bytes()).hexdigest()
    for worker, source in every_worker(configuration, server):
        status, fields, _ = http_get(server.port, "/demo/app.js", source_port=source)
        assert status == 200 and fields["etag"] == f'"{digest[:32]}"', (worker, fields)
        status, _, body = http_get(server.port, "/demo/app.js", [f"If-None-Match: {fields['etag']}"], source_port=source)
        assert status == 304 and body == b"", (worker, status)
        status, _, _ = http_get(server.port, "/no-such-file.js", source_port=source)
        assert status == 404, (worker, status)


@pytest.mark.parametrize("path", ["/../secret.txt", "/%2e%2e/secret.txt", "/..%2fsecret.txt",
                                  "/examples/../../secret.txt", "/.%2e/secret.txt"])
def test_traversal_is_refused_with_a_status_line(running, path):
    configuration, server, _ = running
    request = f"GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".encode()
    for worker, source in every_worker(configuration, server):
        reply = raw_http(server.port, request, source_port=source)
        match = re.match(rb"HTTP/1\.[01] (\d{3}) ", reply)
        assert match, f"worker {worker}: no status line for {path}: {reply[:80]!r}"
        assert 400 <= int(match.group(1)) < 500 and SECRET.encode() not in reply, (worker, reply[:80])


def test_health_endpoints_and_labelled_metrics(running):
    configuration, server, _ = running
    for expected, source in every_worker(configuration, server):
        assert http_get(server.port, "/healthz", source_port=source)[::2] == (200, b"ok\n")
        assert http_get(server.port, "/readyz", source_port=source)[::2] == (200, b"ready\n")
        status, fields, body = http_get(server.port, "/metrics", source_port=source)
        assert status == 200
        worker = fields.get("x-tagcloud-worker")
        assert worker == expected, (worker, expected)
        samples = [line for line in body.decode().splitlines() if line and not line.startswith("#")]
        label = f'worker="{worker}"'
        assert all((label in line) == (worker is not None) for line in samples), samples[:3]
        assert any(line.startswith("tagcloud_http_responses_total{") for line in samples)


def test_live_welcomes_then_lays_out_as_tagcloud_layout_does(running):
    configuration, server, _ = running
    for worker, source in every_worker(configuration, server):
        ws, welcome = open_live(server, sock=connect_from(server.port, source))
        with ws:
            assert welcome["selection"] == ["SwiftUI"] and ws.subprotocol == SUBPROTOCOL, worker
            send(ws, measure_message())
            send(ws, {"type": "viewport", "width": 390})
            layout = receive_type(ws, "layout")
        request = {"width": 390, "spacing": welcome["spacing"],
                   "mergeDistance": welcome["mergeDistance"], "tags": measure_message()["tags"],
                   "selection": welcome["selection"], "animation": None, "reduceMotion": False}
        result = subprocess.run([str(tagcloud_binary()), "layout"], input=json.dumps(request),
                                capture_output=True, text=True, timeout=10)
        assert result.returncode == 0, result.stderr
        assert {key: value for key, value in layout.items()
                if key not in ("type", "seq", "width", "spacing")} == json.loads(result.stdout), worker


def test_echo_only_when_asked(running):
    configuration, server, _ = running
    url = f"ws://127.0.0.1:{server.port}/echo"
    for worker, source in every_worker(configuration, server):
        if configuration.echo:
            with connect(url, open_timeout=5, sock=connect_from(server.port, source)) as ws:
                ws.send("glass")
                assert ws.recv(timeout=5) == "glass", worker
                ws.send(b"\x00\xff")
                assert ws.recv(timeout=5) == b"\x00\xff", worker
        else:
            with pytest.raises(InvalidStatus) as refused:
                connect(url, open_timeout=5, sock=connect_from(server.port, source)).close()
            assert refused.value.response.status_code == 404, worker


def test_a_foreign_origin_is_refused_with_403(running):
    configuration, server, _ = running
    for worker, source in every_worker(configuration, server):
        with pytest.raises(InvalidStatus) as refused:
            open_live(server, origin=FOREIGN_ORIGIN, sock=connect_from(server.port, source))[0].close()
        assert refused.value.response.status_code == 403, worker
        if configuration.arguments is None:  # the unit's own --allow-origin is let through
            arguments = exec_start_arguments()
            origin = arguments[arguments.index("--allow-origin") + 1]
            open_live(server, origin=origin, sock=connect_from(server.port, source))[0].close()


def metrics_by_worker(server, workers):
    """{worker: {series: value}} from each worker's own /metrics (scraped through a connection
    that worker answers)."""
    seen = {}
    for worker, source in on_every_worker(server.port, workers):
        status, fields, body = http_get(server.port, "/metrics", source_port=source)
        assert status == 200 and fields.get("x-tagcloud-worker") == worker, (status, fields)
        series = {}
        for line in body.decode().splitlines():
            if line and not line.startswith("#"):
                name, value = line.rsplit(" ", 1)
                series[re.sub(r'worker="\d+",?', "", name).replace("{}", "")] = float(value)
        seen[worker] = series
    return seen


def test_every_worker_serves_files_health_and_websockets(running):
    """Fresh connections spread over the workers (SO_REUSEPORT hashes each connection); 40 of
    each kind over two workers all land on one with a chance of 2 ** -39."""
    configuration, server, _ = running
    for _ in range(40):
        assert http_get(server.port, "/demo/app.js")[0] == 200
        assert http_get(server.port, "/healthz")[0] == 200
        open_live(server)[0].close()
    workers = workers_of(configuration)
    by_worker = metrics_by_worker(server, workers)
    report = {worker: (series['tagcloud_http_responses_total{route="files",code="200"}'],
                       series['tagcloud_http_responses_total{route="health",code="200"}'],
                       series["tagcloud_connections_total"])
              for worker, series in by_worker.items()}
    print(f"{configuration}: per worker (files 200, health 200, WebSockets): {report}")
    for worker, (files, health, sockets) in report.items():
        assert files > 0 and health > 0 and sockets > 0, (worker, report)
    assert sum(files for files, _, _ in report.values()) >= 40
    assert sum(sockets for _, _, sockets in report.values()) >= 40
