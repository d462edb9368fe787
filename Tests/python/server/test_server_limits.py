"""Every limit of `tagcloud serve` as a flag and a TAGCLOUD_* variable, end to end: the flag
wins, the old TAGCLOUD_MAX_SESSIONS keeps working, bad values exit 1 naming the flag or the
variable, --help lists them, each limit takes effect, and the open-file limit is raised for the
session cap or the shortfall is reported with both numbers. (The parse itself is unit-tested in
Tests/TagCloudCLITests/ServeLimitsParserTests.swift.)"""

import json
import re
import resource
import subprocess

import pytest
from websockets.exceptions import ConnectionClosed

from server_support import Server, open_live, tagcloud_binary
from support.harness import OP_TEXT, RawClient, frame
from support.waiting import wait_until

LIMIT_FLAGS = {
    "--max-sessions": "TAGCLOUD_MAX_SESSIONS", "--ping-after": "TAGCLOUD_PING_AFTER",
    "--hang-up-after": "TAGCLOUD_HANG_UP_AFTER", "--session-ttl": "TAGCLOUD_SESSION_TTL",
    "--message-rate": "TAGCLOUD_MESSAGE_RATE", "--drain-grace": "TAGCLOUD_DRAIN_GRACE",
    "--workers": "TAGCLOUD_WORKERS",
}


def run_serve(*args, env=None, site=None, preexec_fn=None):
    import os
    return subprocess.run(
        [str(tagcloud_binary()), "serve", "--port", "0", *args], cwd=site,
        env={**os.environ, **(env or {})}, capture_output=True, text=True, timeout=10,
        preexec_fn=preexec_fn)


def second_connection_close_code(server):
    first, _ = open_live(server)
    with first:
        with pytest.raises(ConnectionClosed) as closed:
            second, _ = open_live(server)
            second.recv(timeout=5)
        return closed.value.rcvd.code if closed.value.rcvd else None


def test_help_lists_every_limit_with_its_variable_and_default():
    result = subprocess.run([str(tagcloud_binary()), "serve", "--help"], capture_output=True,
                            text=True, timeout=10)
    assert result.returncode == 0
    for flag, variable in LIMIT_FLAGS.items():
        line = next((l for l in result.stdout.splitlines() if l.strip().startswith(flag + " ")),
                    None)
        assert line and f"({variable})" in line, (flag, result.stdout)
    assert result.stdout.count("(default") >= len(LIMIT_FLAGS)


def test_the_old_variable_still_sets_the_cap(start_server):
    server = start_server(env={"TAGCLOUD_MAX_SESSIONS": "1"})
    assert second_connection_close_code(server) == 1013


def test_the_flag_wins_over_the_variable(start_server):
    """Breaking it: letting the variable win keeps the cap at 1 and refuses the second."""
    server = start_server("--max-sessions", "2", env={"TAGCLOUD_MAX_SESSIONS": "1"})
    first, _ = open_live(server)
    second, _ = open_live(server)
    with first, second:
        assert server.metric("tagcloud_sessions") == 2
    server = start_server("--max-sessions", "1", env={"TAGCLOUD_MAX_SESSIONS": "5"})
    assert second_connection_close_code(server) == 1013


@pytest.mark.parametrize("args, env, words", [
    (["--max-sessions", "0"], {}, ["--max-sessions", "1 to 1000000", "'0'"]),
    (["--ping-after=abc"], {}, ["--ping-after", "'abc'"]),
    (["--workers", "many"], {}, ["--workers", "'auto'", "'many'"]),
    ([], {"TAGCLOUD_MAX_SESSIONS": "lots"}, ["TAGCLOUD_MAX_SESSIONS (environment)", "'lots'"]),
    ([], {"TAGCLOUD_DRAIN_GRACE": "-1"}, ["TAGCLOUD_DRAIN_GRACE (environment)", "'-1'"]),
    (["--ping-after", "50"], {}, ["--hang-up-after (default) must be more than --ping-after"]),
])
def test_bad_values_exit_1_saying_what_and_where(site, args, env, words):
    result = run_serve("--web", str(site / "web"), *args, env=env, site=site)
    assert result.returncode == 1, result
    assert len(result.stderr.strip().splitlines()) == 1, result.stderr
    for word in words:
        assert word in result.stderr, (word, result.stderr)
    assert "listening" not in result.stderr


def test_session_ttl_expires_a_detached_session(start_server):
    """Breaking it: ignoring the flag (300 s) leaves the session detached past the deadline."""
    server = start_server("--session-ttl", "1")
    ws, _ = open_live(server)
    ws.send(json.dumps({"type": "toggle", "id": "Glass"}))  # a session worth keeping
    ws.send(json.dumps({"type": "hello"}))
    ws.recv(timeout=5)
    ws.close()
    wait_until(lambda: server.metric("tagcloud_sessions_detached") == 1, timeout=1,
               what="the session detached")
    wait_until(lambda: server.metric("tagcloud_sessions_expired_total") >= 1, timeout=5, interval=0.2,
               what="the detached session to expire")
    assert server.metric("tagcloud_sessions_detached") == 0


def test_message_rate_closes_a_client_past_it_with_1008(start_server):
    """At --message-rate 5 (bursts of 10) a client sending 40 messages at once is dropped with
    1008; the default rate (1000/s, bursts of 2000) lets the same 40 through (test_server_live).

    The 40 frames go out in one write, so the server has read the whole burst before it closes.
    Sent one by one (the websockets client), the last frames could still be unread when the
    server closed, and the kernel answered them with a reset that discarded the 1008 frame
    before the client read it (half the runs: the client saw the socket end without a code)."""
    server = start_server("--message-rate", "5")
    client = RawClient(server.port)
    try:
        viewport = json.dumps({"type": "viewport", "width": 390}).encode()
        client.send(b"".join(frame(OP_TEXT, viewport) for _ in range(40)))
        assert client.close_code() == 1008
    finally:
        client.close()
    assert server.metric("tagcloud_clients_dropped_total") == 1


def soft_limit(pid):
    text = open(f"/proc/{pid}/limits").read()
    return int(re.search(r"^Max open files\s+(\d+)", text, re.MULTILINE).group(1))


def test_the_soft_open_file_limit_is_raised_for_the_cap(site):
    """Soft 1024, hard H (this process's hard limit, at most 65536), --max-sessions H - 1000:
    the soft limit is raised to exactly what the cap needs (H - 936), no warning."""
    hard = min(resource.getrlimit(resource.RLIMIT_NOFILE)[1], 65536)
    assert hard >= 3000, f"the hard open-file limit here is {hard}"
    server = Server(["--web", str(site / "web"), "--max-sessions", str(hard - 1000)], cwd=site,
                    preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_NOFILE, (1024, hard)))
    try:
        assert soft_limit(server.pid) == hard - 1000 + 64
        assert not any("warning" in line for line in server.log), server.log
    finally:
        server.stop()


def test_a_cap_the_hard_limit_cannot_hold_is_reported_at_start(site):
    """Hard 4096, --max-sessions 100000: raised to 4096, and one warning naming both numbers.
    Breaking it: skipping the check (OpenFileLimit.fit) fails both assertions."""
    server = Server(["--web", str(site / "web"), "--max-sessions", "100000"], cwd=site,
                    preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_NOFILE, (1024, 4096)))
    try:
        assert soft_limit(server.pid) == 4096
        warnings = [line for line in server.log if "warning:" in line]
        assert len(warnings) == 1, server.log
        assert "--max-sessions 100000" in warnings[0]
        assert "100064" in warnings[0] and "4096" in warnings[0]
    finally:
        server.stop()
