// One version per build: `make dist` (scripts/dist.sh) packs only a version that CHANGELOG.md
// accounts for, by the rule written at the top of CHANGELOG.md:
//
// - A release version (`0.2.0`) needs its own section, `## [0.2.0] - YYYY-MM-DD`, the newest
//   release in the file, with entries; and `## [Unreleased]` must be empty: a change listed there
//   is in the build but in no version.
// - A development version (`0.3.0-dev`, any pre-release) claims the `## [Unreleased]` section
//   (which must be there, entries or not): every build between two releases says it is not a
//   release. Its version must come after the newest release and not be released already.
//
//   node scripts/check-changelog.mjs                      # CHANGELOG.md against web/package.json
//   node scripts/check-changelog.mjs --changelog FILE --version 0.2.0
//
// Exit status 0 with one line saying what the build is; 1 with what is wrong and how to fix it.

import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const VERSION = /^(\d+)\.(\d+)\.(\d+)(?:-([0-9A-Za-z.-]+))?$/;

/** The `## [...]` sections of a Keep a Changelog file: name, date, the lines under it. */
export function sections(text) {
  const found = [];
  for (const line of text.split("\n")) {
    const heading = /^## \[([^\]]+)\](?:\s+-\s+(\S+))?\s*$/.exec(line);
    if (heading) found.push({ name: heading[1], date: heading[2] ?? null, lines: [] });
    else if (line.startsWith("## ")) found.push({ name: null, heading: line, lines: [] });
    else found.at(-1)?.lines.push(line);
  }
  return found;
}

/** The lines of a section that are entries (anything but blank lines and `###` subheadings). */
function entries(section) {
  return section.lines.filter((line) => line.trim() !== "" && !/^###\s/.test(line));
}

function parse(version) {
  const match = VERSION.exec(version);
  return match && { numbers: match.slice(1, 4).map(Number), prerelease: match[4] ?? null };
}

function compare(a, b) {
  for (let i = 0; i < 3; i += 1) if (a[i] !== b[i]) return a[i] - b[i];
  return 0;
}

/** What is wrong with `version` against the changelog's `text` (empty: nothing). */
export function checkChangelog(text, version) {
  const parsed = parse(version);
  if (!parsed) return [`the version "${version}" is not MAJOR.MINOR.PATCH or MAJOR.MINOR.PATCH-PRERELEASE`];
  const all = sections(text);
  const stray = all.find((section) => section.name === null);
  if (stray) return [`"${stray.heading}" is not a version heading ("## [Unreleased]" or "## [X.Y.Z] - YYYY-MM-DD")`];
  const unreleased = all.find((section) => section.name === "Unreleased");
  const releases = all.filter((section) => section.name !== "Unreleased");
  for (const release of releases) {
    if (!parse(release.name) || parse(release.name).prerelease) {
      return [`"## [${release.name}]" is not a release version (MAJOR.MINOR.PATCH)`];
    }
    if (!/^\d{4}-\d{2}-\d{2}$/.test(release.date ?? "")) {
      return [`"## [${release.name}]" has no date: write "## [${release.name}] - YYYY-MM-DD"`];
    }
  }
  const newest = releases[0] ?? null;
  if (parsed.prerelease) {
    const problems = [];
    if (!unreleased) problems.push(`${version} is a development version, which claims "## [Unreleased]": the changelog has none`);
    const base = parsed.numbers.join(".");
    if (releases.some((release) => release.name === base)) {
      problems.push(`${version} is a development version of ${base}, which is released already: move on to the next -dev version`);
    } else if (newest && compare(parsed.numbers, parse(newest.name).numbers) <= 0) {
      problems.push(`${version} does not come after the newest release, ${newest.name}`);
    }
    return problems;
  }
  const own = releases.find((release) => release.name === version);
  const problems = [];
  if (!own) {
    problems.push(`${version} has no section: write "## [${version}] - YYYY-MM-DD" with what it changed`);
  } else {
    if (own !== newest) problems.push(`${version} is not the newest release in the changelog (${newest.name} is)`);
    if (entries(own).length === 0) problems.push(`the section of ${version} lists nothing`);
  }
  if (unreleased && entries(unreleased).length > 0) {
    const items = entries(unreleased).filter((line) => /^[-*] /.test(line)).length;
    problems.push(
      `"## [Unreleased]" lists ${items || "some"} ${items === 1 ? "entry" : "entries"} that no version claims: ` +
        `move them into the section of ${version} to release them, or keep a -dev version until then`,
    );
  }
  return problems;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = new URL("..", import.meta.url);
  const args = process.argv.slice(2);
  const option = (name) => {
    const at = args.indexOf(name);
    return at >= 0 ? args[at + 1] : undefined;
  };
  const changelog = option("--changelog") ?? fileURLToPath(new URL("CHANGELOG.md", root));
  const version =
    option("--version") ?? JSON.parse(readFileSync(new URL("web/package.json", root), "utf8")).version;
  const problems = checkChangelog(readFileSync(changelog, "utf8"), version);
  if (problems.length > 0) {
    for (const problem of problems) console.error(`check-changelog: ${changelog}: ${problem}`);
    process.exit(1);
  }
  const kind = parse(version).prerelease ? `a development build (it claims "## [Unreleased]")` : "a release";
  console.log(`check-changelog: ${version} is ${kind}`);
}
