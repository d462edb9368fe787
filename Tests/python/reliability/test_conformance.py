"""WebSocket conformance: the Autobahn testsuite's cases (through kosoku, PyPI) against the
server's `/echo` endpoint (`tagcloud serve --echo`). make test runs a subset of a few seconds
covering every section; make check-full (RELIABILITY_FULL=1) runs sections 1-7, 9 and 10 whole.

Pass rule: no case FAILED or ERROR, and no closing handshake FAILED, UNCLEAN or WRONG CODE,
except the cases in KNOWN_LIBRARY_LIMITS (explained there and in docs/reliability.md).
NON-STRICT and INFORMATIONAL results are allowed (conformant) and listed in the summary."""

import asyncio
import collections
import concurrent.futures
import json
import os

import pytest

from reliability_support import FULL
from support.requirements import require_module


def kosoku():
    """The Autobahn runner: a missing one fails the test that needs it, naming it."""
    return require_module("kosoku", "pip install -r Tests/requirements.txt (make venv does)")

FULL_SECTIONS = ["1.*", "2.*", "3.*", "4.*", "5.*", "6.*", "7.*", "9.*", "10.*"]
QUICK_CASES = ["1.1.*", "1.2.8", "2.1", "2.4", "2.6", "3.*", "4.*", "5.*", "6.2.*", "6.3.*",
               "6.4.*", "6.12.*", "7.1.*", "7.3.*", "7.5.1", "7.7.*", "7.9.*", "9.1.1", "9.2.1",
               "10.*"]

# libwebsockets keeps one pending pong per connection and drops a ping that arrives while one
# is pending (roles/ws/ops-ws.c: "DROP PING since one pending"). Cases 2.10 and 2.11 send ten
# pings in one burst and expect ten pongs; lws answers the first. RFC 6455 5.5.3 lets an
# endpoint answer only the most recent of several pings; the suite's expectation says itself
# that this "is not required by the Spec". Not fixable above the library.
KNOWN_LIBRARY_LIMITS = {"2.10", "2.11"}
BAD_BEHAVIOR = {"FAILED", "ERROR"}
BAD_CLOSE = {"FAILED", "UNCLEAN", "WRONG CODE", "FAILED BY CLIENT"}


def run_cases(port, cases, parallelism):
    async def run():
        try:
            return await kosoku().run_fuzzingclient(
                f"ws://127.0.0.1:{port}/echo", cases, None, concurrency=parallelism)
        except kosoku().FailureError as failure:
            return failure.results
    # A thread of its own: another suite's Playwright (sync API) may own this thread's event
    # loop, and asyncio.run refuses to nest.
    with concurrent.futures.ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(asyncio.run, run()).result()


def test_autobahn_cases_against_the_echo_endpoint(start_server):
    kosoku()  # fails here, before any server starts, when it is missing
    server = start_server("--echo")
    cases = FULL_SECTIONS if FULL else QUICK_CASES
    results = run_cases(server.port, cases, parallelism=1 if FULL else 2)
    assert results, "kosoku ran no case"
    counts = collections.Counter()
    by_outcome = collections.defaultdict(list)
    failures = []
    for result in results:
        behavior, close = result.behavior.value, result.behavior_close.value
        counts[behavior] += 1
        if behavior != "OK":
            by_outcome[behavior].append(result.case_id)
        if (behavior in BAD_BEHAVIOR or close in BAD_CLOSE) \
                and result.case_id not in KNOWN_LIBRARY_LIMITS:
            failures.append(f"{result.case_id}: {behavior}/{close}")
    summary = {"cases": len(results), "sections": cases, "counts": dict(counts),
               "not_ok": {key: value for key, value in by_outcome.items()}}
    print("\nautobahn: " + json.dumps(summary))
    out = os.environ.get("RELIABILITY_FIGURES")
    if out:
        with open(out, "a") as file:
            file.write(json.dumps({"autobahn": summary}) + "\n")
    assert not failures, failures
    assert server.alive
    if FULL:
        assert len(results) >= 300  # sections 1-7, 9 and 10 hold 301 cases


def test_echo_is_off_without_the_flag(server):
    from reliability_support import RawClient
    client = RawClient(server.port, path="/echo", protocol=None)
    assert client.status in (400, 404)
    client.close()


def test_echo_refuses_the_live_subprotocol_and_live_refuses_echo(start_server):
    from reliability_support import RawClient
    server = start_server("--echo")
    client = RawClient(server.port, path="/echo", protocol="tagcloud.v1")
    assert client.status == 400
    client.close()
    client = RawClient(server.port, path="/live", protocol="tagcloud.echo, tagcloud.v1")
    assert client.status == 400
    client.close()
    client = RawClient(server.port, path="/live", protocol=None)
    assert client.status == 400
    client.close()


def test_http_is_unchanged_with_echo_on(start_server):
    from reliability_support import raw_http
    server = start_server("--echo")
    for path, needle in (("/", b"reliability"), ("/healthz", b"ok"), ("/sub/page.html", b"inside")):
        reply = raw_http(server.port, f"GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
                         .encode())
        assert reply.startswith(b"HTTP/1.1 200") and needle in reply, (path, reply[:200])
