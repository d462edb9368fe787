import PackagePlugin

/// Generates `PackageVersion.swift` for the target it is applied to, from the one place the
/// project's version lives: `web/package.json` (where npm, `npm version` and editors look).
///
/// The build re-runs the generator whenever `web/package.json` changes, so `tagcloud --version`,
/// `/metrics` and the npm package can never disagree.
@main
struct PackageVersion: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    let manifest = context.package.directoryURL.appending(path: "web/package.json")
    let output = context.pluginWorkDirectoryURL.appending(path: "PackageVersion.swift")
    return [
      .buildCommand(
        displayName: "Stamping the version of web/package.json into \(target.name)",
        executable: try context.tool(named: "package-version").url,
        arguments: [manifest.path(percentEncoded: false), output.path(percentEncoded: false)],
        inputFiles: [manifest],
        outputFiles: [output])
    ]
  }
}
