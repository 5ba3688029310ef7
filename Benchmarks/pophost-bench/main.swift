// pophost-bench: measures loading and discovery of many plugin copies against plain dlopen and stat
// baselines, the chef's calls, and the presentation engine's frames (`pophost-bench --help`). Exits 0
// even when a target is missed; non-zero on errors.
import Foundation
import Logging

// The presentation suite plays the demo many times; the sample plugins' info messages (a payment
// handler finishing each time) would bury the report.
LoggingSystem.bootstrap { label in
    var handler = StreamLogHandler.standardError(label: label)
    handler.logLevel = .warning
    return handler
}

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
case .benchmark(let copies, let rounds, let suite, let json, let scaleMaximum, let plots):
    do {
        let report = try Benchmark.run(copies: copies, rounds: rounds, suite: suite, scaleMaximum: scaleMaximum)
        if json, let note = report.buildNote { printToStandardError(note) }
        print(json ? report.json : report.text)
        if let plots {
            let charts = [report.scaleRows, report.scaleSheetRows].compactMap { $0?.chart } + (report.scale?.charts ?? [])
            for path in try ScaleMeasurements.write(charts, to: plots) { printToStandardError("wrote \(path)") }
        }
    } catch {
        printToStandardError("pophost-bench: error: \(error)")
        exit(1)
    }
case .compare(let baseline, let copies, let rounds, let suite, let json):
    do {
        let report = try BuildComparison.run(baseline: baseline, suite: suite, rounds: rounds, copies: copies)
        print(json ? report.json : report.text)
    } catch {
        printToStandardError("pophost-bench: error: \(error)")
        exit(1)
    }
}
