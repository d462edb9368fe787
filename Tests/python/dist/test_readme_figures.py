"""Every figure README.md states is checked here against the build: a number in its prose that
this test does not know fails it, so a figure cannot go stale unseen (the README once said
24,545 bytes gzip for a module of 24,553).

The figures are the README's text outside code blocks, HTML comments and link targets. Each
known one is checked: the Wasm core's gzip size (`gzip -9 -c web/tagcloud.wasm | wc -c`, as
Tests/node/module.test.mjs and `make wasm` measure it) against the "at most 24 KB gzipped" it
states; the port `make run` serves on against the Makefile's. "iOS 26" is a name.

Broken once to watch it fail: a README line "(24,553 bytes)" failed as an unknown figure; the
budget stated as 23 KB failed against the module's size.
"""

from __future__ import annotations

import re
import subprocess

from support.paths import REPO

README = REPO / "README.md"


def prose(text: str) -> str:
    text = re.sub(r"^(```|~~~).*?^\1\s*$", "", text, flags=re.S | re.M)
    text = re.sub(r"<!--.*?-->", "", text, flags=re.S)
    return re.sub(r"\]\([^)]*\)", "]", text)  # link and image targets


def gzip_size(path) -> int:
    return len(subprocess.run(["gzip", "-9", "-c", str(path)], capture_output=True, check=True).stdout)


def check_wasm_budget(context: str) -> None:
    stated = int(re.search(r"at most (\d+) KB gzipped", context).group(1))
    size = gzip_size(REPO / "web" / "tagcloud.wasm")
    assert size <= stated * 1024, f"README: at most {stated} KB gzipped, but web/tagcloud.wasm is {size} bytes gzipped"


def check_port(context: str) -> None:
    port = re.search(r"^PORT\s*\?=\s*(\d+)", (REPO / "Makefile").read_text(), re.M).group(1)
    assert f"localhost:{port}" in context, context


KNOWN = {
    # figure: (what it is, where it stands, its check)
    "26": ("iOS 26, a name", r"iOS 26", None),
    "24": ("the Wasm core's gzip budget", r"at most 24 KB gzipped", check_wasm_budget),
}


def test_every_figure_in_the_readme_is_known_and_checked():
    text = prose(README.read_text())
    figures = re.findall(r"(?<![\w.-])\d[\d,.]*\d|(?<![\w.-])\d(?![\w])", text)
    unknown = [figure for figure in figures if figure not in KNOWN]
    assert not unknown, f"README.md states figures this test does not check: {unknown}"
    for figure, (what, pattern, check) in KNOWN.items():
        found = re.search(pattern, text)
        if found is None:
            continue  # no longer stated
        if check:
            check(text[max(0, found.start() - 200):found.end() + 200])


def test_the_two_commands_serve_where_the_readme_says():
    blocks = re.findall(r"^```sh\n(.*?)^```", README.read_text(), flags=re.S | re.M)
    commands = next(block for block in blocks if "make run" in block)
    check_port(commands)
