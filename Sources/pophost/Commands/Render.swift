import ArgumentParser
import Foundation
import HostRuntime

/// `pophost render`: plays a scenario headless and writes its frames.
struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Play a scenario on the virtual clock and write its frames as SVG or JSON.",
        discussion: """
            Frames are drawn every 1/fps seconds of virtual time (default 30 fps) from 0 to the end of the \
            scenario, or only at the --at times when given, at most --max-frames of them (default 3600, two \
            minutes at 30 fps: a scenario that waits for hours would otherwise fill the disk). Files are named \
            frame-<index>-<ms>ms.<format>; the trace goes to trace.jsonl. An --out directory that is not empty \
            is refused unless --force, which deletes the frames and trace an earlier render left there (and \
            nothing else). The scenario's expectations are checked: the exit status is 1 if a step could not \
            be played, an expectation failed, or the frames were cut short at the limit. With --isolate the \
            plugins run in plugin host processes, as `pophost run` runs them; the frames are the same.
            Example:
              pophost render demo --out frames --format svg --at 1200 --at 4000
            """
    )

    @OptionGroup var input: ScenarioArgument
    @Option(help: ArgumentHelp("The directory to write the frames to (created if needed).", valueName: "dir")) var out: String
    @Option(help: "svg or json.") var format: Format = .svg
    @Option(help: ArgumentHelp("Frames per second of virtual time (greater than 0, at most 1000).", valueName: "n")) var fps: Double?
    @Option(help: ArgumentHelp("Draw a frame at this virtual time, in ms (repeatable; replaces --fps).", valueName: "ms"))
    var at: [Double] = []
    @Option(help: ArgumentHelp("Write at most this many frames.", valueName: "n")) var maxFrames = Render.defaultFrameLimit
    @Flag(help: "SVG: draw the screen alone, without the phone around it.") var noDeviceFrame = false
    @Flag(help: "Delete the frames and trace of an earlier render in --out first.") var force = false
    @Flag(help: "Print a JSON summary instead of text.") var json = false
    @Flag(help: "Run each plugin in a plugin host process of its own: one that crashes or hangs ends its popups, not pophost.")
    var isolate = false
    @OptionGroup var isolation: IsolationArguments
    @OptionGroup var options: PluginOptions

    enum Format: String, ExpressibleByArgument, CaseIterable { case svg, json }

    /// 3600 frames: two minutes of virtual time at 30 fps (the demo takes 340), about 30 MB of SVG.
    static let defaultFrameLimit = 3600

    func validate() throws {
        if let fps, !(fps > 0 && fps <= 1000) {
            throw ValidationError("--fps must be greater than 0 and at most 1000, not \(String(format: "%g", fps))")
        }
        if maxFrames < 1 { throw ValidationError("--max-frames must be at least 1, not \(maxFrames)") }
        if let bad = at.first(where: { !($0 >= 0 && $0 <= VirtualTime.longest.milliseconds) }) {
            throw ValidationError("--at \(bad) is not a time in ms from 0 to \(VirtualTime.longest.milliseconds)")
        }
    }

    func run() throws {
        var scenario = try input.load()
        // Its virtual clock runs ahead of real time: an answer from a plugin's thread is awaited.
        scenario.configuration.threadAnswerWait = ChefConfiguration.headlessThreadAnswerWait
        let catalog = try options.catalog(for: scenario, isolation: isolation.options(isolate: isolate)).catalog
        let runner = ScenarioRunner(scenario: scenario, catalog: catalog)
        try prepareDirectory()
        let renderer = SVGRenderer(deviceFrame: !noDeviceFrame)
        var written: [String] = []
        var writeError: String?
        if at.isEmpty {
            runner.framesPerSecond = fps ?? 30
        } else {
            runner.sampleTimes = at.map { VirtualTime.seconds($0 / 1000) }
        }
        runner.sampleLimit = maxFrames
        let progress = ProgressLine()
        runner.onSample = { frame in
            let name = String(format: "frame-%05d-%.0fms.%@", written.count, frame.time.milliseconds, format.rawValue)
            let text = format == .svg ? renderer.render(frame) : FrameJSON.encode(frame) + "\n"
            let path = (out as NSString).appendingPathComponent(name)
            if let reason = OutputFile.write(text, to: path) {
                writeError = writeError ?? "\(path): cannot write the frame: \(reason)"
            }
            written.append(path)
            progress.update(
                "rendering: \(counted(written.count, "frame")), \(String(format: "%.1f", frame.time.milliseconds / 1000)) s of virtual time…"
            )
        }
        runner.runToEnd()
        if let last = runner.sampleTimes.last, last > runner.chef.now { runner.advance(to: last) }
        progress.finish()
        let tracePath = (out as NSString).appendingPathComponent("trace.jsonl")
        if let reason = OutputFile.write(runner.recorder.jsonLines, to: tracePath) {
            writeError = writeError ?? "\(tracePath): cannot write the trace: \(reason)"
        }
        let failures = runner.problems + runner.verify()
        let expectations = scenario.expectations.count

        if json {
            var summary = Value.Object()
            summary["scenario"] = .string(scenario.file ?? "demo")
            summary["format"] = .string(format.rawValue)
            summary["out"] = .string(out)
            summary["frames"] = .array(written.map { .string($0) })
            summary["trace"] = .string(tracePath)
            summary["duration_ms"] = .double(runner.chef.now.milliseconds)
            summary["expectations"] = .int(Int64(expectations))
            summary["frame_limit_reached"] = .bool(runner.sampleLimitReached)
            summary["failures"] = .array(failures.map { .string($0.description) })
            StandardOutput.print(Value.object(summary).json)
        } else {
            let checked =
                expectations == 0
                ? "no expectations to check"
                : failures.isEmpty ? "\(counted(expectations, "expectation")) met" : "\(counted(expectations, "expectation")) checked"
            StandardOutput.print(
                "wrote \(counted(written.count, "\(format.rawValue) frame")) and the trace to \(printable(out)) "
                    + "(\(runner.chef.now.milliseconds / 1000) s of virtual time); \(checked)")
            for failure in failures { Diagnostics.error("\(failure)") }
        }
        if let writeError { throw CommandFailure(writeError) }
        if runner.sampleLimitReached {
            throw CommandFailure(
                "the scenario runs for \(runner.chef.now.milliseconds / 1000) s of virtual time: more than the \(maxFrames) frames --max-frames allows; wrote the first \(written.count) (raise --max-frames, lower --fps, or choose times with --at)"
            )
        }
        if !failures.isEmpty { throw ExitCode.failure }
    }

    /// Creates --out, or checks that it is empty; with --force, deletes what an earlier render left
    /// there (frame-*.svg, frame-*.json, trace.jsonl) first. Any other file makes it refuse.
    private func prepareDirectory() throws {
        let files = FileManager.default
        var isDirectory: ObjCBool = false
        guard files.fileExists(atPath: out, isDirectory: &isDirectory) else {
            do { try files.createDirectory(atPath: out, withIntermediateDirectories: true) } catch {
                throw CommandFailure("\(out): cannot create the directory: \(error.localizedDescription)")
            }
            return
        }
        guard isDirectory.boolValue else { throw CommandFailure.usage("--out \(out) is a file, not a directory") }
        let contents = (try? files.contentsOfDirectory(atPath: out)) ?? []
        let rendered = contents.filter { name in
            name == "trace.jsonl" || (name.hasPrefix("frame-") && (name.hasSuffix(".svg") || name.hasSuffix(".json")))
        }
        let others = contents.filter { !rendered.contains($0) }
        guard !contents.isEmpty else { return }
        guard force, others.isEmpty else {
            let what =
                others.isEmpty
                ? "holds \(counted(rendered.count, "file")) of an earlier render; --force deletes them"
                : "holds \(counted(others.count, "file")) that are not frames (\(others.sorted().prefix(3).joined(separator: ", ")))"
                    + "; choose an empty or new directory"
            throw CommandFailure.usage("--out \(out) is not empty: it \(what)")
        }
        for name in rendered {
            do { try files.removeItem(atPath: (out as NSString).appendingPathComponent(name)) } catch {
                throw CommandFailure("\(out)/\(name): cannot delete it: \(error.localizedDescription)")
            }
        }
    }
}
