import TagCloudCLI
import TagCloudCore

// The thin adapter: arguments in, a command carried out, bytes out, an exit status.
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

let command: Command
do {
  command = try CommandParser.parse(
    Array(CommandLine.arguments.dropFirst()), environment: processEnvironment())
} catch {
  writeErrorLine(error.message)
  exit(error.exitStatus)  // 64 (EX_USAGE) for a malformed command line, 1 for a bad value
}

switch command {
case .help(let topic):
  print(Usage.text(for: topic))
case .version:
  print(Usage.version)
case .layout(let lines):
  exit(lines ? LayoutCommand.runLines() : LayoutCommand.run())
case .serve(let options):
  exit(ServeCommand.run(options))
}
