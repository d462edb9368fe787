"""The npm package as its users get it: the tarball `make dist` made, installed offline into a
scratch project (test_dist.py, test_doc_snippets.py).

    tarball = npm_tarball()                 # dist/glass-tag-cloud-VERSION.tgz, or the test fails
    install(project, tarball)               # npm install --no-save, offline
"""

from __future__ import annotations

import json
import os
import pathlib
import subprocess

import pytest

from support.paths import REPO

PACKAGE_JSON = REPO / "web" / "package.json"
VERSION = json.loads(PACKAGE_JSON.read_text())["version"]
# npm would reach the network only for its update notice, audit and funding: all off.
NPM_ENV = {
    **os.environ,
    "NO_UPDATE_NOTIFIER": "1",
    "npm_config_update_notifier": "false",
    "npm_config_audit": "false",
    "npm_config_fund": "false",
    "npm_config_offline": "true",
}


def artefact(name: str) -> pathlib.Path:
    """A file of dist/; a missing one fails the test, naming `make dist` (never a skip)."""
    path = REPO / "dist" / name
    if not path.exists():
        pytest.fail(f"{path} is missing: run 'make dist' (make test does) first")
    return path


def npm_tarball() -> pathlib.Path:
    return artefact(f"glass-tag-cloud-{VERSION}.tgz")


def run(args, **kwargs) -> subprocess.CompletedProcess:
    """Runs `args`; a non-zero exit fails the test with both outputs."""
    result = subprocess.run(args, capture_output=True, text=True, timeout=120, **kwargs)
    assert result.returncode == 0, f"{args} failed ({result.returncode}):\n{result.stdout}\n{result.stderr}"
    return result


def scratch_project(folder: pathlib.Path) -> pathlib.Path:
    """An empty npm project in `folder`, as a web developer starts one."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "package.json").write_text(json.dumps({"name": "scratch", "version": "1.0.0", "private": True}))
    return folder


def install(project: pathlib.Path, tarball: pathlib.Path) -> pathlib.Path:
    """`npm install --no-save TARBALL` in `project`, offline; the installed package's folder."""
    run(["npm", "install", "--no-save", str(tarball)], cwd=project, env=NPM_ENV)
    return project / "node_modules" / "glass-tag-cloud"
