import BenchWireFloor
import Foundation
import HostRuntime
import PopInteractive
import PopProcess

/// The isolation suite (issue 16): a lifecycle call and an action call into the C sample's payment
/// handler across the process boundary against the same call in this process; a frame of the demo
/// isolated against in-process; and the time from a plugin file changing to the replayed frame
/// (`pophost run --watch`, build excluded) against replaying the same run in this process. The calls
/// are measured against their floor too: the same bytes between two C processes over a socket pair
/// (Benchmarks/wire-floor). Baselines are measured in the same run, rounds alternating.
enum IsolationBench {
    static let payment = "com.pophost.samples.c.payment-handler"

    static func measure(rounds: Int, scratch: String) throws(BenchError) -> IsolationMeasurements {
        let directory = RunningExecutable.directory
        let options = IsolationOptions(executable: directory + "/pophost-plugin-host")
        let discovery = try PresentationBench.discovery(of: directory, scratch: scratch)
        let local = try Handlers(PluginComponents(discovery: discovery))
        let remote = try Handlers(IsolatedComponents(discovery: discovery, options: options))
        let scenario: Scenario
        do { scenario = try DemoScenario.scenario } catch { throw BenchError("the demo scenario: \(error)") }
        let localScene = try PresentationBench.SVGScene(scenario: scenario, catalog: ComponentCatalog(discovery: discovery))
        let remoteScene = try PresentationBench.SVGScene(
            scenario: scenario, catalog: ComponentCatalog(discovery: discovery, isolated: options))
        guard localScene.document == remoteScene.document else { throw BenchError("the demo's frame differs isolated") }
        let reload = try ReloadRig(scenario: scenario, scratch: scratch, options: options)

        let dismissFloorPair = try WireFloor(WireSample.shouldDismiss), actionFloorPair = try WireFloor(WireSample.action)
        var placed: [PlacedPairs] = []
        for placement in CPUPlacement.available { placed.append(try PlacedPairs(placement, discovery: discovery, options: options)) }
        var lifecycle = Pair(), action = Pair(), frame = Pair()
        var lifecycleFloor: [(isolated: Int, floor: Int)] = [], actionFloor: [(isolated: Int, floor: Int)] = []
        var reloads: [Int] = [], replays: [Int] = [], starts: [Int] = []
        let localCalls = 2_000_000, remoteCalls = 2_000, localActions = 500_000, remoteActions = 2_000, frames = 2_000
        for round in 0..<(rounds + 1) {  // round 0 warms up and is discarded
            let keep = round > 0
            let first = round.isMultiple(of: 2)
            // The order flips each round: in process first, then isolated against the floor, or the other way.
            var l: (inProcess: Int, isolated: [(isolated: Int, floor: Int)]) = (0, [])
            var a: (inProcess: Int, isolated: [(isolated: Int, floor: Int)]) = (0, [])
            if first { l.inProcess = local.shouldDismiss(localCalls) }
            l.isolated = try againstFloor(dismissFloorPair, remoteCalls, first, remote.shouldDismiss)
            if !first { l.inProcess = local.shouldDismiss(localCalls) }
            if first { a.inProcess = local.action(localActions) }
            a.isolated = try againstFloor(actionFloorPair, remoteActions, first, remote.action)
            if !first { a.inProcess = local.action(localActions) }
            var placedChunks: [PlacedPairs.Chunks] = []
            for pairs in placed { placedChunks.append(try pairs.measure(calls: remoteCalls, floorFirst: first)) }
            let f = alternating(localScene, remoteScene, frames: frames, startingWithLocal: first)
            let r = try reload.reload()
            let p = try reload.replayInProcess(discovery: discovery)
            let s = try reload.startPluginHost()
            guard keep else { continue }
            lifecycle.add(l.inProcess, l.isolated.map(\.isolated).reduce(0, +))
            action.add(a.inProcess, a.isolated.map(\.isolated).reduce(0, +))
            frame.add(f.0, f.1)
            lifecycleFloor += l.isolated
            actionFloor += a.isolated
            for (pairs, chunks) in zip(placed, placedChunks) { pairs.kept.append(chunks) }
            reloads.append(r); replays.append(p); starts.append(s)
        }
        return IsolationMeasurements(
            lifecycle: .init(
                host: median(lifecycle.isolated) / Double(remoteCalls) / 1000,
                baseline: median(lifecycle.inProcess) / Double(localCalls) / 1000, target: nil),
            lifecycleFloor: FloorComparison(lifecycleFloor, callsAChunk: 200),
            action: .init(
                host: median(action.isolated) / Double(remoteActions) / 1000,
                baseline: median(action.inProcess) / Double(localActions) / 1000, target: nil),
            actionFloor: FloorComparison(actionFloor, callsAChunk: 200),
            placed: placed.map(\.comparison),
            frame: .init(
                host: median(frame.isolated) / Double(frames) / 1000, baseline: median(frame.inProcess) / Double(frames) / 1000,
                target: 1.1),
            reloadMilliseconds: median(reloads) / 1e6, reloadTarget: 300,
            inProcessReplayMilliseconds: median(replays) / 1e6,
            pluginHostStartMilliseconds: median(starts) / 1e6, at: ReloadRig.instant.milliseconds)
    }

    /// Frames of both scenes in alternating chunks of 100, so that the machine's drift during a round
    /// (other processes, frequency) falls on both alike; the nanoseconds of each scene's frames.
    static func alternating(
        _ local: PresentationBench.SVGScene, _ remote: PresentationBench.SVGScene, frames: Int,
        startingWithLocal: Bool
    ) -> (Int, Int) {
        var localTime = 0, remoteTime = 0
        for chunk in 0..<(frames / 100) {
            if chunk.isMultiple(of: 2) == startingWithLocal {
                localTime += local.frameAndSVG(100)
                remoteTime += remote.frameAndSVG(100)
            } else {
                remoteTime += remote.frameAndSVG(100)
                localTime += local.frameAndSVG(100)
            }
        }
        return (localTime, remoteTime)
    }

    /// Nanosecond samples of one measurement isolated and in this process.
    struct Pair {
        var inProcess: [Int] = []
        var isolated: [Int] = []

        mutating func add(_ local: Int, _ remote: Int) {
            inProcess.append(local)
            isolated.append(remote)
        }
    }

    /// The payment handler from one source, with what its calls need.
    struct Handlers {
        let source: any ComponentSource
        let handler: any HandlerComponent
        let data = RequestData(["amount": 12.5, "order": "A-1"])

        init(_ source: any ComponentSource) throws(BenchError) {
            self.source = source
            do { handler = try source.makeHandler(IsolationBench.payment, context: .detached()) } catch {
                throw BenchError("the payment handler: \(error)")
            }
        }

        /// `should_dismiss(background-tap)`, `count` times; nanoseconds.
        func shouldDismiss(_ count: Int) -> Int {
            var agreed = 0
            let time = timed {
                for _ in 0..<count where handler.shouldDismiss(.backgroundTap) { agreed += 1 }
            }.nanoseconds
            precondition(agreed == 0, "the payment handler vetoes a background tap")
            return time
        }

        /// The action `forgot` (`i32(request:i64, data.order:str)`, which keeps the popup), `count` times.
        func action(_ count: Int) -> Int {
            let context = ActionContext(request: 7, action: "forgot", data: data, fields: [:], fieldIDs: [])
            var kept = 0
            let time = timed {
                for _ in 0..<count where handler.perform("forgot", context: context) == .keep { kept += 1 }
            }.nanoseconds
            precondition(kept == count, "forgot keeps the popup")
            return time
        }
    }

    /// `calls` isolated calls (`isolated` makes `count` and returns their nanoseconds) and as many
    /// round trips of `floor`, in alternating chunks of 200 so that the machine's drift falls on both
    /// alike; the nanoseconds of each chunk, side by side.
    static func againstFloor(
        _ floor: WireFloor, _ calls: Int, _ floorFirst: Bool, _ isolated: (Int) -> Int
    ) throws(BenchError) -> [(isolated: Int, floor: Int)] {
        var chunks: [(isolated: Int, floor: Int)] = []
        let chunk = 200
        for index in 0..<(calls / chunk) {
            var isolatedTime = 0
            if index.isMultiple(of: 2) != floorFirst { isolatedTime = isolated(chunk) }
            let floorTime = try floor.roundTrips(chunk)
            if index.isMultiple(of: 2) == floorFirst { isolatedTime = isolated(chunk) }
            chunks.append((isolatedTime, floorTime))
        }
        return chunks
    }

    /// The payment handler in a plugin host of its own and the two floors, their children started
    /// where `placement` puts them; the chunks measured so far.
    final class PlacedPairs {
        typealias Chunks = (lifecycle: [(isolated: Int, floor: Int)], action: [(isolated: Int, floor: Int)])
        let placement: CPUPlacement
        let remote: Handlers
        let dismissFloor: WireFloor
        let actionFloor: WireFloor
        var kept: [Chunks] = []

        init(_ placement: CPUPlacement, discovery: PluginRegistry.Discovery, options: IsolationOptions) throws(BenchError) {
            self.placement = placement
            (remote, dismissFloor, actionFloor) = try placement.starting { () throws(BenchError) in
                (
                    try Handlers(IsolatedComponents(discovery: discovery, options: options)), try WireFloor(WireSample.shouldDismiss),
                    try WireFloor(WireSample.action)
                )
            }
        }

        /// `calls` lifecycle calls and `calls` actions against their floors, placed.
        func measure(calls: Int, floorFirst: Bool) throws(BenchError) -> Chunks {
            try placement.measuring { () throws(BenchError) in
                (
                    try againstFloor(dismissFloor, calls, floorFirst, remote.shouldDismiss),
                    try againstFloor(actionFloor, calls, floorFirst, remote.action)
                )
            }
        }

        var comparison: PlacedComparison {
            PlacedComparison(
                placement: placement, lifecycle: FloorComparison(kept.flatMap(\.lifecycle), callsAChunk: 200),
                action: FloorComparison(kept.flatMap(\.action), callsAChunk: 200))
        }
    }

    /// The floor under an isolated call (Benchmarks/wire-floor): a C child process that answers the
    /// call's request with its answer, byte for byte as the plugin host's channel carries them, over
    /// a socket pair. It lives as long as the measurement, as a plugin host does.
    final class WireFloor {
        private var floor = pop_bench_wire_floor_t()
        private let exchange: WireSample.Exchange

        init(_ exchange: WireSample.Exchange) throws(BenchError) {
            self.exchange = exchange
            let started = exchange.answer.withUnsafeBufferPointer { answer in
                pop_bench_wire_floor_start(&floor, answer.baseAddress, answer.count, exchange.request.count)
            }
            guard started == 0 else { throw BenchError("cannot start the wire floor: \(String(cString: strerror(errno)))") }
        }

        deinit { pop_bench_wire_floor_stop(&floor) }

        /// `count` round trips; nanoseconds.
        func roundTrips(_ count: Int) throws(BenchError) -> Int {
            let time = exchange.request.withUnsafeBufferPointer { request in
                pop_bench_wire_floor_round_trips(&floor, request.baseAddress, request.count, exchange.answer.count, Int32(count))
            }
            guard time >= 0 else { throw BenchError("the wire floor stopped answering") }
            return Int(time)
        }
    }

    /// `pophost run --watch` on the demo, stopped at `instant`, over copies of the samples whose C
    /// library is installed again (written beside it, renamed into place) each round.
    final class ReloadRig {
        static let instant = VirtualTime.milliseconds(6500)
        let directory: String
        let library: String
        let scenario: Scenario
        let options: IsolationOptions
        let source: IsolatedComponents
        let host: InteractiveHost
        private var installs = 0

        init(scenario: Scenario, scratch: String, options: IsolationOptions) throws(BenchError) {
            self.scenario = scenario
            self.options = options
            directory = scratch + "/reload"
            library = directory + "/libPopSampleC.so"
            try copySamples(into: directory)
            let discovery = try PresentationBench.discovery(of: directory, scratch: scratch)
            source = IsolatedComponents(discovery: discovery, options: options)
            let catalog = ComponentCatalog()
            catalog.add(source)
            do {
                host = InteractiveHost(runner: ScenarioRunner(scenario: scenario, catalog: catalog), reload: try HotReload(source: source))
            } catch {
                throw BenchError("\(error)")
            }
            host.advance(by: Self.instant)
        }

        /// Installs the C library again and waits for the replayed frame: nanoseconds from the file
        /// being in place to the frame drawn on the new run. The app is polled every millisecond.
        func reload() throws(BenchError) -> Int {
            let before = ObjectIdentifier(host.runner)
            let staged = directory + "/.libPopSampleC.so.\(installs)"
            installs += 1
            do {
                try FileManager.default.copyItem(atPath: RunningExecutable.directory + "/libPopSampleC.so", toPath: staged)
            } catch {
                throw BenchError("cannot stage the C sample: \(error)")
            }
            guard rename(staged, library) == 0 else { throw BenchError("cannot install the C sample: \(String(cString: strerror(errno)))") }
            let start = monotonicNanoseconds()
            let deadline = start + 10_000_000_000
            while ObjectIdentifier(host.runner) == before && monotonicNanoseconds() < deadline {
                usleep(1000)
                host.advance(by: .zero)
            }
            guard ObjectIdentifier(host.runner) != before else {
                throw BenchError("the rebuilt C sample was not reloaded: \(host.statusLine)")
            }
            _ = host.frame()
            let elapsed = monotonicNanoseconds() - start
            guard host.runner.chef.now == Self.instant, host.runner.problems.isEmpty else {
                throw BenchError("the replay did not reach the same instant: \(host.runner.problems)")
            }
            return elapsed
        }

        /// The baseline: the same replay with the plugins in this process (a fresh runner played to
        /// the instant, then its frame); nanoseconds.
        func replayInProcess(discovery: PluginRegistry.Discovery) throws(BenchError) -> Int {
            timed {
                let runner = ScenarioRunner(scenario: scenario, catalog: ComponentCatalog(discovery: discovery))
                runner.advance(to: Self.instant)
                _ = runner.stage.frame()
            }.nanoseconds
        }

        /// A plugin host started on the C library (what a reload starts first); nanoseconds.
        func startPluginHost() throws(BenchError) -> Int {
            let (reloaded, time) = timed { Result { () throws(ComponentFailure) in try source.reloading(library) } }
            guard case .success = reloaded else { throw BenchError("cannot start a plugin host: \(reloaded)") }
            return time
        }
    }
}

/// What the isolation suite measured.
struct IsolationMeasurements: Codable {
    /// `should_dismiss` of the C payment handler, microseconds a call: isolated (host) against in
    /// this process (baseline).
    let lifecycle: ChefMeasurements.Comparison
    /// The same isolated call against the floor: its bytes between two C processes over a socket pair.
    let lifecycleFloor: FloorComparison
    /// Its action `forgot` through libffi, microseconds a call.
    let action: ChefMeasurements.Comparison
    /// The same isolated action against the floor.
    let actionFloor: FloorComparison
    /// Both again with each pair pinned (`CPUPlacement`), when this process may use two cores.
    let placed: [PlacedComparison]
    /// `stage.frame()` + SVG of the demo at 6500 ms, microseconds.
    let frame: ChefMeasurements.Comparison
    /// From the rebuilt C library in place to the replayed frame, milliseconds.
    let reloadMilliseconds: Double
    let reloadTarget: Double
    /// The same replay with the plugins in this process.
    let inProcessReplayMilliseconds: Double
    /// A plugin host started on the C sample, milliseconds.
    let pluginHostStartMilliseconds: Double
    /// The instant replayed to, milliseconds of virtual time.
    let at: Double

    var reloadRatio: Double { reloadMilliseconds / inProcessReplayMilliseconds }
    var reloadPass: Bool { reloadMilliseconds <= reloadTarget }
}

/// The isolated calls against their floors with both pairs pinned alike.
struct PlacedComparison: Codable {
    let placement: CPUPlacement
    let lifecycle: FloorComparison
    let action: FloorComparison
}

/// Isolated calls against their floor, chunk by chunk: a chunk of calls and a chunk of the floor's
/// round trips run next to each other, so their ratio is the ratio under the same load; the load of
/// this shared machine changes many times within a round, so the median of the chunks' ratios is the
/// figure, not the ratio of two medians.
struct FloorComparison: Codable {
    /// Microseconds a call, isolated: the median chunk.
    let isolated: Double
    /// Microseconds a round trip of the floor: the median chunk.
    let floor: Double
    /// The median of the chunks' ratios.
    let ratio: Double
    let target: Double
    let pass: Bool

    init(_ chunks: [(isolated: Int, floor: Int)], callsAChunk: Int) {
        isolated = median(chunks.map(\.isolated)) / Double(callsAChunk) / 1000
        floor = median(chunks.map(\.floor)) / Double(callsAChunk) / 1000
        // The ratios in thousandths, for `median`.
        ratio = median(chunks.map { $0.isolated * 1000 / max(1, $0.floor) }) / 1000
        target = 1.5
        pass = ratio <= target
    }
}
