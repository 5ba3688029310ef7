import Foundation
import HostRuntime
import PopInteractive

/// The preview suite (issue 17): `pophost preview` on copies of the samples, driven over HTTP and
/// its live channel as the page drives it, each connection kept alive as a browser keeps it. The
/// gallery's first paint (the page, its files and the gallery's JSON: the components listed) and
/// the whole gallery (every picture, one after another), against one static file over the same
/// connection; a frame served while scrubbing the demo forward from 6.5 s (target ≤ 5 ms) and back
/// (a replay), against the same static file; and a reload end to end — the C sample renamed into
/// place, the live channel's `reloaded`, the frame at 6.5 s fetched again — against the isolation
/// suite's replay (`pophost run --watch`, file to replayed frame) measured in the same rounds.
enum PreviewBench {
    static let scrubFrames = 100

    static func measure(rounds: Int, scratch: String) throws(BenchError) -> PreviewMeasurements {
        let server = try Server(scratch: scratch)
        defer { server.stop() }
        let scenario: Scenario
        do { scenario = try DemoScenario.scenario } catch { throw BenchError("the demo scenario: \(error)") }
        let rig = try IsolationBench.ReloadRig(
            scenario: scenario, scratch: scratch,
            options: IsolationOptions(executable: RunningExecutable.directory + "/pophost-plugin-host"))
        let live = try PreviewConnection(port: server.port)
        try live.upgradeToLiveChannel()

        var firstPaints: [Int] = [], galleries: [Int] = [], statics: [Int] = [], scrubs: [Int] = [], backs: [Int] = []
        var reloads: [Int] = [], messages: [Int] = [], replays: [Int] = []
        var pictures = 0
        for round in 0..<(rounds + 1) {  // round 0 warms up and is discarded
            let keep = round > 0
            let page = try PreviewConnection(port: server.port)
            let (gallery, paint) = try timed { () throws(BenchError) in try firstPaint(page) }
            let (count, all) = try timed { () throws(BenchError) in try drawEveryPicture(gallery, on: page) }
            pictures = count
            let connection = try PreviewConnection(port: server.port)
            _ = try connection.get("/api/frame.svg?t=6500")
            for index in 1...scrubFrames {
                let scrub = try timed { () throws(BenchError) in try connection.get("/api/frame.svg?t=\(6500 + 10 * index)") }.nanoseconds
                let file = try timed { () throws(BenchError) in try connection.get("/assets/preview.css") }.nanoseconds
                if keep { (scrubs, statics) = (scrubs + [scrub], statics + [file]) }
            }
            for index in 0..<10 {
                let back = try timed { () throws(BenchError) in try connection.get("/api/frame.svg?t=\(6400 - 500 * index)") }.nanoseconds
                if keep { backs.append(back) }
            }
            _ = try connection.get("/api/frame.svg?t=6500")
            let (told, reload) = try reloadEndToEnd(server: server, live: live, connection: connection, install: round)
            let replay = try rig.reload()
            guard keep else { continue }
            firstPaints.append(paint)
            galleries.append(all)
            reloads.append(reload)
            messages.append(told)
            replays.append(replay)
        }
        return PreviewMeasurements(
            firstPaintMilliseconds: median(firstPaints) / 1e6, galleryMilliseconds: median(galleries) / 1e6, pictures: pictures,
            staticMilliseconds: median(statics) / 1e6, scrubMilliseconds: median(scrubs) / 1e6,
            scrubBackMilliseconds: median(backs) / 1e6, reloadMilliseconds: median(reloads) / 1e6,
            reloadMessageMilliseconds: median(messages) / 1e6, replayMilliseconds: median(replays) / 1e6)
    }

    /// The page's first requests up to the components listed; the gallery's JSON.
    private static func firstPaint(_ page: PreviewConnection) throws(BenchError) -> Value {
        for path in ["/", "/assets/preview.js", "/assets/preview.css"] { _ = try page.get(path) }
        let body = try page.get("/api/gallery?data=%7B%7D")
        do { return try Value(json: String(decoding: body, as: UTF8.self)) } catch { throw BenchError("the gallery's JSON: \(error)") }
    }

    /// Every picture of the gallery, one after another, each view loader for its data; how many.
    private static func drawEveryPicture(_ gallery: Value, on page: PreviewConnection) throws(BenchError) -> Int {
        guard case .array(let views)? = gallery["view_loaders"], case .array(let themes)? = gallery["themes"] else {
            throw BenchError("the gallery has no view loaders or themes: \(gallery.json.prefix(200))")
        }
        var count = 0
        for view in views {
            guard case .string(let id)? = view["id"], view["error"] == nil || view["error"] == .null else { continue }
            // As the page draws it: for the data the gallery chose (its first declared sample, else the default).
            let data = percentEncoded((view["data"] ?? .null).json)
            for case .string(let theme) in themes {
                let query = "view_loader=\(percentEncoded(id))&theme=\(percentEncoded(theme))&data=\(data)"
                _ = try page.get("/api/component.svg?" + query)
                count += 1
            }
        }
        guard count > 0 else { throw BenchError("the gallery drew no picture") }
        return count
    }

    /// The C sample installed again in the server's plugin directory (written beside it, renamed into
    /// place); nanoseconds to the live channel's `reloaded` and to the frame at 6.5 s fetched after it.
    private static func reloadEndToEnd(
        server: Server, live: PreviewConnection, connection: PreviewConnection, install: Int
    ) throws(BenchError) -> (told: Int, shown: Int) {
        let staged = server.directory + "/.libPopSampleC.so.\(install)"
        do {
            try FileManager.default.copyItem(atPath: RunningExecutable.directory + "/libPopSampleC.so", toPath: staged)
        } catch {
            throw BenchError("cannot stage the C sample: \(error)")
        }
        guard rename(staged, server.directory + "/libPopSampleC.so") == 0 else {
            throw BenchError("cannot install the C sample: \(String(cString: strerror(errno)))")
        }
        let start = monotonicNanoseconds()
        while true {
            let text = try live.message()
            let message: Value
            do { message = try Value(json: text) } catch { throw BenchError("the live channel sent \(text.prefix(80))") }
            if message["type"] == "reloaded" { break }
            if message["type"] == "reload_failed" { throw BenchError("the reload failed: \(text)") }
        }
        let told = monotonicNanoseconds() - start
        _ = try connection.get("/api/frame.svg?t=6500")
        return (told, monotonicNanoseconds() - start)
    }

    private static func percentEncoded(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? text
    }

    /// `pophost preview` on copies of the two samples, on a free port.
    final class Server {
        let directory: String
        let port: Int
        private let process = Process()

        init(scratch: String) throws(BenchError) {
            directory = scratch + "/preview"
            try copySamples(into: directory)
            let output = Pipe()
            process.executableURL = URL(fileURLWithPath: RunningExecutable.directory + "/pophost")
            // The demo named: with --plugins alone the preview would play the plugins' own scenarios.
            process.arguments = ["preview", "demo", "--plugins", directory, "--port", "0", "--json"]
            process.standardOutput = output
            do { try process.run() } catch { throw BenchError("cannot start pophost preview: \(error)") }
            var line = Data()
            while !line.contains(0x0A) {
                let chunk = output.fileHandleForReading.availableData
                guard !chunk.isEmpty else { throw BenchError("pophost preview ended before it served") }
                line += chunk
            }
            guard let address = try? Value(json: String(decoding: line, as: UTF8.self)), case .int(let served)? = address["port"] else {
                throw BenchError("pophost preview printed \(String(decoding: line, as: UTF8.self))")
            }
            port = Int(served)
        }

        func stop() {
            process.terminate()
            process.waitUntilExit()
        }
    }
}

/// What the preview suite measured, milliseconds (medians).
struct PreviewMeasurements: Codable {
    /// The page, its script and style sheet, and the gallery's JSON over one new connection: the
    /// components listed.
    var firstPaintMilliseconds: Double
    /// Then every picture of the gallery, one after another (a browser asks for several at once).
    var galleryMilliseconds: Double
    var pictures: Int
    /// The baseline: the style sheet alone, over a kept-alive connection.
    var staticMilliseconds: Double
    /// A frame of the demo while scrubbing forward from 6.5 s, 10 ms apart (SVG, fetched whole).
    var scrubMilliseconds: Double
    var scrubTarget = 5.0
    /// A frame while scrubbing back (the run replayed from the start).
    var scrubBackMilliseconds: Double
    /// The C sample renamed into place to the frame at 6.5 s fetched again after the live
    /// channel's `reloaded`; and to that message alone.
    var reloadMilliseconds: Double
    var reloadMessageMilliseconds: Double
    /// The isolation suite's reload in the same rounds: `pophost run --watch`'s file to replayed frame.
    var replayMilliseconds: Double

    var firstPaintRatio: Double { firstPaintMilliseconds / staticMilliseconds }
    var scrubRatio: Double { scrubMilliseconds / staticMilliseconds }
    var scrubPass: Bool { scrubMilliseconds <= scrubTarget }
    var reloadRatio: Double { reloadMilliseconds / replayMilliseconds }
}
