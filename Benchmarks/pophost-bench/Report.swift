import Foundation
import HostRuntime
import PopInteractive

/// Everything one benchmark run measured, as a table or as JSON.
struct Report: Codable {
    #if DEBUG
    static let build = "debug"
    #else
    static let build = "release"
    #endif

    let copies: Int
    let rounds: Int
    let build: String
    /// Where the copies were (removed at exit): its file system matters to every figure.
    var directory: String?
    var coldLoad: [ColdLoad]?
    var warmDiscovery: WarmDiscovery?
    var chef: ChefMeasurements?
    var presentation: PresentationMeasurements?
    var harness: HarnessMeasurements?
    var isolation: IsolationMeasurements?
    var preview: PreviewMeasurements?
    /// The scale suite's page of N rows on demand.
    var scaleRows: ScaleRowsMeasurements?
    /// The scale suite's sheet of N rows on demand (ABI 1.3).
    var scaleSheetRows: ScaleRowsMeasurements?
    var scale: ScaleMeasurements?

    init(copies: Int, rounds: Int, build: String) {
        self.copies = copies
        self.rounds = rounds
        self.build = build
    }

    /// A note for figures that do not count, or nil.
    var buildNote: String? {
        build == "release" ? nil : "note: this is a \(build) build; take figures from `swift build -c release`"
    }

    var text: String {
        var lines = ["pophost-bench: \(rounds) rounds (medians), \(build) build"]
        if let buildNote { lines.append(buildNote) }
        if let coldLoad, let warm = warmDiscovery, let directory {
            lines.append(
                "loading: \(copies) copies per sample in \(directory) (removed at exit); cold loads in fresh child processes, warm discovery in this process (\(warm.samples) samples)"
            )
            for cold in coldLoad {
                lines.append(
                    pad("cold load, \(cold.sample.rawValue)", 18)
                        + "host \(micro(cold.hostMicroseconds))/plugin   dlopen baseline \(micro(cold.baselineMicroseconds))/plugin   "
                        + verdict(ratio: cold.ratio, target: cold.target, pass: cold.pass))
                lines.append(
                    pad("", 18)
                        + "of which the ELF pre-check \(micro(cold.preCheckMicroseconds)) (\(decimal(cold.preCheckMicroseconds / cold.baselineMicroseconds, 2)) of the baseline)"
                )
                lines.append(
                    pad("", 18)
                        + "the same load in C (the floor) \(micro(cold.floorMicroseconds))/plugin, ratio \(decimal(cold.floorRatio, 2))")
            }
            lines.append(
                pad("warm discovery", 18)
                    + "     \(micro(warm.perPluginMicroseconds))/plugin   stat baseline   \(micro(warm.statPerFileMicroseconds))/plugin   "
                    + verdict(ratio: warm.ratio, target: warm.target, pass: warm.pass)
                    + "; fixed cost \(decimal(warm.fixedMicroseconds, 1)) µs")
            lines.append(
                pad("", 18)
                    + "fit through \(warm.smallPlugins) plugins: \(decimal(warm.smallMicroseconds, 1)) µs and \(warm.largePlugins) plugins: "
                    + "\(decimal(warm.largeMicroseconds, 1)) µs per discovery; stat of \(warm.largePlugins) files \(decimal(warm.statMicroseconds, 1)) µs"
            )
            lines.append(
                pad("", 18)
                    + "overall \(decimal(warm.overallPerPluginMicroseconds, 2)) µs/plugin at \(warm.largePlugins) plugins (fixed cost included), "
                    + "ratio \(decimal(warm.overallRatio, 2)) to stat")
        }
        if let chef {
            lines.append(
                pad("show + dismiss", 18)
                    + "\(decimal(chef.showDismissPerSecond / 1e6, 2)) M pairs/s (\(decimal(chef.showDismissNanoseconds, 0)) ns a pair), trace off   "
                    + "(target ≥ 1.00 M/s)  \(chef.throughputPass ? "PASS" : "FAIL")")
            lines.append(pad("action call", 18) + comparison(chef.action, "host invoker", "raw ffi_call"))
            lines.append(pad("lifecycle call", 18) + comparison(chef.lifecycle, "host wrapper", "raw fn pointer"))
            lines.append(pad("closure call", 18) + comparison(chef.closure, "ffi closure ", "plain C call"))
        }
        if let presentation { lines += presentationLines(presentation) }
        if let harness {
            lines.append(
                pad("harness suite", 18) + "\(harness.tests) tests on the C sample: \(decimal(harness.oneJobSeconds, 2)) s with --jobs 1, "
                    + "\(decimal(harness.twoJobsSeconds, 2)) s with --jobs 2   (target < \(decimal(harness.targetSeconds, 0)) s)  \(harness.pass ? "PASS" : "FAIL")"
            )
            lines.append(
                pad("test process", 18) + "\(decimal(harness.testProcessMilliseconds, 2)) ms a test's process (forked)   /bin/true spawn "
                    + "\(decimal(harness.trueMilliseconds, 2)) ms   "
                    + verdict(ratio: harness.overheadRatio, target: harness.processTarget, pass: harness.processPass))
            lines.append(
                pad("", 18) + "spawned afresh \(decimal(harness.spawnedTestProcessMilliseconds, 2)) ms, ratio "
                    + "\(decimal(harness.spawnedRatio, 2)) to /bin/true (a child command that cannot serve forks)")
            lines.append(
                pad("", 18) + "an empty Swift program \(decimal(harness.swiftFloorMilliseconds, 2)) ms, ratio "
                    + "\(decimal(harness.swiftFloorRatio, 2)) to /bin/true (what any Swift executable pays to start)")
        }
        if let isolation { lines += isolationLines(isolation) }
        if let preview { lines += previewLines(preview) }
        if let scaleRows { lines += scaleRowsLines(scaleRows, "a page") }
        if let scaleSheetRows { lines += scaleRowsLines(scaleSheetRows, "a sheet") }
        if let scale { lines += scaleLines(scale) }
        return lines.joined(separator: "\n")
    }

    private func scaleRowsLines(_ s: ScaleRowsMeasurements, _ surface: String) -> [String] {
        let series = s.series.map { "\($0.rows) rows \(decimal($0.microseconds, 1)) µs (\($0.nodes) nodes)" }.joined(separator: ", ")
        return [
            pad("rows on demand", 18) + "\(surface) frame, the same rows on screen: " + series,
            pad("", 18) + "10000 rows against 20 in the same rounds: " + verdict(ratio: s.ratio, target: s.target, pass: s.pass),
        ]
    }

    private func isolationLines(_ i: IsolationMeasurements) -> [String] {
        [
            pad("isolated call", 18) + "should_dismiss \(micro(i.lifecycle.host))   in process \(micro(i.lifecycle.baseline))   "
                + "ratio \(decimal(i.lifecycle.ratio, 0))",
            pad("", 18) + floorLine(i.lifecycleFloor, judged: i.placed.isEmpty),
            pad("isolated action", 18) + "forgot (libffi) \(micro(i.action.host))  in process \(micro(i.action.baseline))   "
                + "ratio \(decimal(i.action.ratio, 0))",
            pad("", 18) + floorLine(i.actionFloor, judged: i.placed.isEmpty),
        ]
            + i.placed.map { p in
                pad("", 18)
                    + "pinned, \(p.placement.rawValue): should_dismiss \(micro(p.lifecycle.isolated)) / floor \(micro(p.lifecycle.floor)) "
                    + "\(verdict(ratio: p.lifecycle.ratio, target: p.lifecycle.target, pass: p.lifecycle.pass)); forgot "
                    + "\(micro(p.action.isolated)) / floor \(micro(p.action.floor)) "
                    + verdict(ratio: p.action.ratio, target: p.action.target, pass: p.action.pass)
            } + [
                pad("isolated frame", 18) + "demo at 6500 ms \(micro(i.frame.host))  in process \(micro(i.frame.baseline))   "
                    + verdict(ratio: i.frame.ratio, target: i.frame.target ?? 0, pass: i.frame.pass ?? false),
                pad("hot reload", 18) + "file → replayed frame \(decimal(i.reloadMilliseconds, 1)) ms   in-process replay "
                    + "\(decimal(i.inProcessReplayMilliseconds, 1)) ms   ratio \(decimal(i.reloadRatio, 1))   "
                    + "(target ≤ \(decimal(i.reloadTarget, 0)) ms)  \(i.reloadPass ? "PASS" : "FAIL")",
                pad("", 18)
                    + "demo replayed to \(decimal(i.at, 0)) ms; a plugin host started on the C sample \(decimal(i.pluginHostStartMilliseconds, 1)) ms; "
                    + "the app polled every 1 ms; changes settle \(decimal(HotReload.settle.seconds * 1000, 0)) ms first",
            ]
    }

    private func scaleLines(_ s: ScaleMeasurements) -> [String] {
        var lines = [
            pad("scale", 18)
                + "curves up to \(s.maximum) (--scale-max); every ratio against the same work at the smallest size, in the same rounds"
        ]
        let q = s.queueDepth
        lines.append(
            pad("queue depth", 18) + "show + dismiss with an empty queue: at the back \(decimal(q.emptyBackNanoseconds, 0)) ns, "
                + "at the head \(decimal(q.emptyFrontNanoseconds, 0)) ns a pair")
        for point in q.points {
            lines.append(
                pad("", 18) + pad("\(point.depth) queued", 14)
                    + "back \(decimal(point.backNanoseconds, 0)) ns (ratio \(decimal(point.backRatio, 2)))   "
                    + "head \(decimal(point.frontNanoseconds, 0)) ns (ratio \(decimal(point.frontRatio, 2)))")
        }
        if let deepest = q.points.last {
            lines.append(
                pad("", 18) + "at \(deepest.depth): (target ≤ \(decimal(q.target, 2)) both)  \(q.pass ? "PASS" : "FAIL")")
        }
        let f = s.pluginFiles
        for point in f.points {
            lines.append(
                pad(point.files == f.points.first?.files ? "plugin files" : "", 18) + pad("\(point.files) files", 14)
                    + "cold list \(micro(point.coldMicrosecondsPerFile))/file   warm list \(micro(point.warmMicrosecondsPerFile))/file")
        }
        if let cold = f.coldGrowth, let warm = f.warmGrowth {
            lines.append(
                pad("", 18)
                    + "µs/file at \(f.points.last!.files) over a tenth of it: cold \(decimal(cold, 2)) \(cold <= f.linearLimit ? "linear" : "NOT linear"), "
                    + "warm \(decimal(warm, 2)) \(warm <= f.linearLimit ? "linear" : "NOT linear")   (linear: ≤ \(decimal(f.linearLimit, 1)))"
            )
        }
        let l = s.longRun
        lines.append(
            pad("long run", 18) + "\(l.points.last?.minutes ?? 0) minutes of virtual time (the demo's popups once a minute, frames at "
                + "\(decimal(LongRun.framesPerSecond, 0)) fps rendered to SVG) in \(decimal(l.seconds * 1000, 0)) ms; resident at the start \(l.startResidentKiB) KiB"
        )
        for point in l.points {
            lines.append(
                pad("", 18) + pad("\(point.minutes) min", 8) + "trace \(point.traceEvents) events (\(point.traceBytes) bytes)   "
                    + "resident \(point.residentKiB) KiB   \(point.frames) frames")
        }
        lines.append(
            pad("", 18) + "trace: events a minute at the end over the first minute's \(decimal(l.traceGrowth, 2)) "
                + "\(l.traceLinear ? "linear" : "NOT linear"); memory after the first minute +\(l.memoryGrowthKiB) KiB "
                + "\(l.memoryFlat ? "flat" : "GROWS") (flat: ≤ \(l.flatLimitKiB) KiB)")
        return lines
    }

    /// The unpinned comparison; `judged` false when pinned rows follow and carry the verdict: left to
    /// the scheduler, the isolated pair and its floor may sit on different placements, whose round
    /// trips differ fivefold (`CPUPlacement`).
    private func floorLine(_ f: FloorComparison, judged: Bool) -> String {
        "chunks of 200: isolated \(micro(f.isolated)), floor (its bytes, two C processes, a socket pair) \(micro(f.floor))   "
            + (judged
                ? verdict(ratio: f.ratio, target: f.target, pass: f.pass)
                : "ratio \(decimal(f.ratio, 2)), placement left to the scheduler (the pinned rows give the verdict)")
    }

    private func previewLines(_ p: PreviewMeasurements) -> [String] {
        [
            pad("preview gallery", 18) + "first paint (page, files, gallery JSON) \(decimal(p.firstPaintMilliseconds, 2)) ms   "
                + "static file \(decimal(p.staticMilliseconds, 3)) ms   ratio \(decimal(p.firstPaintRatio, 1)); "
                + "all \(p.pictures) pictures one after another \(decimal(p.galleryMilliseconds, 1)) ms",
            pad("preview scrub", 18) + "a frame of the demo from 6.5 s, 10 ms apart \(decimal(p.scrubMilliseconds, 3)) ms   "
                + "static file \(decimal(p.staticMilliseconds, 3)) ms   ratio \(decimal(p.scrubRatio, 1))   "
                + "(target ≤ \(decimal(p.scrubTarget, 0)) ms)  \(p.scrubPass ? "PASS" : "FAIL"); back (a replay) \(decimal(p.scrubBackMilliseconds, 2)) ms",
            pad("preview reload", 18) + "file → live message → frame fetched \(decimal(p.reloadMilliseconds, 1)) ms "
                + "(to the message \(decimal(p.reloadMessageMilliseconds, 1)) ms)   pophost run --watch's replay "
                + "\(decimal(p.replayMilliseconds, 1)) ms   ratio \(decimal(p.reloadRatio, 2))",
        ]
    }

    private func presentationLines(_ p: PresentationMeasurements) -> [String] {
        let svg = p.svg, terminal = p.terminal, json = p.json
        return [
            pad("layout + SVG", 18) + "\(micro(svg.microseconds))/frame = \(percent(svg.budgetShare)) of a 60 fps frame   "
                + "(target ≤ \(decimal(svg.target, 0)) µs)  \(svg.pass ? "PASS" : "FAIL")",
            pad("", 18) + "demo at 6500 ms (payment dialog + number pad, \(svg.nodes) nodes, \(svg.bytes) bytes): "
                + "stage.frame() alone \(decimal(svg.layoutMicroseconds, 1)) µs; baseline, the same lines appended to a String "
                + "\(decimal(svg.baselineMicroseconds, 1)) µs: ratio \(decimal(svg.ratio, 2))",
            pad("layout + terminal", 18) + "\(micro(terminal.microseconds))/frame = \(percent(terminal.budgetShare)) of a 60 fps frame   "
                + "(target ≤ \(decimal(terminal.target, 0)) µs)  \(terminal.pass ? "PASS" : "FAIL")",
            pad("", 18) + "\(terminal.columns)×\(terminal.rows), demo's dialog entering (\(terminal.frames) frames, 16 ms apart, "
                + "\(decimal(terminal.averageBytes, 0)) bytes/frame): layout \(decimal(terminal.layoutMicroseconds, 1)) µs, "
                + "rasterize \(decimal(terminal.rasterizeMicroseconds, 1)) µs, diff \(decimal(terminal.diffMicroseconds, 1)) µs",
            pad("", 18) + "diff against its baseline, comparing every cell \(decimal(terminal.baselineMicroseconds, 2)) µs: "
                + "ratio \(decimal(terminal.ratio, 2))",
            pad("0.3 s animation", 18) + "\(decimal(json.animationMilliseconds, 3)) ms per animation to \(json.steps) JSON frames "
                + "(\(decimal(json.perFrameMicroseconds, 1)) µs/frame = \(percent(json.perFrameMicroseconds / PresentationMeasurements.frameBudget)) of a 60 fps frame); "
                + "ratio \(decimal(json.ratio, 4)) to its own \(decimal(json.realMilliseconds, 0)) ms",
            pad("", 18) + "per frame: advance \(decimal(json.advanceMicroseconds, 1)) µs, frame \(decimal(json.frameMicroseconds, 1)) µs, "
                + "JSON \(decimal(json.encodeMicroseconds, 1)) µs (\(decimal(json.averageBytes, 0)) bytes); show \(decimal(json.showMicroseconds, 1)) µs; "
                + "fresh Chef + Stage (not counted) \(decimal(json.setupMicroseconds, 1)) µs",
            pad("interactive pop", 18) + "\(micro(p.pagePop.microseconds))/frame = \(percent(p.pagePop.budgetShare)) of a 60 fps frame "
                + "(two pages, two fake bars, \(p.pagePop.nodes) nodes); the alert scene's frame in the same rounds "
                + "\(decimal(p.pagePop.alertMicroseconds, 1)) µs: " + verdict(p.pagePop),
            pad("sheet drag frame", 18)
                + "\(micro(p.sheetDrag.microseconds))/frame = \(percent(p.sheetDrag.budgetShare)) of a 60 fps frame: "
                + "follow + layout + SVG of the demo's share sheet (\(p.sheetDrag.nodes) nodes); the alert's frame in the same rounds "
                + "\(micro(p.sheetDrag.alertMicroseconds)): " + verdict(p.sheetDrag),
            pad("floating window", 18) + "\(micro(p.floating.microseconds))/frame = \(percent(p.floating.budgetShare)) of a 60 fps frame "
                + "(a pop with the corner circle and a bubble, \(p.floating.nodes) nodes); the alert scene's frame in the same rounds "
                + "\(micro(p.floating.alertMicroseconds)): " + verdict(p.floating),
            pad("dark frame", 18) + "\(micro(p.dark.microseconds))/frame: layout + SVG of the alert scene in dark "
                + "(\(p.dark.nodes) nodes); light's in the same rounds \(micro(p.dark.alertMicroseconds)): " + verdict(p.dark),
            pad("right-to-left", 18) + "\(micro(p.rightToLeft.microseconds))/frame: the same right-to-left "
                + "(\(p.rightToLeft.nodes) nodes); left-to-right's in the same rounds \(micro(p.rightToLeft.alertMicroseconds)): "
                + verdict(p.rightToLeft),
            pad("a11y tree", 18) + "\(micro(p.accessibility.microseconds))/frame: layout + the accessibility tree of the alert scene "
                + "with VoiceOver on (\(p.accessibility.nodes) elements); the layout alone in the same rounds "
                + "\(micro(p.accessibility.alertMicroseconds)): " + verdict(p.accessibility),
        ]
    }

    private func percent(_ share: Double) -> String {
        decimal(share * 100, share < 0.1 ? 2 : 1) + " %"
    }

    private func comparison(_ c: ChefMeasurements.Comparison, _ host: String, _ baseline: String) -> String {
        let head = "\(host) \(nano(c.host))   \(baseline) \(nano(c.baseline))   "
        guard let target = c.target, let pass = c.pass else { return head + "ratio \(pad(decimal(c.ratio, 2), 6, right: true))" }
        return head + verdict(ratio: c.ratio, target: target, pass: pass)
    }

    private func nano(_ value: Double) -> String {
        pad(decimal(value, 1), 7, right: true) + " ns"
    }

    var json: String { try! ValueEncoder().encode(self).indentedJSON }

    /// A scene's ratio to the alert frame, with its target and whether it is met when it has one.
    private func verdict(_ c: AlertFrameComparison) -> String {
        guard let target = c.target, let pass = c.pass else { return "ratio \(decimal(c.ratio, 2))" }
        return verdict(ratio: c.ratio, target: target, pass: pass)
    }

    private func verdict(ratio: Double, target: Double, pass: Bool) -> String {
        "ratio \(pad(decimal(ratio, 2), 6, right: true))  (target ≤ \(decimal(target, 2)))  \(pass ? "PASS" : "FAIL")"
    }

    private func micro(_ value: Double) -> String {
        pad(decimal(value, 2), 8, right: true) + " µs"
    }

    private func decimal(_ value: Double, _ digits: Int) -> String {
        String(format: "%.\(digits)f", value)
    }

    private func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
        let padding = String(repeating: " ", count: max(0, width - text.count))
        return right ? padding + text : text + padding
    }
}
