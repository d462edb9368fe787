"""Every snippet a user copies from README.md, web/README.md (it ships in the package) and
docs/ELEMENT.md runs as written, against the package `make dist` packed, installed offline into a
scratch project and served from there on 127.0.0.1 (as a web developer's own site would serve
its node_modules), in Chromium.

Every fenced code block of those files is a snippet and is run, by its language:

- `html`: a page whose body is the snippet (a snippet that starts with `<!doctype` is the whole
  page). No request may fail or answer >= 400, nothing may go to the console as an error (nor a
  warning of the element's), no uncaught error; `<glass-tag-cloud>` must be defined, and every
  cloud on the page laid out by the package's Wasm core.
- `css`: a recipe, linked into the page of the nearest `html` snippet above it: every rule's
  selector must match (a `::part()` a part of a cloud's shadow tree), and every declaration must
  be in force there (the computed value is the declared one: kept by the browser and not
  overridden).
- `js`: an ES module run by node 20 in the scratch project (bare names resolve through its
  node_modules, as a bundler's do).
- `sh`: each command must be `npm install PATH`, run by bash in a new scratch project where the
  tarball is at PATH's folder under its own name (so a stale version in a snippet fails); the
  package must then be installed at the build's version.

A block that is not meant to run says so, and why, on the line before its fence:
`<!-- snippet: not runnable, because REASON -->`. An `html` block that continues the page of the
`html` snippet above (markup that needs the element already loaded) says
`<!-- snippet: on the page above -->`. Anything else (another language, no language, a command
other than `npm install`) fails: a new snippet is tested by default.

Broken once each to watch them fail: the README's import map naming a file the package does not
have (as the docs did before the package had its root entry) failed its embed snippet with a
404, a failed request and an undefined element; `npm install ./glass-tag-cloud-0.1.0.tgz`
failed web/README's install snippet (no such file); the light recipe with `--glass-rim` misspelt
`--glass-rime` failed (not a property the element reads), and with `::part(tag selected)`
written `::part(tag chosen)` (matches nothing); an unmarked ``` block (the update-cycle diagram
without its marker) failed as "not a runnable language".
"""

from __future__ import annotations

import dataclasses
import json
import re
import shutil
import subprocess

import pytest

from support.package import NPM_ENV, VERSION, install, npm_tarball, scratch_project
from support.paths import REPO
from support.placement import wait_placed
from support.static_files import FolderServer

DOCS = ["README.md", "web/README.md", "docs/ELEMENT.md"]
MARKER = re.compile(r"^<!--\s*snippet:\s*(.*?)\s*-->\s*$")
FENCE = re.compile(r"^(```+|~~~+)\s*([\w-]*)(.*)$")


@dataclasses.dataclass
class Snippet:
    doc: str
    line: int  # of the opening fence, 1-based
    language: str
    code: str
    marker: str | None  # the `<!-- snippet: ... -->` before it, or None
    page_above: "Snippet | None" = None  # for css and continued html: the html snippet above

    @property
    def name(self) -> str:
        return f"{self.doc}:{self.line}:{self.language or 'plain'}"

    @property
    def runnable(self) -> bool:
        return not (self.marker or "").startswith("not runnable")

    def page_html(self) -> str:
        """The html of this snippet's page: its own, after the page above when it continues it."""
        own = self.code if self.language == "html" else ""
        if self.page_above is not None:
            return self.page_above.page_html() + "\n" + own
        return own


def extract(doc: str) -> list[Snippet]:
    """Every fenced block of `doc` (a path under the repository), in order."""
    lines = (REPO / doc).read_text().split("\n")
    snippets: list[Snippet] = []
    i = 0
    while i < len(lines):
        opening = FENCE.match(lines[i])
        if not opening:
            i += 1
            continue
        fence, language = opening.group(1), opening.group(2).lower()
        before = next((lines[j] for j in range(i - 1, -1, -1) if lines[j].strip()), "")
        marked = MARKER.match(before.strip())
        end = i + 1
        while end < len(lines) and not lines[end].startswith(fence[0] * len(fence)):
            end += 1
        snippet = Snippet(doc, i + 1, language, "\n".join(lines[i + 1:end]), marked.group(1) if marked else None)
        html_above = next((s for s in reversed(snippets) if s.language == "html" and s.runnable), None)
        if language == "css" or (language == "html" and snippet.marker == "on the page above"):
            snippet.page_above = html_above
        snippets.append(snippet)
        i = end + 1
    return snippets


SNIPPETS = [snippet for doc in DOCS for snippet in extract(doc)]
RUNNABLE = [snippet for snippet in SNIPPETS if snippet.runnable]


def test_every_doc_has_a_tested_embed_snippet_and_every_excuse_gives_a_reason():
    for doc in DOCS:
        assert any(s.doc == doc and s.language == "html" and s.runnable for s in SNIPPETS), f"{doc}: no html snippet"
    for snippet in SNIPPETS:
        if not snippet.runnable:
            reason = snippet.marker.removeprefix("not runnable").strip(" ,:")
            assert reason.startswith("because ") and len(reason) > len("because ") + 10, (
                f"{snippet.name}: say why it is not runnable: <!-- snippet: not runnable, because ... -->")
        elif snippet.marker not in (None, "on the page above"):
            pytest.fail(f"{snippet.name}: unknown marker '{snippet.marker}'")


# ---- The scratch project ----------------------------------------------------------------------

@pytest.fixture(scope="module")
def project(tmp_path_factory):
    """A web developer's project with the package installed, served from its root."""
    folder = scratch_project(tmp_path_factory.mktemp("snippets"))
    install(folder, npm_tarball())
    with FolderServer(folder) as server:
        yield folder, server


def write_page(folder, name: str, snippet: Snippet, css: str | None = None) -> str:
    html = snippet.page_html()
    if not html.lstrip().lower().startswith("<!doctype"):
        html = ("<!doctype html><html lang='en'><head><meta charset='utf-8'><title>snippet</title>"
                "<link rel='icon' href='data:,'></head>\n<body>\n" + html + "\n</body></html>")
    if css is not None:
        (folder / f"{name}.css").write_text(css)
        html = html.replace("</body>", f"<link rel='stylesheet' href='/{name}.css'></body>")
    (folder / f"{name}.html").write_text(html)
    return f"{name}.html"


def open_page(page, server, path: str) -> list[str]:
    """Opens the page and waits for every cloud to be laid out by the core; what went wrong."""
    problems: list[str] = []
    page.on("pageerror", lambda error: problems.append(f"page error: {error}"))
    page.on("console", lambda message: (message.type == "error" or (
        message.type == "warning" and "glass-tag-cloud" in message.text)) and problems.append(
        f"console.{message.type}: {message.text}"))
    page.on("requestfailed", lambda request: problems.append(f"failed request: {request.url}"))
    page.on("response", lambda response: response.status >= 400 and problems.append(
        f"{response.status} {response.url}"))
    page.goto(server.url + path)
    try:
        page.wait_for_function("() => customElements.get('glass-tag-cloud') !== undefined", timeout=10_000)
    except Exception:  # noqa: BLE001 - reported with what the page said
        problems.append("<glass-tag-cloud> was never defined")
        return problems
    if page.evaluate("() => document.querySelectorAll('glass-tag-cloud').length"):
        wait_placed(page, sources=("wasm",), timeout=15)
    return problems


def run_html(snippet: Snippet, page, project) -> None:
    folder, server = project
    problems = open_page(page, server, write_page(folder, f"snippet-{snippet.line}", snippet))
    assert not problems, f"{snippet.name}:\n" + "\n".join(problems)


CSS_IN_FORCE = """(rules) => {
  const failures = [];
  for (const { selector, declarations } of rules) {
    for (const single of selector.split(',').map((s) => s.trim())) {
      const part = /^(.*)::part\\(([^)]*)\\)$/.exec(single);
      const hosts = [...document.querySelectorAll(part ? part[1] : single)];
      const targets = part
        ? hosts.flatMap((host) => [...(host.shadowRoot?.querySelectorAll(
            part[2].trim().split(/\\s+/).map((name) => `[part~="${name}"]`).join('')) ?? [])])
        : hosts;
      if (!targets.length) { failures.push(`${single}: matches nothing`); continue; }
      for (const [property, value] of declarations) {
        let expected = value.trim();
        if (!property.startsWith('--')) {
          const probe = document.createElement('div');
          probe.style.setProperty(property, value);
          if (!probe.style.getPropertyValue(property)) { failures.push(`${single} { ${property}: ${value} }: not valid CSS`); continue; }
          document.body.append(probe);
          expected = getComputedStyle(probe).getPropertyValue(property);
          probe.remove();
        }
        for (const target of targets) {
          const actual = getComputedStyle(target).getPropertyValue(property).trim();
          if (actual !== expected) failures.push(`${single} { ${property}: ${value} }: in force is ${JSON.stringify(actual)}`);
        }
      }
    }
  }
  return failures;
}"""


def css_rules(css: str) -> list[dict]:
    """The recipe's rules: a selector and its declarations, in order (recipes are flat)."""
    css = re.sub(r"/\*.*?\*/", "", css, flags=re.S)
    assert "@" not in css, "a recipe with at-rules: test it in a page of its own"
    rules = []
    for selector, body in re.findall(r"([^{}]+)\{([^{}]*)\}", css):
        declarations = [tuple(part.strip() for part in declaration.split(":", 1))
                        for declaration in body.split(";") if declaration.strip()]
        rules.append({"selector": " ".join(selector.split()), "declarations": declarations})
    assert rules, "no rule"
    return rules


def run_css(snippet: Snippet, page, project) -> None:
    assert snippet.page_above is not None, f"{snippet.name}: a css recipe needs an html snippet above it to style"
    folder, server = project
    # A custom property the recipe sets must be one the element reads (a typo would set nothing).
    read = set(re.findall(r"var\(\s*(--[\w-]+)", (folder / "node_modules/glass-tag-cloud/src/element/styles.css").read_text()))
    for rule in css_rules(snippet.code):
        for property, _ in rule["declarations"]:
            assert not property.startswith("--") or property in read, (
                f"{snippet.name}: {property} is not a custom property the element reads (styles.css)")
    problems = open_page(page, server, write_page(folder, f"snippet-{snippet.line}", snippet, css=snippet.code))
    assert not problems, f"{snippet.name}:\n" + "\n".join(problems)
    failures = page.evaluate(CSS_IN_FORCE, css_rules(snippet.code))
    assert not failures, f"{snippet.name}:\n" + "\n".join(failures)


def run_js(snippet: Snippet, project) -> None:
    folder, _ = project
    script = folder / f"snippet-{snippet.line}.mjs"
    script.write_text(snippet.code + "\n")
    result = subprocess.run(["node", str(script)], cwd=folder, capture_output=True, text=True, timeout=60)
    assert result.returncode == 0 and not result.stderr, f"{snippet.name}:\n{result.stdout}\n{result.stderr}"


def commands(code: str) -> list[str]:
    """The block's commands: continuation lines joined, comments and blank lines dropped."""
    joined = re.sub(r"\\\n", " ", code)
    found = []
    for line in joined.split("\n"):
        line = re.sub(r"(^|\s)#.*$", "", line).strip()
        if line:
            found.append(line)
    return found


def run_sh(snippet: Snippet, tmp_path) -> None:
    lines = commands(snippet.code)
    assert lines, f"{snippet.name}: no command"
    for line in lines:
        words = line.split()
        assert words[:2] == ["npm", "install"] and len(words) == 3, (
            f"{snippet.name}: '{line}' is not a command this test runs (npm install PATH); "
            "mark the block <!-- snippet: not runnable, because ... -->")
        folder = scratch_project(tmp_path / f"sh-{snippet.line}")
        # The tarball where the command looks for it, under its own name.
        where = folder / (words[2].rsplit("/", 1)[0] if "/" in words[2] else ".")
        where.mkdir(parents=True, exist_ok=True)
        shutil.copy(npm_tarball(), where / npm_tarball().name)
        result = subprocess.run(["bash", "-c", line], cwd=folder, env=NPM_ENV, capture_output=True, text=True,
                                timeout=120)
        assert result.returncode == 0, f"{snippet.name}: '{line}' failed:\n{result.stdout}\n{result.stderr}"
        installed = json.loads((folder / "node_modules/glass-tag-cloud/package.json").read_text())
        assert installed["version"] == VERSION, (snippet.name, installed["version"])


@pytest.mark.parametrize("snippet", RUNNABLE, ids=[snippet.name for snippet in RUNNABLE])
def test_the_snippet_runs_as_written(snippet, page, project, tmp_path):
    if snippet.language == "html":
        run_html(snippet, page, project)
    elif snippet.language == "css":
        run_css(snippet, page, project)
    elif snippet.language in ("js", "javascript", "mjs"):
        run_js(snippet, project)
    elif snippet.language in ("sh", "shell", "bash", "console"):
        run_sh(snippet, tmp_path)
    else:
        pytest.fail(f"{snippet.name}: '{snippet.language or '(no language)'}' is not a runnable language; "
                    "mark the block <!-- snippet: not runnable, because ... -->")
