"""The release artefacts of `make dist`, installed and run as their users would, offline:

- a web developer's scratch project does `npm install ./dist/glass-tag-cloud-VERSION.tgz`, then
  node imports `glass-tag-cloud/core` and lays out a request, and a page in Chromium loads the
  element through an import map that points into that project's `node_modules`;
- the same from a git clone of the repository (`npm install ./clone/web`: npm cannot install a
  subdirectory of a git URL directly, see docs/ELEMENT.md);
- an operator unpacks dist/tagcloud-VERSION-linux-ARCH.tar.gz in a temporary folder and serves
  the demo with its own `bin/tagcloud serve --web web`.

And one version everywhere: web/package.json (where it lives), the tarball's name and its
package.json, `tagcloud --version` (debug build and released binary), the `tagcloud_build_info`
gauge of `/metrics`, and CHANGELOG.md (the latest release, or `[Unreleased]` for a `-dev`
version), which ships in the tarball and the archive.

`make test` builds the artefacts first (`test-python` depends on `dist`); a missing artefact is a
failure that says to run `make dist`, never a skip.

Tried against breakage: with "label-metrics.js" dropped from `files` in web/package.json, the
file-list test and the import-map page test failed (the element's import answered 404); with the
version written by hand into Usage.swift ("tagcloud 0.0.9"), the version test failed.
"""

from __future__ import annotations

import json
import os
import pathlib
import re
import subprocess
import tarfile
import urllib.request

import pytest

from support.chromium import CHROMIUM, shared_chromium
from support.harness import ServeProcess, tagcloud_binary
from support.package import NPM_ENV, PACKAGE_JSON, VERSION, artefact, install, npm_tarball, run, scratch_project
from support.paths import REPO
from support.placement import wait_placed
from support.static_files import FolderServer

REQUEST = {"width": 200, "spacing": 10, "tags": [
    {"id": "SwiftUI", "size": [96, 40]}, {"id": "Layout", "size": [80, 40]}, {"id": "Glass", "size": [70, 40]}]}


def release_archive() -> pathlib.Path:
    return artefact(f"tagcloud-{VERSION}-linux-{os.uname().machine}.tar.gz")


def module_closure(entry: pathlib.Path, root: pathlib.Path) -> set[str]:
    """The files a page needs for `entry`, relative to the package's `root`: its relative static
    imports and re-exports and the files it fetches relative to itself (`new URL("./x", import.meta.url)` or
    `new URL('x', import.meta.url)`), followed through every imported module: a plain reference,
    independent of package.json."""
    pattern = re.compile(
        r"""(?:^\s*(?:import|export)\s[^;]*?from\s*|^\s*import\s*)["'](\.[^"']+)["']"""
        r"""|new URL\(\s*["']([^"']+)["']\s*,\s*import\.meta\.url\s*\)""",
        re.MULTILINE)
    seen: set[str] = set()
    pending = [entry.resolve()]
    while pending:
        path = pending.pop()
        name = path.relative_to(root.resolve()).as_posix()
        if name in seen:
            continue
        seen.add(name)
        assert path.exists(), f"{name} is referenced but not in the package"
        if path.suffix == ".js":
            for imported, fetched in pattern.findall(path.read_text()):
                pending.append((path.parent / (imported or fetched)).resolve())
    return seen


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> pathlib.Path:
    """A scratch project with the tarball installed from disk, offline."""
    return install(scratch_project(tmp_path_factory.mktemp("web-project")), npm_tarball())


@pytest.fixture(scope="module")
def browser():
    with shared_chromium(CHROMIUM) as chromium:
        yield chromium


def node_layout(project: pathlib.Path) -> dict:
    script = (
        "import { loadTagCloudCore } from 'glass-tag-cloud/core';"
        "const core = await loadTagCloudCore();"
        f"process.stdout.write(JSON.stringify(core.layout({json.dumps(REQUEST)})));")
    return json.loads(run(["node", "--input-type=module", "-e", script], cwd=project).stdout)


def expected_layout() -> dict:
    """The native core's answer to the same request: what the package must reproduce."""
    return json.loads(run([str(tagcloud_binary()), "layout"], input=json.dumps(REQUEST)).stdout)


# ---- The npm package --------------------------------------------------------------------------

def test_the_package_holds_exactly_what_a_page_needs():
    with tarfile.open(npm_tarball()) as archive:
        packed = {name.removeprefix("package/") for name in archive.getnames()}
    web = REPO / "web"
    manifest = json.loads(PACKAGE_JSON.read_text())
    # Every entry point, and what the JavaScript ones import and fetch.
    targets = [target for entry in manifest["exports"].values()
               for target in (entry.values() if isinstance(entry, dict) else [entry])]
    needed = {target.removeprefix("./") for target in targets}
    for target in targets:
        if target.endswith(".js"):
            needed |= module_closure(web / target, web)
    needed |= {"README.md", "LICENSE", "CHANGELOG.md"}
    assert packed == needed, (
        f"missing from the package: {sorted(needed - packed)}; not needed by a page: {sorted(packed - needed)}")
    with tarfile.open(npm_tarball()) as archive:
        assert archive.extractfile("package/CHANGELOG.md").read() == (REPO / "CHANGELOG.md").read_bytes()


def test_the_manifest_names_entry_points_types_and_side_effects():
    manifest = json.loads(PACKAGE_JSON.read_text())
    assert manifest["name"] == "glass-tag-cloud"
    assert manifest["type"] == "module"
    assert manifest["license"] == "MIT"
    assert not manifest.get("dependencies"), "the package has no dependencies"
    exports = manifest["exports"]
    # The entry points users import; where they sit inside the package is the package's business,
    # except the element's, which sits at the root so that an import map names it plainly.
    assert set(exports) == {".", "./core", "./styles.css", "./before-defined.css", "./tagcloud.wasm", "./package.json"}
    assert exports["."] == {"types": "./src/element/glass-tag-cloud.d.ts", "default": "./glass-tag-cloud.js"}
    assert manifest["main"] == "./glass-tag-cloud.js"
    assert exports["./core"] == {"types": "./src/core/tagcloud-core.d.ts", "default": "./src/core/tagcloud-core.js"}
    assert exports["./styles.css"] == "./src/element/styles.css" and exports["./tagcloud.wasm"] == "./tagcloud.wasm"
    assert exports["./before-defined.css"] == "./src/element/before-defined.css"
    # Only importing the element defines custom elements; the core has no side effect.
    assert manifest["sideEffects"] == ["./glass-tag-cloud.js", "./src/element/glass-tag-cloud.js"]
    for target in [exports["."]["types"], exports["."]["default"], exports["./core"]["types"], exports["./core"]["default"],
                   exports["./before-defined.css"]]:
        assert (REPO / "web" / target).exists(), target


def test_node_imports_the_core_from_the_installed_tarball(installed):
    assert json.loads((installed / "package.json").read_text())["version"] == VERSION
    assert (installed / "LICENSE").read_text() == (REPO / "LICENSE").read_text()
    assert node_layout(installed.parents[1]) == expected_layout()


def test_a_page_loads_the_element_through_an_import_map(installed, browser):
    project = installed.parents[1]
    tags = json.dumps([{"id": tag, "title": tag, "tint": "#0A84FF"} for tag in ("SwiftUI", "Layout", "Glass")])
    (project / "index.html").write_text(f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>scratch</title>
<link rel="icon" href="data:,">
<script type="importmap">
{{ "imports": {{ "glass-tag-cloud": "/node_modules/glass-tag-cloud/glass-tag-cloud.js",
                 "glass-tag-cloud/core": "/node_modules/glass-tag-cloud/src/core/tagcloud-core.js" }} }}
</script>
<script type="module" src="/app.js"></script></head>
<body><main><glass-tag-cloud aria-label="Interests" spacing="10" style="width: 200px"></glass-tag-cloud></main></body></html>
""")
    (project / "app.js").write_text(
        "import 'glass-tag-cloud';\n"
        f"document.querySelector('glass-tag-cloud').tags = {tags};\n")
    with FolderServer(project) as server:
        context = browser.new_context(viewport={"width": 400, "height": 300})
        try:
            page = context.new_page()
            problems = []
            page.on("pageerror", lambda error: problems.append(f"page error: {error}"))
            page.on("console", lambda message: message.type == "error" and problems.append(message.text))
            page.on("response", lambda response: response.status >= 400 and problems.append(f"{response.status} {response.url}"))
            page.goto(server.url + "index.html")
            wait_placed(page, sources=("wasm",), timeout=15)
            shown = page.evaluate("""() => {
                const cloud = document.querySelector('glass-tag-cloud');
                const origin = cloud.getBoundingClientRect();
                return [...cloud.shadowRoot.querySelectorAll('button[data-tag-id]')].map((button) => {
                    const r = button.getBoundingClientRect();
                    return { id: button.dataset.tagId, x: r.x - origin.x, y: r.y - origin.y, w: r.width, h: r.height };
                });
            }""")
            layout = page.evaluate("() => document.querySelector('glass-tag-cloud').layout")
        finally:
            context.close()
    assert not problems, problems
    assert [button["id"] for button in shown] == ["SwiftUI", "Layout", "Glass"]
    for button, item in zip(shown, layout["items"]):
        assert button["w"] > 0 and button["h"] > 0
        for key in ("x", "y", "w", "h"):
            assert abs(button[key] - item[key]) <= 0.5, (button, item)


def test_a_git_clone_installs_its_web_folder(tmp_path):
    clone = tmp_path / "clone"
    run(["git", "clone", "--quiet", "--depth", "1", f"file://{REPO}", str(clone)])
    # A fresh clone has no build products: the committed module is what it ships.
    project = scratch_project(tmp_path / "project")
    run(["npm", "install", "--no-save", str(clone / "web")], cwd=project, env=NPM_ENV)
    assert node_layout(project) == expected_layout()


# ---- The server's release archive --------------------------------------------------------------

@pytest.fixture(scope="module")
def unpacked(tmp_path_factory) -> pathlib.Path:
    folder = tmp_path_factory.mktemp("release")
    with tarfile.open(release_archive()) as archive:
        archive.extractall(folder, filter="data")
    (root,) = folder.iterdir()
    assert root.name == f"tagcloud-{VERSION}-linux-{os.uname().machine}"
    return root


def test_the_release_archive_holds_the_server_and_what_it_serves(unpacked):
    for name in ("bin/tagcloud", "README.md", "LICENSE", "CHANGELOG.md", "web/index.html", "web/tagcloud.wasm"):
        assert (unpacked / name).is_file(), name
    tracked = subprocess.run(["git", "ls-files", "web"], cwd=REPO, capture_output=True, text=True, check=True).stdout.split()
    missing = [name for name in tracked if (REPO / name).is_file() and not (unpacked / name).is_file()]
    assert not missing, f"web/ files missing from the archive: {missing}"
    # Stripped, and the Swift runtime linked in: only the system's libraries are needed.
    assert ".symtab" not in run(["readelf", "-S", str(unpacked / "bin" / "tagcloud")]).stdout
    libraries = run(["ldd", str(unpacked / "bin" / "tagcloud")]).stdout
    assert "libswift" not in libraries and "not found" not in libraries, libraries


def test_the_released_server_serves_the_demo_from_its_own_web_folder(unpacked, browser):
    server = ServeProcess(["--host", "127.0.0.1", "--port", "0", "--web", "web"],
                          cwd=unpacked, binary=unpacked / "bin" / "tagcloud")
    try:
        base = f"http://127.0.0.1:{server.port}/"
        with urllib.request.urlopen(base) as response:
            assert response.read() == (unpacked / "web" / "index.html").read_bytes()
        with urllib.request.urlopen(base + "tagcloud.wasm") as response:
            assert response.read() == (unpacked / "web" / "tagcloud.wasm").read_bytes()
        context = browser.new_context(viewport={"width": 390, "height": 844})
        try:
            page = context.new_page()
            page.goto(base)
            page.wait_for_function(
                "() => document.querySelectorAll('button[data-tag-id]').length"
                " + [...document.querySelectorAll('glass-tag-cloud')].reduce((n, c) =>"
                " n + (c.shadowRoot?.querySelectorAll('button[data-tag-id]').length ?? 0), 0) === 10",
                timeout=15000)
        finally:
            context.close()
    finally:
        server.stop()


# ---- One version everywhere -------------------------------------------------------------------

def test_one_version_everywhere(unpacked):
    assert re.fullmatch(r"\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?", VERSION)
    for binary in (tagcloud_binary(), unpacked / "bin" / "tagcloud"):
        assert run([str(binary), "--version"]).stdout == f"tagcloud {VERSION}\n"
    with tarfile.open(npm_tarball()) as archive:
        assert json.load(archive.extractfile("package/package.json"))["version"] == VERSION
    # The changelog accounts for it: a release is its newest section; a development version
    # (X.Y.Z-dev) claims [Unreleased] and comes after the newest release (test_release_rule.py).
    changelog = (REPO / "CHANGELOG.md").read_text()
    releases = re.findall(r"^## \[(\d[^\]]*)\]", changelog, re.MULTILINE)
    if "-" in VERSION:
        assert "\n## [Unreleased]\n" in changelog and VERSION.split("-")[0] not in releases, (VERSION, releases)
    else:
        assert releases and releases[0] == VERSION, f"CHANGELOG.md's latest release is {releases[:1]}, the version {VERSION}"
    server = ServeProcess(["--host", "127.0.0.1", "--port", "0", "--web", "web"], cwd=REPO)
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{server.port}/metrics") as response:
            metrics = response.read().decode()
    finally:
        server.stop()
    assert f'tagcloud_build_info{{version="{VERSION}"}} 1\n' in metrics
