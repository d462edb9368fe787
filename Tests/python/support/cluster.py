"""Several `tagcloud serve` instances behind a real nginx (Debian's), on free 127.0.0.1 ports, the
one place where the tests (Tests/python/cluster/) and `make cluster` (scripts/cluster.py) get
them from.

The nginx config is generated around the shipped files: deploy/nginx/*.conf are included as
they are (a link named `tagcloud` in nginx's prefix points at deploy/nginx/, the same relative
include paths as in production), and the upstream servers take the parameters of deploy/
nginx.conf's upstream blocks. Only what is local by nature is generated: ports, paths, the
certificate, the pid and temporary files.

    with Cluster(instances=3) as cluster:      # three instances and nginx, all stopped on exit
        client = RawClient(cluster.nginx.http_port)
        cluster.kill(0)                        # SIGKILL one instance

Each instance runs deploy/tagcloud.service's own ExecStart flags (systemd_unit.serve_arguments:
`--workers auto`, the session cap, the drain grace, its `--allow-origin`), with only the host,
port and web folder local and the proxy's origins added: what is tested behind nginx is what
ships. An instance is a supervisor and its workers; `metric` sums a series over every worker.
"""

from __future__ import annotations

import http.client
import os
import pathlib
import re
import shutil
import signal
import socket
import subprocess
import tempfile
import time
import typing
import urllib.error
import urllib.request

from support.harness import ServeProcess
from support.server_log import workers_ready
from support.paths import REPO, WEB
from support.ports import free_port
from support.waiting import wait_until
from support.systemd_unit import serve_arguments

# Clients of the failover and rolling restart tests: 60 under make test, 300 under check-full.
CLUSTER_CLIENTS = int(os.environ.get("CLUSTER_CLIENTS", "60"))
DEPLOY = REPO / "deploy"
SHIPPED_CONFIG = DEPLOY / "nginx.conf"
INCLUDES = DEPLOY / "nginx"
UNIT = DEPLOY / "tagcloud.service"


def nginx_binary() -> str:
    """Debian's nginx; a clear failure when it is missing (make test installs it)."""
    path = shutil.which("nginx") or ("/usr/sbin/nginx" if os.path.exists("/usr/sbin/nginx") else None)
    if path is None:
        raise AssertionError("nginx is not installed: run 'bash scripts/install-deps.sh' "
                             "(make test and make cluster do)")
    return path


class Upstream(typing.NamedTuple):
    """One `upstream NAME {...}` block of deploy/nginx.conf: its name, the addresses of its
    servers, their parameters (`max_fails=2 fail_timeout=5s`, the same on every server) and its
    other directives (`keepalive 32;`)."""

    name: str
    addresses: list[str]
    parameters: str
    others: list[str]


def upstream_blocks() -> list[Upstream]:
    """The shipped upstream blocks (`tagcloud` for pages and probes, `tagcloud_live` for
    WebSockets), read from deploy/nginx.conf."""
    text = SHIPPED_CONFIG.read_text()
    blocks = re.findall(r"\n    upstream (\w+) \{(.*?)\n    \}", text, re.DOTALL)
    assert blocks, f"no 'upstream NAME {{...}}' block in {SHIPPED_CONFIG}"
    upstreams = []
    for name, body in blocks:
        lines = [line.strip() for line in body.splitlines()]
        directives = [line for line in lines if line and not line.startswith("#")]
        servers = [line.rstrip(";").split(None, 2) for line in directives
                   if line.startswith("server ")]
        assert servers, f"the upstream {name} of {SHIPPED_CONFIG} lists no server"
        parameters = {server[2] if len(server) > 2 else "" for server in servers}
        assert len(parameters) == 1, f"the upstream {name} mixes server parameters: {parameters}"
        upstreams.append(Upstream(name, [server[1] for server in servers], parameters.pop(),
                                  [line for line in directives if not line.startswith("server ")]))
    return upstreams


def render_config(prefix: pathlib.Path, web_root: pathlib.Path, backends: list[int],
                  http_port: int, https_port: int | None = None,
                  certificate: tuple[pathlib.Path, pathlib.Path] | None = None,
                  parameters: dict[str, str] | None = None) -> str:
    """A complete nginx.conf for `nginx -p PREFIX -c PREFIX/nginx.conf`: the shipped includes,
    the shipped upstream blocks with their parameters, local ports. `parameters` replaces the
    server parameters of the upstreams it names (a benchmark's peer configuration only)."""
    upstreams = ""
    for block in upstream_blocks():
        chosen = (parameters or {}).get(block.name, block.parameters)
        servers = "\n".join(f"        server 127.0.0.1:{port} {chosen};" for port in backends)
        extra = "".join(f"\n        {line}" for line in block.others)
        upstreams += f"""    upstream {block.name} {{
{servers}{extra}
    }}
"""
    temp = "\n".join(f"    {kind}_temp_path {prefix / 'tmp' / kind};"
                     for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"))
    tls = ""
    if https_port is not None:
        assert certificate, "https needs a certificate"
        tls = f"""
        listen 127.0.0.1:{https_port} ssl;
        ssl_certificate {certificate[0]};
        ssl_certificate_key {certificate[1]};
        include tagcloud/tls.conf;"""
    # As root, workers stay root: a test's web folder and temporary files are not readable by
    # `nobody` (a production install runs them as www-data, deploy/nginx.conf).
    user = "user root;" if os.geteuid() == 0 else ""
    return f"""# Generated by Tests/python/support/cluster.py; deploy/nginx/ included as shipped.
{user}
worker_processes 1;
pid {prefix / 'nginx.pid'};
error_log stderr notice;
events {{
    worker_connections 4096;
}}
http {{
    access_log {prefix / 'access.log'};
{temp}
    include tagcloud/http.conf;
{upstreams}    server {{
        listen 127.0.0.1:{http_port};{tls}
        server_name localhost;
        root {web_root};
        include tagcloud/site.conf;
    }}
}}
"""


def make_certificate(directory: pathlib.Path) -> tuple[pathlib.Path, pathlib.Path]:
    """A self-signed certificate for 127.0.0.1 and localhost (openssl from Debian), valid 2 days:
    (certificate, key). Trust it with ssl.create_default_context(cafile=certificate)."""
    certificate, key = directory / "cert.pem", directory / "key.pem"
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1",
         "-nodes", "-days", "2", "-subj", "/CN=127.0.0.1",
         "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost",
         "-addext", "basicConstraints=critical,CA:TRUE",
         "-keyout", str(key), "-out", str(certificate)],
        check=True, capture_output=True, timeout=30)
    key.chmod(0o600)
    return certificate, key


def wait_for_port(port: int, timeout: float = 10.0, process: subprocess.Popen | None = None):
    def listening() -> bool:
        if process is not None and process.poll() is not None:
            raise AssertionError(f"process exited with {process.returncode} before listening")
        with socket.create_connection(("127.0.0.1", port), timeout=0.5):
            return True

    wait_until(listening, timeout=timeout, what=f"a listener on 127.0.0.1:{port}", ignoring=(OSError,))


def fetch(port: int, path: str, headers: dict | None = None, method: str = "GET"):
    """(status, lowercase headers, body) of one request to 127.0.0.1:port, sent as given."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        connection.request(method, path, headers=headers or {})
        response = connection.getresponse()
        return response.status, {k.lower(): v for k, v in response.getheaders()}, response.read()
    finally:
        connection.close()


def http_status(url: str, timeout: float = 2.0) -> int:
    """The status of a GET (0 when the connection fails)."""
    try:
        with urllib.request.urlopen(url, timeout=timeout) as response:
            return response.status
    except urllib.error.HTTPError as error:
        return error.code
    except (urllib.error.URLError, OSError):
        return 0


def worker_pids(server: ServeProcess) -> dict[int, int]:
    """{worker number: pid} of a `tagcloud serve --workers` process, the latest pid of each (a
    restarted worker reports ready again); empty without workers."""
    return {worker.number: worker.pid for worker in workers_ready(server.log)}


class Nginx:
    """`nginx -p PREFIX -c PREFIX/nginx.conf -g 'daemon off;'` in the foreground, in its own
    process group, so that stopping it stops its workers too (also after a SIGKILL).
    `preexec_fn` runs in the child before exec (the capacity script gives nginx the priority
    it gives the server and the load generator)."""

    def __init__(self, prefix: pathlib.Path, config: str, http_port: int,
                 https_port: int | None = None, preexec_fn=None):
        self.prefix, self.http_port, self.https_port = prefix, http_port, https_port
        for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"):
            (prefix / "tmp" / kind).mkdir(parents=True, exist_ok=True)
        link = prefix / "tagcloud"
        if not link.exists():
            link.symlink_to(INCLUDES, target_is_directory=True)
        self.config_path = prefix / "nginx.conf"
        self.config_path.write_text(config)
        self.log_path = prefix / "error.log"
        self._log = open(self.log_path, "wb")
        command = [nginx_binary(), "-p", str(prefix), "-c", str(self.config_path),
                   "-e", "stderr", "-g", "daemon off;"]
        self.process = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=self._log,
                                        stderr=subprocess.STDOUT, start_new_session=True,
                                        preexec_fn=preexec_fn)
        try:
            wait_for_port(http_port, process=self.process)
            if https_port is not None:
                wait_for_port(https_port, process=self.process)
        except AssertionError as error:
            self.stop()
            raise AssertionError(f"nginx did not start: {error}\n{self.log()}") from None

    @property
    def http(self) -> str:
        return f"http://127.0.0.1:{self.http_port}"

    def log(self) -> str:
        return self.log_path.read_text(errors="replace") if self.log_path.exists() else ""

    def stop(self, timeout: float = 5.0):
        """Fast shutdown (SIGTERM) of the whole process group, SIGKILL if it lingers."""
        if self.process.poll() is None:
            try:
                os.killpg(self.process.pid, signal.SIGTERM)
            except ProcessLookupError:
                pass
            try:
                self.process.wait(timeout)
            except subprocess.TimeoutExpired:
                pass
        try:
            os.killpg(self.process.pid, signal.SIGKILL)  # workers left behind, if any
        except (ProcessLookupError, PermissionError):
            pass
        if self.process.poll() is None:
            self.process.wait(timeout)
        self._log.close()


class Cluster:
    """`instances` tagcloud serve processes on fixed free ports (so that a restarted one comes
    back where nginx expects it) and nginx in front; a context manager that stops everything,
    also when the body fails.

    Each instance allows the nginx origins (a browser's Origin is the proxy's, not the
    instance's), as the systemd unit's --allow-origin does in production.
    `upstream_parameters` ({"tagcloud_live": "max_fails=2 fail_timeout=5s"}) replaces the
    shipped server parameters of the upstreams it names: a benchmark's peer configuration
    (bench/py/blackhole.py), never what the tests run."""

    def __init__(self, instances: int = 3, *, web: pathlib.Path = WEB,
                 tls: bool = False, http_port: int | None = None,
                 serve_args: list[str] | None = None, env: dict | None = None,
                 prefix: pathlib.Path | None = None,
                 upstream_parameters: dict[str, str] | None = None):
        self._own_prefix = prefix is None
        self.prefix = pathlib.Path(prefix or tempfile.mkdtemp(prefix="tagcloud-nginx-"))
        self.web = pathlib.Path(web).resolve()
        self.serve_args, self.env = list(serve_args or []), env
        self.http_port = http_port or free_port()
        self.https_port = free_port() if tls else None
        self.certificate = make_certificate(self.prefix) if tls else None
        self.ports = [free_port() for _ in range(instances)]
        self.servers: list[ServeProcess | None] = [None] * instances
        self.retired: list[ServeProcess] = []
        self.nginx: Nginx | None = None
        try:
            for index in range(instances):
                self.start(index)
            self.nginx = Nginx(self.prefix, render_config(
                self.prefix, self.web, self.ports, self.http_port, self.https_port,
                self.certificate, upstream_parameters), self.http_port, self.https_port)
        except BaseException:
            self.close()
            raise

    def diagnosis(self, tail: int = 40) -> str:
        """The last lines of nginx's error log and access log and of every instance's log: what
        a test that saw no answer through the proxy reports, so that a rare failure can be read
        from the run that had it."""
        def last(text: str) -> str:
            return "\n".join(text.splitlines()[-tail:])
        access = self.prefix / "access.log"
        parts = [f"nginx error log:\n{last(self.nginx.log())}",
                 f"nginx access log:\n{last(access.read_text(errors='replace')) if access.exists() else ''}"]
        for index, server in enumerate(self.servers):
            if server is not None:
                parts.append(f"instance {index} (port {self.ports[index]}):\n{last(chr(10).join(server.log))}")
        # The sockets on the instances' ports and nginx's: a listener's Recv-Q is its accept
        # queue (a connection no process took), an established one names the process holding it.
        watched = [*self.ports, self.http_port, *([self.https_port] if self.https_port else [])]
        ports = " or ".join(f"sport = :{port}" for port in watched)
        try:
            sockets = subprocess.run(["ss", "-tanp", f"( {ports} )"], capture_output=True, text=True,
                                     timeout=5).stdout
        except (OSError, subprocess.TimeoutExpired) as error:
            sockets = f"(ss: {error})"
        parts.append(f"sockets on the instances' and nginx's ports:\n{last(sockets)}")
        return "\n\n".join(parts)

    def origins(self) -> list[str]:
        origins = [f"http://127.0.0.1:{self.http_port}", f"http://localhost:{self.http_port}"]
        if self.https_port:
            origins += [f"https://127.0.0.1:{self.https_port}", f"https://localhost:{self.https_port}"]
        return origins

    def start(self, index: int) -> ServeProcess:
        """Instance `index` on its port, with the unit's flags (and `serve_args` after them: a
        later flag wins)."""
        args = serve_arguments(host="127.0.0.1", port=self.ports[index], web=self.web,
                               allow_origins=self.origins())
        server = ServeProcess([*args, *self.serve_args], env=self.env)
        self.servers[index] = server
        return server

    def kill(self, index: int):
        """SIGKILL the whole instance, supervisor first (so that it restarts nobody), then its
        workers (which would otherwise drain on the supervisor's death): no close frames, the
        sessions gone with the processes, as when a machine dies."""
        server = self.servers[index]
        workers = worker_pids(server)
        server.kill()
        for pid in workers.values():
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        self.retired.append(server)
        self.servers[index] = None

    def restart(self, index: int, ready_timeout: float = 15.0) -> ServeProcess:
        """One step of a rolling restart as docs/DEPLOY.md gives it: SIGTERM (the instance
        drains: /readyz 503, new WebSockets refused with 503 after the grace, then 1001 to its
        clients) and exit 0 within the unit's stop bound, start it again on its port, wait
        until its /readyz answers 200, then wait the page upstream's fail_timeout before the
        caller stops the next one."""
        server = self.servers[index]
        if server is not None:
            status, _ = server.stop(signal.SIGTERM, timeout=self.stop_timeout())
            assert status == 0, f"instance {index} exited with {status} on SIGTERM: {server.log}"
            self.retired.append(server)
        replacement = self.start(index)
        self.wait_ready(index, ready_timeout)
        time.sleep(self.fail_timeout())
        return replacement

    @staticmethod
    def stop_timeout() -> float:
        """deploy/tagcloud.service's TimeoutStopSec: how long systemd waits for an instance to
        exit after SIGTERM before it kills it. (A saturated debug instance on a loaded 2-core
        machine took up to 8.5 s to drain 220 toggling clients; an idle one, 1.1 s for 200.)"""
        match = re.search(r"^TimeoutStopSec=(\d+)$", UNIT.read_text(), re.MULTILINE)
        assert match, f"{UNIT} sets no TimeoutStopSec"
        return float(match.group(1))

    @staticmethod
    def fail_timeout() -> float:
        """The longest fail_timeout of the shipped upstreams that keep failure state
        (max_fails > 0; nginx's defaults: max_fails=1, fail_timeout=10s): how long nginx may
        leave out an instance that failed (refused connects, 503s while it drained) before it
        tries it again. For pages (`tagcloud`): a rolling restart that stops the next instance
        sooner can leave nginx with none it tries, with two instances. `tagcloud_live` keeps
        no failure state (max_fails=0), so WebSockets never wait for this."""
        longest = 0.0
        for block in upstream_blocks():
            max_fails = re.search(r"max_fails=(\d+)", block.parameters)
            if max_fails and int(max_fails.group(1)) == 0:
                continue
            timeout = re.search(r"fail_timeout=(\d+)s", block.parameters)
            longest = max(longest, float(timeout.group(1)) if timeout else 10.0)
        return longest

    def wait_ready(self, index: int, timeout: float = 15.0):
        url = f"http://127.0.0.1:{self.ports[index]}/readyz"
        wait_until(lambda: http_status(url) == 200, timeout=timeout,
                   what=f"instance {index}: /readyz answering 200", seen=lambda: http_status(url))

    def metric(self, index: int, name: str) -> float:
        """A series of instance `index`, summed over its workers: fresh connections land on any
        worker (SO_REUSEPORT), so scrape until each has answered once."""
        server = self.servers[index]
        expected = set(map(str, worker_pids(server))) or {None}
        values: dict = {}
        for _ in range(200):
            status, headers, body = fetch(self.ports[index], "/metrics")
            assert status == 200, f"/metrics of instance {index} answered {status}"
            worker = headers.get("x-tagcloud-worker")
            if worker in values:
                continue
            found = [float(line.rsplit(" ", 1)[1]) for line in body.decode().splitlines()
                     if line.startswith(name + " ") or line.startswith(name + "{worker=")]
            assert found, f"{name} not in /metrics of instance {index}"
            values[worker] = found[0]
            if set(values) == expected:
                return sum(values.values())
        raise AssertionError(f"instance {index}: only workers {sorted(map(str, values))} of "
                             f"{sorted(map(str, expected))} answered /metrics")

    def close(self):
        try:
            if self.nginx is not None:
                self.nginx.stop()
        finally:
            for server in [*self.servers, *self.retired]:
                if server is not None and server.alive:
                    server.stop(signal.SIGTERM)
            if self._own_prefix:
                shutil.rmtree(self.prefix, ignore_errors=True)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
