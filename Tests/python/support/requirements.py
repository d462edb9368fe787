"""Dependencies a test needs, and what happens when one is missing: the test FAILS, naming the
dependency and how to get it. A skip happens only when the run asks for it explicitly:

    TAGCLOUD_ALLOW_SKIP=chromium,kosoku make test     # or `all`

and then the run's summary (Tests/python/conftest.py) says how many were skipped and why. Any
other skip (a bare ``pytest.skip``, ``importorskip``, a ``skipif`` mark) is turned into a failure
by that conftest, so that a broken install step can never turn part of the suite green.

The stable API (other branches use it; extend, do not rename):

- ``require(name, available, how_to_get) -> available``: ``available`` is the thing found (a
  path, a module, True) or something falsy when it is missing. Returns it when present.
- ``require_module(name, how_to_get)``: imports module `name` or requires it missing.
- ``require_executable(name, how_to_get, path=None)``: the executable's path (``shutil.which``).
- ``allowed_skips()``: the names TAGCLOUD_ALLOW_SKIP lists.

Example, for a suite that runs nginx:

    from support.requirements import require_executable
    NGINX = require_executable("nginx", "apt-get install nginx (make test runs scripts/install-deps.sh)")

(call it inside a fixture or test, not at import time, so that the failure is a test's.)
Names used so far: chromium, native, wasm, kosoku, node, nginx, git.
"""

from __future__ import annotations

import importlib
import os
import shutil

import pytest

ALLOW_VARIABLE = "TAGCLOUD_ALLOW_SKIP"
# Every allowed skip's reason starts with this, so the conftest can tell it from any other skip.
ALLOWED_SKIP_PREFIX = "allowed skip: missing "


def allowed_skips() -> set[str]:
    value = os.environ.get(ALLOW_VARIABLE, "")
    return {name.strip() for name in value.split(",") if name.strip()}


def skip_allowed(name: str) -> bool:
    allowed = allowed_skips()
    return name in allowed or "all" in allowed


def require(name: str, available, how_to_get: str):
    """`available` when truthy; otherwise fails the test ("missing dependency NAME: HOW"), or
    skips it when TAGCLOUD_ALLOW_SKIP lists NAME (or `all`)."""
    if available:
        return available
    if skip_allowed(name):
        pytest.skip(f"{ALLOWED_SKIP_PREFIX}{name} ({how_to_get})")
    pytest.fail(
        f"missing dependency {name}: {how_to_get}. (To skip instead, which the run's summary "
        f"reports: {ALLOW_VARIABLE}={name}.)", pytrace=False)


def require_module(name: str, how_to_get: str):
    try:
        module = importlib.import_module(name)
    except ImportError as error:
        require(name, None, f"{how_to_get} [{error}]")
    return module


def require_executable(name: str, how_to_get: str, path: str | None = None) -> str:
    found = shutil.which(path or name)
    return require(name, found, how_to_get)
