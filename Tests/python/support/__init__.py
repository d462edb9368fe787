"""What the Python test suites share, in one package (Tests/python/support/): the repository's
paths, free ports, the `tagcloud` binary and its clients, the static hosts, the shared chromium,
the page guard, the demo page's surface and the one wait for a placed cloud.

Imported as a package (`from support.placement import wait_placed`), never by a path insert:
Tests/python is on the path because pytest puts it there (`pythonpath = .` in
Tests/python/pytest.ini); the scripts and benchmarks that use it run with
`PYTHONPATH=Tests/python` (the Makefile's targets set it).

- ``support.paths``: REPO, WEB, ARTIFACTS, TAGCLOUD_DEBUG
- ``support.ports``: free_port()
- ``support.waiting``: wait_until(predicate, timeout=, what=, ...), the one polling wait; every
  other wait helper is built on it (or is the browser's own wait in the page)
- ``support.requirements``: require(...), require_module, require_executable, allowed_skips
- ``support.serve_process``: the `tagcloud serve` process (ServeProcess: every suite's server),
  serve_flags, tagcloud_binary (re-exported by support.harness)
- ``support.harness``: raw HTTP and WebSocket clients, the protocol's names
- ``support.server_fixtures``: ``serve``, the one server fixture (a pytest plugin loaded for every
  suite); the suites' live_server, live_server_factory, start_server, server are aliases of it
- ``support.workers``: connections pinned to one worker of `tagcloud serve --workers N`
- ``support.static_files``: FolderServer, StaticServer (web/ and the fixtures), the deployment's CSP
- ``support.chromium``: shared_chromium(), CHROMIUM
- ``support.page_guard``: PageGuard and the in-page guard for WebKit and Firefox
- ``support.placement``: wait_placed(page or engine, ...), settle(...)
- ``support.demo_page``: what the tests read from the demo page (browser suite, engines, scripts)
- ``support.browser_fixtures``: the browser fixtures (browser, context, page, static_server,
  live_server, page_guard), a pytest plugin Tests/python/conftest.py loads for every suite
- ``support.cluster``, ``support.recorded_client``: instances behind nginx (tests, make cluster,
  bench/py/capacity.py, bench/py/blackhole.py)
"""
