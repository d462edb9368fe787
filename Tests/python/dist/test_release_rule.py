"""One version per build: `make dist` packs only a version CHANGELOG.md accounts for (the rule
at the top of CHANGELOG.md; scripts/check-changelog.mjs, run first by scripts/dist.sh).

Each refusal of the rule, each acceptance, and `scripts/dist.sh` itself refusing before it
builds anything; then the repository as it is: its version passes, and the changelog ships in
both artefacts (test_dist.py).

Broken once each to watch them fail: with the check's `[Unreleased]` test removed, the release
with unreleased entries was accepted; with the `node scripts/check-changelog.mjs` line removed
from dist.sh, dist.sh went on to `npm pack` and failed later without the changelog's reason.
"""

from __future__ import annotations

import json
import shutil
import subprocess

import pytest

from support.paths import REPO

CHECK = REPO / "scripts" / "check-changelog.mjs"
HEADER = "# Changelog\n\nIntro.\n\n"
RELEASED = "## [0.2.0] - 2026-12-04\n\n### Added\n- The first real release.\n\n## [0.1.0] - 2026-12-01\n\n- The first.\n"


def check(tmp_path, text: str, version: str) -> subprocess.CompletedProcess:
    path = tmp_path / "CHANGELOG.md"
    path.write_text(text)
    return subprocess.run(["node", str(CHECK), "--changelog", str(path), "--version", version],
                          capture_output=True, text=True, timeout=60)


@pytest.mark.parametrize("text, version, why", [
    # A release version ...
    (HEADER + "## [Unreleased]\n\n" + RELEASED, "0.3.0", '0.3.0 has no section: write "## [0.3.0] - YYYY-MM-DD"'),
    (HEADER + "## [Unreleased]\n\n### Added\n- Something new.\n\n" + RELEASED, "0.2.0",
     '"## [Unreleased]" lists 1 entry that no version claims'),
    (HEADER + RELEASED, "0.1.0", "0.1.0 is not the newest release in the changelog (0.2.0 is)"),
    (HEADER + "## [0.2.0] - 2026-12-04\n\n### Added\n\n" + "## [0.1.0] - 2026-12-01\n\n- The first.\n", "0.2.0",
     "the section of 0.2.0 lists nothing"),
    (HEADER + "## [0.2.0]\n\n- Undated.\n", "0.2.0", 'has no date: write "## [0.2.0] - YYYY-MM-DD"'),
    # ... and a development version.
    (HEADER + RELEASED, "0.3.0-dev", 'claims "## [Unreleased]": the changelog has none'),
    (HEADER + "## [Unreleased]\n\n" + RELEASED, "0.2.0-dev", "0.2.0-dev is a development version of 0.2.0, which is released already"),
    (HEADER + "## [Unreleased]\n\n" + RELEASED, "0.1.5-dev", "0.1.5-dev does not come after the newest release, 0.2.0"),
    # Not a version at all.
    (HEADER + "## [Unreleased]\n\n" + RELEASED, "0.2", 'the version "0.2" is not MAJOR.MINOR.PATCH'),
    (HEADER + "## Unreleased changes\n\n" + RELEASED, "0.3.0-dev", '"## Unreleased changes" is not a version heading'),
])
def test_the_rule_refuses_a_version_the_changelog_does_not_account_for(tmp_path, text, version, why):
    result = check(tmp_path, text, version)
    assert result.returncode == 1, result
    assert why in result.stderr, result.stderr


@pytest.mark.parametrize("text, version, said", [
    (HEADER + "## [Unreleased]\n\n" + RELEASED, "0.2.0", "0.2.0 is a release"),
    (HEADER + RELEASED, "0.2.0", "0.2.0 is a release"),
    (HEADER + "## [Unreleased]\n\n### Added\n- Work in progress.\n\n" + RELEASED, "0.3.0-dev",
     "0.3.0-dev is a development build"),
    (HEADER + "## [Unreleased]\n\n" + RELEASED, "1.0.0-dev", "1.0.0-dev is a development build"),
])
def test_the_rule_accepts_a_release_with_its_section_and_a_development_build(tmp_path, text, version, said):
    result = check(tmp_path, text, version)
    assert result.returncode == 0, result.stderr
    assert said in result.stdout


def test_make_dist_refuses_before_it_builds_anything(tmp_path):
    """scripts/dist.sh in a copy of the repository's release files, with a release version while
    `[Unreleased]` has entries: refused with the changelog's reason, no artefact made."""
    for name in ("scripts/dist.sh", "scripts/check-changelog.mjs", "web/package.json"):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(REPO / name, tmp_path / name)
    manifest = json.loads((tmp_path / "web/package.json").read_text())
    manifest["version"] = "0.9.0"
    (tmp_path / "web/package.json").write_text(json.dumps(manifest))
    (tmp_path / "CHANGELOG.md").write_text(HEADER + "## [Unreleased]\n\n- Not released yet.\n\n## [0.9.0] - 2026-12-04\n\n- Nine.\n")
    result = subprocess.run(["bash", str(tmp_path / "scripts/dist.sh")], capture_output=True, text=True, timeout=120)
    assert result.returncode == 1, result
    assert '"## [Unreleased]" lists 1 entry that no version claims' in result.stderr, result.stderr
    assert not (tmp_path / "dist").exists() or not any((tmp_path / "dist").iterdir())


def test_the_repositorys_version_is_accounted_for():
    version = json.loads((REPO / "web/package.json").read_text())["version"]
    result = subprocess.run(["node", str(CHECK)], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith(f"check-changelog: {version} is ")
