// pophost-bench: measures loading and discovery of many plugin copies against plain dlopen and stat
// baselines (`pophost-bench --help`). Exits 0 even when a target is missed; non-zero on errors.
import Foundation

let command: Command
do { command = try Command.parse(Array(CommandLine.arguments.dropFirst())) } catch {
    printToStandardError("pophost-bench: \(error)\n\(Command.usage)")
    exit(64)
}

switch command {
case .help:
    print(Command.usage)
case .child(let mode, let directory):
    exit(mode.run(directory: directory))
case .benchmark(let copies, let rounds, let suite, let json):
    do {
        let report = try Benchmark.run(copies: copies, rounds: rounds, suite: suite)
        if json, let note = report.buildNote { printToStandardError(note) }
        print(json ? report.json : report.text)
    } catch {
        printToStandardError("pophost-bench: error: \(error)")
        exit(1)
    }
}
