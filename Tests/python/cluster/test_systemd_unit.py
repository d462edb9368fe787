"""deploy/tagcloud.service: systemd accepts it (systemd-analyze verify), its hardening scores
"OK" or better offline (systemd-analyze security, exposure at most 2.0), its open-file limit holds
its session cap, and its ExecStart flags start the real binary (local port and paths swapped in),
which then drains and exits 0 on SIGTERM as KillSignal says.

Broken once to watch it fail: a misspelt directive (`ProtectSystem=strictly`) fails verify;
dropping NoNewPrivileges and ProtectSystem raises the exposure past 2.0; `--max-sesions` fails
the start."""

import re
import signal
import subprocess

from support.cluster import http_status
from support.harness import ServeProcess, tagcloud_binary
from support.paths import REPO, WEB
from support.systemd_unit import UNIT, directive, exec_start_arguments, serve_arguments


def local_copy(tmp_path):
    """The unit with the repository's binary and folder in place of /opt/tagcloud."""
    text = UNIT.read_text().replace("/opt/tagcloud/bin/tagcloud", str(tagcloud_binary()))
    text = text.replace("WorkingDirectory=/opt/tagcloud", f"WorkingDirectory={REPO}")
    path = tmp_path / "tagcloud.service"
    path.write_text(text)
    return path


def test_systemd_accepts_the_unit_and_its_hardening_scores_ok(tmp_path):
    unit = local_copy(tmp_path)
    verify = subprocess.run(["systemd-analyze", "verify", str(unit)], capture_output=True,
                            text=True, timeout=60)
    assert verify.returncode == 0 and verify.stderr.strip() == "", verify.stderr
    security = subprocess.run(["systemd-analyze", "security", "--offline=true", str(unit)],
                              capture_output=True, text=True, timeout=60)
    score = re.search(r"Overall exposure level for \S+: ([0-9.]+)", security.stdout)
    assert score, security.stdout + security.stderr
    assert float(score.group(1)) <= 2.0, security.stdout
    assert directive("User") not in ("root", "0")
    assert directive("NoNewPrivileges") == "yes" and directive("ProtectSystem") == "strict"
    assert directive("Restart") == "on-failure" and directive("KillSignal") == "SIGTERM"
    # `systemctl reload` rereads the tags file (SIGHUP to the supervisor, passed to workers).
    assert directive("ExecReload") == "/bin/kill -HUP $MAINPID"


def test_the_open_file_limit_holds_the_session_cap():
    arguments = exec_start_arguments()
    cap = int(arguments[arguments.index("--max-sessions") + 1])
    # One descriptor per WebSocket, a few for the process; refused connections need some too.
    assert int(directive("LimitNOFILE")) >= cap + 1024


def test_its_flags_start_the_real_server_which_drains_on_sigterm():
    server = ServeProcess(serve_arguments(host="127.0.0.1", port=0, web=WEB))
    try:
        assert http_status(f"http://127.0.0.1:{server.port}/readyz") == 200
        status, _ = server.stop(signal.SIGTERM, timeout=10)
        assert status == 0, server.log
    finally:
        if server.alive:
            server.kill()
