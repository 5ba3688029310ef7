import ArgumentParser
import Foundation
import HostRuntime

/// `pophost render`: plays a scenario headless and writes its frames.
struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Play a scenario on the virtual clock and write its frames as SVG or JSON.",
        discussion: """
            Frames are drawn every 1/fps seconds of virtual time (default 30 fps) from 0 to the end of the \
            scenario, or only at the --at times when given. Files are named frame-<index>-<ms>ms.<format>; \
            the trace goes to trace.jsonl. The scenario's expectations are checked: the exit status is 1 if \
            a step could not be played or an expectation failed. With --isolate the plugins run in plugin host \
            processes, as `pophost run` runs them; the frames are the same.
            Example: pophost render demo --out frames --format svg --at 1200 --at 4000
            """
    )

    @OptionGroup var input: ScenarioArgument
    @Option(help: ArgumentHelp("The directory to write the frames to (created if needed).", valueName: "dir")) var out: String
    @Option(help: "svg or json.") var format: Format = .svg
    @Option(help: ArgumentHelp("Frames per second of virtual time.", valueName: "n")) var fps: Double?
    @Option(help: ArgumentHelp("Draw a frame at this virtual time, in ms (repeatable; replaces --fps).", valueName: "ms"))
    var at: [Double] = []
    @Flag(help: "SVG: draw the screen alone, without the phone around it.") var noDeviceFrame = false
    @Flag(help: "Print a JSON summary instead of text.") var json = false
    @Flag(help: "Run each plugin in a plugin host process of its own: one that crashes or hangs ends its popups, not pophost.")
    var isolate = false
    @OptionGroup var isolation: IsolationArguments
    @OptionGroup var options: PluginOptions

    enum Format: String, ExpressibleByArgument, CaseIterable { case svg, json }

    func validate() throws {
        if let fps, !(fps > 0 && fps <= 1000) { throw ValidationError("--fps must be between 0 and 1000") }
        if let bad = at.first(where: { !($0 >= 0 && $0 <= VirtualTime.longest.milliseconds) }) {
            throw ValidationError("--at \(bad) is not a time in ms from 0 to \(VirtualTime.longest.milliseconds)")
        }
    }

    func run() throws {
        let scenario = try input.load()
        let catalog = try options.catalog(for: scenario, isolation: isolation.options(isolate: isolate)).catalog
        let runner = ScenarioRunner(scenario: scenario, catalog: catalog)
        do {
            try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        } catch {
            throw CommandFailure("\(out): cannot create the directory: \(error.localizedDescription)")
        }
        let renderer = SVGRenderer(deviceFrame: !noDeviceFrame)
        var written: [String] = []
        var writeError: String?
        if at.isEmpty {
            runner.sampleInterval = .seconds(1 / (fps ?? 30))
        } else {
            runner.sampleTimes = at.map { VirtualTime.seconds($0 / 1000) }
        }
        runner.onSample = { frame in
            let name = String(format: "frame-%05d-%.0fms.%@", written.count, frame.time.milliseconds, format.rawValue)
            let text = format == .svg ? renderer.render(frame) : FrameJSON.encode(frame) + "\n"
            let path = (out as NSString).appendingPathComponent(name)
            if !FileManager.default.createFile(atPath: path, contents: Data(text.utf8)) {
                writeError = writeError ?? "\(path): cannot write the frame"
            }
            written.append(name)
        }
        runner.runToEnd()
        if let last = runner.sampleTimes.last, last > runner.chef.now { runner.advance(to: last) }
        let tracePath = (out as NSString).appendingPathComponent("trace.jsonl")
        if !FileManager.default.createFile(atPath: tracePath, contents: Data(runner.recorder.jsonLines.utf8)) {
            writeError = writeError ?? "\(tracePath): cannot write the trace"
        }
        let failures = runner.problems + runner.verify()

        if json {
            var summary = Value.Object()
            summary["scenario"] = .string(scenario.file ?? "demo")
            summary["format"] = .string(format.rawValue)
            summary["frames"] = .array(written.map { .string($0) })
            summary["duration_ms"] = .double(runner.chef.now.milliseconds)
            summary["trace"] = .string(tracePath)
            summary["failures"] = .array(failures.map { .string($0.description) })
            print(Value.object(summary).json)
        } else {
            print("wrote \(written.count) \(format.rawValue) frame\(written.count == 1 ? "" : "s") to \(out) "
                  + "(\(runner.chef.now.milliseconds / 1000) s of virtual time); trace: \(tracePath)")
            for failure in failures { print("error: \(failure)") }
        }
        if let writeError { throw CommandFailure(writeError) }
        if !failures.isEmpty { throw ExitCode.failure }
    }
}
