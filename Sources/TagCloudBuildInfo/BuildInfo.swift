/// What was built: the project's version, stamped at build time from `web/package.json` (the one
/// place it lives) by the `PackageVersion` plugin.
///
///     print("tagcloud \(BuildInfo.version)")   // "tagcloud 0.1.0"
///
/// The server reports it in `/metrics` (`tagcloud_build_info{version="…"} 1`), the command line
/// with `tagcloud --version`, and npm reads the same file for the `glass-tag-cloud` package.
public enum BuildInfo {}
