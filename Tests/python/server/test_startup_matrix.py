"""Every way to start `tagcloud serve` serves everything, from every process that serves.

Configurations: `--workers 1`, `--workers 2` and `--workers auto` (one worker per core this
process may run on), each with and without `--echo`, and the exact flags of
deploy/tagcloud.service's ExecStart (read from the unit; only `--host`, `--port` and `--web` are
swapped for a loopback address, a free port and a copy of web/). One server per configuration,
shared by its checks:

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
and the unit, and with `--echo` the echo check; see the commit message for the list.
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

FOREIGN_ORIGIN = "http://evil.example"
CORES = len(os.sched_getaffinity(0))


class Configuration:
    def __init__(self, name, arguments, workers, echo):
        self.name, self.arguments, self.workers, self.echo = name, arguments, workers, echo

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
    server = ServeProcess(arguments, cwd=site, start_timeout=20)
    try:
        yield configuration, server, web
    finally:
        status, _ = server.stop()
        assert status == 0, server.log


def workers_of(configuration):
    """The worker labels expected in answers: none without --workers > 1."""
    return {str(n) for n in range(1, configuration.workers + 1)} if configuration.workers > 1 \
        else {None}


def test_the_page_comes_with_its_policy(running):
    configuration, server, web = running
    status, fields, body = http_get(server.port, "/")
    assert status == 200, (status, server.log[-5:])
    assert fields["content-type"].startswith("text/html")
    assert body == (web / "index.html").read_bytes()
    policy = fields["content-security-policy"]
    assert policy.startswith("default-src 'none'; script-src 'self' 'wasm-unsafe-eval'")
    assert "connect-src 'self'" in policy and "frame-ancestors 'self'" in policy


def test_a_module_is_served_as_javascript(running):
    _, server, web = running
    status, fields, body = http_get(server.port, "/demo/app.js")
    assert status == 200 and fields["content-type"].startswith("text/javascript")
    assert body == (web / "demo" / "app.js").read_bytes()


def test_the_wasm_module_is_gzip_when_accepted_and_plain_when_not(running):
    _, server, web = running
    wasm = (web / "tagcloud.wasm").read_bytes()
    status, fields, body = http_get(server.port, "/tagcloud.wasm", ["Accept-Encoding: gzip"])
    assert status == 200 and fields.get("content-encoding") == "gzip", fields
    assert fields["content-type"] == "application/wasm" and gzip.decompress(body) == wasm
    assert len(body) < len(wasm) and "accept-encoding" in fields["vary"].lower()
    status, fields, body = http_get(server.port, "/tagcloud.wasm", ["Accept-Encoding: identity"])
    assert status == 200 and "content-encoding" not in fields and body == wasm


def test_revalidation_gets_304_and_a_missing_file_404(running):
    _, server, web = running
    status, fields, _ = http_get(server.port, "/demo/app.js")
    # The ETag is the content's SHA-256 (its first 128 bits): the same on every instance.
    digest = hashlib.sha256((web / "demo" / "app.js").read_bytes()).hexdigest()
    assert status == 200 and fields["etag"] == f'"{digest[:32]}"'
    status, _, body = http_get(server.port, "/demo/app.js", [f"If-None-Match: {fields['etag']}"])
    assert status == 304 and body == b""
    status, _, _ = http_get(server.port, "/no-such-file.js")
    assert status == 404


@pytest.mark.parametrize("path", ["/../secret.txt", "/%2e%2e/secret.txt", "/..%2fsecret.txt",
                                  "/examples/../../secret.txt", "/.%2e/secret.txt"])
def test_traversal_is_refused_with_a_status_line(running, path):
    _, server, _ = running
    reply = raw_http(server.port, f"GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
                     .encode())
    match = re.match(rb"HTTP/1\.[01] (\d{3}) ", reply)
    assert match, f"no status line for {path}: {reply[:80]!r}"
    assert 400 <= int(match.group(1)) < 500 and SECRET.encode() not in reply


def test_health_endpoints_and_labelled_metrics(running):
    configuration, server, _ = running
    assert http_get(server.port, "/healthz")[::2] == (200, b"ok\n")
    assert http_get(server.port, "/readyz")[::2] == (200, b"ready\n")
    status, fields, body = http_get(server.port, "/metrics")
    assert status == 200
    worker = fields.get("x-tagcloud-worker")
    assert worker in workers_of(configuration)
    samples = [line for line in body.decode().splitlines() if line and not line.startswith("#")]
    label = f'worker="{worker}"'
    assert all((label in line) == (worker is not None) for line in samples), samples[:3]
    assert any(line.startswith("tagcloud_http_responses_total{") for line in samples)


def test_live_welcomes_then_lays_out_as_tagcloud_layout_does(running):
    _, server, _ = running
    ws, welcome = open_live(server)
    with ws:
        assert welcome["selection"] == ["SwiftUI"] and ws.subprotocol == SUBPROTOCOL
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
            if key not in ("type", "seq", "width", "spacing")} == json.loads(result.stdout)


def test_echo_only_when_asked(running):
    configuration, server, _ = running
    url = f"ws://127.0.0.1:{server.port}/echo"
    if configuration.echo:
        with connect(url, open_timeout=5) as ws:
            ws.send("glass")
            assert ws.recv(timeout=5) == "glass"
            ws.send(b"\x00\xff")
            assert ws.recv(timeout=5) == b"\x00\xff"
    else:
        with pytest.raises(InvalidStatus) as refused:
            connect(url, open_timeout=5).close()
        assert refused.value.response.status_code == 404


def test_a_foreign_origin_is_refused_with_403(running):
    configuration, server, _ = running
    with pytest.raises(InvalidStatus) as refused:
        open_live(server, origin=FOREIGN_ORIGIN)[0].close()
    assert refused.value.response.status_code == 403
    if configuration.arguments is None:  # the unit's own --allow-origin is let through
        arguments = exec_start_arguments()
        origin = arguments[arguments.index("--allow-origin") + 1]
        open_live(server, origin=origin)[0].close()


def metrics_by_worker(server, workers):
    """{worker: {series: value}} from each worker's own /metrics (fresh connections land on
    any worker; scrape until each has answered)."""
    seen = {}
    for _ in range(200):
        status, fields, body = http_get(server.port, "/metrics")
        assert status == 200
        worker = fields.get("x-tagcloud-worker")
        series = {}
        for line in body.decode().splitlines():
            if line and not line.startswith("#"):
                name, value = line.rsplit(" ", 1)
                series[re.sub(r'worker="\d+",?', "", name).replace("{}", "")] = float(value)
        seen[worker] = series
        if set(seen) == workers:
            return seen
    raise AssertionError(f"only workers {sorted(map(str, seen))} answered /metrics of {workers}")


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
