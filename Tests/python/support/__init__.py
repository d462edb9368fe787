"""What the Python test suites share, in one package (Tests/python/support/): the repository's
paths, free ports, the `tagcloud` binary and its clients, the static hosts, the shared chromium,
the page guard, the demo page's surface and the one wait for a placed cloud.

Importable because Tests/python is on the path: pytest puts it there (`pythonpath = .` in
Tests/python/pytest.ini); the scripts and benchmarks that use it run with
`PYTHONPATH=Tests/python` (the Makefile's targets set it).

- ``support.paths``: REPO, WEB, ARTIFACTS, TAGCLOUD_DEBUG
- ``support.ports``: free_port()
- ``support.requirements``: require(...), require_module, require_executable, allowed_skips
- ``support.harness``: the `tagcloud serve` process, raw HTTP and WebSocket clients
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
