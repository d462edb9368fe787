"""The loop `tagcloud serve` waits on: epoll (libev, driven by lws's libev plugin) where the
machine has it, lws's own poll() loop otherwise or when TAGCLOUD_EVENT_LOOP=poll asks for it
(docs/SERVER.md, "Event loop: epoll"). The start line names the loop, so an install that
silently fell back to poll() (a missing plugin, a plugin that would not start) is seen here:
`make test` installs libwebsockets-dev, which brings libwebsockets-evlib-ev and libev.

Breaking it: `EventLoop.make()` returning the poll loop always fails the epoll tests; a loop
that is named but not handed to lws (`configure` doing nothing) still says epoll, but then
`serviceOnce` runs a libev loop that watches no socket and no layout ever comes back. Each
worker serves a layout through a connection it answers (support.workers), not four connections
spread by the kernel, which all missed one worker about one run in eight.
"""

import ctypes.util

from server_support import measure_message, open_live, receive_type, send
from support.requirements import require
from support.server_log import workers_ready
from support.workers import connect_from, on_every_worker

PLUGIN = "libwebsockets-evlib_ev.so"


def require_plugin() -> None:
    """lws's libev plugin and libev, as the server loads them; a missing one fails the test."""
    try:
        ctypes.CDLL(PLUGIN)
        installed = ctypes.util.find_library("ev") is not None
    except OSError:
        installed = False
    require("libwebsockets-evlib-ev", installed,
            "apt-get install libwebsockets-evlib-ev libev4 (libwebsockets-dev brings both)")


def served_a_layout(server, source_port=None) -> None:
    ws, _ = open_live(server, sock=connect_from(server.port, source_port))
    with ws:
        send(ws, measure_message())
        send(ws, {"type": "viewport", "width": 390})
        assert receive_type(ws, "layout")["items"]


def start_line(server) -> str:
    return next(line for line in server.log if "listening on" in line)


def test_serves_on_epoll_where_the_plugin_is_installed(start_server):
    require_plugin()
    server = start_server()
    assert ", epoll, pid " in start_line(server), server.log
    served_a_layout(server)


def test_tagcloud_event_loop_poll_keeps_lws_own_loop(start_server):
    server = start_server(env={"TAGCLOUD_EVENT_LOOP": "poll"})
    assert ", poll, pid " in start_line(server), server.log
    served_a_layout(server)


def test_every_worker_runs_on_epoll(start_server):
    require_plugin()
    server = start_server("--workers", "2", "--drain-grace", "0")
    ready = workers_ready(server.log)
    assert [worker.event_loop for worker in ready] == ["epoll", "epoll"], server.log
    for worker, source in on_every_worker(server.port, {"1", "2"}):  # each serves a layout
        served_a_layout(server, source)
