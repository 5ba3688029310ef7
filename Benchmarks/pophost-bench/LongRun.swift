import Foundation
import HostRuntime

#if canImport(Glibc)
import Glibc
#endif

/// A host left running: the demo's popups, pages and sheets (its first 27 s: the promotion preempted
/// by the payment dialog with its number pad, the banner, the custom animation, the pushed pages, the
/// share sheet and the popover) played again every minute for `minutes` minutes of virtual time, a
/// frame drawn and rendered to SVG at 10 fps. At 1, 2, 5 and 10 minutes: the trace's length (its
/// events and the bytes of their JSON lines, counted as they come, as a trace written to a file is)
/// and this process's resident memory. Played once, whatever the rounds: it measures growth, not time.
struct LongRun: Codable {
    /// The trace grows linearly when its events per minute at the end are within this factor of those
    /// of the first minute; the memory is flat when it grows by at most `flatLimitKiB` after the first minute.
    static let linearLimit = 1.5
    static let flatLimitKiB = 2048
    static let checkpoints = [1, 2, 5, 10]
    static let framesPerSecond = 10.0
    /// The demo's steps before this time make one cycle.
    static let cycleEnd = 28_000

    struct Point: Codable {
        let minutes: Int
        let traceEvents: Int
        let traceBytes: Int
        let residentKiB: Int
        let frames: Int
    }

    /// Resident memory before the scenario started (the catalog loaded, nothing played).
    let startResidentKiB: Int
    let points: [Point]
    /// Seconds of real time the whole run took.
    let seconds: Double
    /// Trace events per minute at the last point over those at the first.
    let traceGrowth: Double
    /// Resident memory at the last point minus that at the first.
    let memoryGrowthKiB: Int
    let linearLimit: Double
    let flatLimitKiB: Int
    var traceLinear: Bool { traceGrowth <= linearLimit && traceGrowth >= 1 / linearLimit }
    var memoryFlat: Bool { memoryGrowthKiB <= flatLimitKiB }

    init(startResidentKiB: Int, points: [Point], seconds: Double) {
        self.startResidentKiB = startResidentKiB
        self.points = points
        self.seconds = seconds
        let first = points.first!, last = points.last!
        traceGrowth = (Double(last.traceEvents) / Double(last.minutes)) / (Double(first.traceEvents) / Double(first.minutes))
        memoryGrowthKiB = last.residentKiB - first.residentKiB
        linearLimit = Self.linearLimit
        flatLimitKiB = Self.flatLimitKiB
    }

    static func measure(catalog: ComponentCatalog) throws(BenchError) -> LongRun {
        let scenario = try cycles(minutes: checkpoints.last!)
        let runner = ScenarioRunner(scenario: scenario, catalog: catalog)
        let trace = TraceCounter()
        runner.chef.trace = trace
        let renderer = SVGRenderer()
        var frames = 0, bytes = 0
        runner.framesPerSecond = framesPerSecond
        runner.onSample = { frame in
            frames += 1
            bytes &+= renderer.render(frame).utf8.count
        }
        let startResident = try residentKiB()
        let start = monotonicNanoseconds()
        var points: [Point] = []
        for minutes in checkpoints {
            runner.advance(to: .seconds(Double(minutes * 60)))
            points.append(
                Point(minutes: minutes, traceEvents: trace.events, traceBytes: trace.bytes, residentKiB: try residentKiB(), frames: frames))
        }
        guard runner.problems.isEmpty else { throw BenchError("the long run could not be played: \(runner.problems)") }
        guard bytes > 0 else { throw BenchError("the long run drew no frame") }
        return LongRun(startResidentKiB: startResident, points: points, seconds: Double(monotonicNanoseconds() - start) / 1e9)
    }

    /// The demo's first `cycleEnd` ms (its first page pushed once, at the start), once a minute, each
    /// cycle's labels suffixed with its number so that every request has its own.
    static func cycles(minutes: Int) throws(BenchError) -> Scenario {
        guard let demo = try? JSONSerialization.jsonObject(with: Data(DemoScenario.json.utf8)) as? [String: Any],
            let steps = demo["steps"] as? [[String: Any]], let first = steps.first, first["at"] == nil
        else { throw BenchError("the demo scenario's JSON is not as the long run expects") }
        let cycle = steps.filter { ($0["at"] as? Int).map { $0 < cycleEnd } ?? false }
        var played: [Any] = [first]
        for number in 0..<minutes {
            for step in cycle {
                var copy = relabelled(step, suffix: "-\(number)") as! [String: Any]
                copy["at"] = (step["at"] as! Int) + number * 60_000
                played.append(copy)
            }
        }
        let json: Data
        do {
            json = try JSONSerialization.data(
                withJSONObject: ["format": demo["format"]!, "name": "long-run", "steps": played], options: [.sortedKeys])
        } catch {
            throw BenchError("cannot write the long run's scenario: \(error)")
        }
        do { return try Scenario.parse(json: String(decoding: json, as: UTF8.self), file: "<long run>", baseDirectory: nil) } catch {
            throw BenchError("the long run's scenario: \(error)")
        }
    }

    /// `value` with every label it gives (`as`) or names (`on`) suffixed.
    private static func relabelled(_ value: Any, suffix: String) -> Any {
        if let object = value as? [String: Any] {
            return Dictionary(
                uniqueKeysWithValues: object.map { key, inner in
                    if ["as", "on"].contains(key), let label = inner as? String { return (key, label + suffix as Any) }
                    return (key, relabelled(inner, suffix: suffix))
                })
        }
        if let array = value as? [Any] { return array.map { relabelled($0, suffix: suffix) } }
        return value
    }

    /// This process's resident memory (`/proc/self/statm`'s second field), in KiB.
    static func residentKiB() throws(BenchError) -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8),
            let pages = text.split(separator: " ").dropFirst().first.flatMap({ Int($0) })
        else { throw BenchError("cannot read /proc/self/statm") }
        return pages * sysconf(Int32(_SC_PAGESIZE)) / 1024
    }
}

/// Counts the trace's events and the bytes of their JSON lines without keeping them, as a trace
/// written to a file costs the host nothing more as it grows.
final class TraceCounter: TraceSink {
    private(set) var events = 0
    private(set) var bytes = 0

    func record(_ event: TraceEvent) {
        events += 1
        bytes += event.jsonLine.utf8.count + 1
    }
}
