import Foundation
import PopTestSupport
import Testing

@testable import PopModel
@testable import PopRender

/// The renderers' output for `GoldenFrames`, against the files in Tests/HostRuntimeTests/Golden/.
@Suite struct RenderGoldenTests {
    static let frames: [(name: String, frame: Frame)] = [
        ("alert", GoldenFrames.alert), ("alert-animating", GoldenFrames.alertAnimating), ("banner", GoldenFrames.banner),
    ]

    /// The frame's JSON with one node per line, so golden diffs point at the node that changed.
    static func readableJSON(_ frame: Frame) -> String {
        guard case .object(let object) = FrameJSON.value(frame), case .array(let nodes)? = object["nodes"] else { return "" }
        let header = object.filter { $0.key != "nodes" }.map { Value.string($0.key).json + ":" + $0.value.json }
        return "{" + header.joined(separator: ",") + ",\"nodes\":[\n" + nodes.map(\.json).joined(separator: ",\n") + "\n]}\n"
    }

    @Test("JSON frames match their goldens", arguments: frames.map(\.name))
    func json(name: String) throws {
        let frame = try #require(Self.frames.first { $0.name == name }).frame
        let text = Self.readableJSON(frame)
        #expect(try Value(json: text) == FrameJSON.value(frame))
        Golden.check(text, named: name + ".json")
    }

    @Test("SVG in a phone matches its golden", arguments: frames.map(\.name))
    func svg(name: String) throws {
        let frame = try #require(Self.frames.first { $0.name == name }).frame
        Golden.check(SVGRenderer().render(frame), named: name + ".svg")
    }

    @Test("SVG of the screen alone matches its golden")
    func screenOnly() {
        Golden.check(SVGRenderer(deviceFrame: false).render(GoldenFrames.alert), named: "alert-screen.svg")
    }

    /// librsvg's converter on PATH, if installed (Debian: librsvg2-bin).
    static let rsvgConvert: String? = ProcessInfo.processInfo.environment["PATH", default: ""].split(separator: ":")
        .map { $0 + "/rsvg-convert" }.first(where: FileManager.default.isExecutableFile)

    /// Not while recording: the goldens may not be written yet.
    @Test(
        "rsvg-convert renders every golden SVG", .enabled(if: rsvgConvert != nil, "rsvg-convert is not installed"),
        .enabled(if: !Golden.isRecording, "recording goldens"))
    func librsvgRendersGoldens() throws {
        let converter = try #require(Self.rsvgConvert)
        let files = try FileManager.default.contentsOfDirectory(atPath: Golden.directory).filter { $0.hasSuffix(".svg") }.sorted()
        #expect(files.count >= 4)
        let output = TemporaryDirectory()
        for file in files {
            let result = try run(converter, ["-o", output.file(file + ".png"), Golden.path(file)])
            #expect(result.status == 0, "rsvg-convert \(file): \(result.stderr)")
            #expect(result.stderr.isEmpty, "rsvg-convert \(file): \(result.stderr)")
            #expect(FileManager.default.fileExists(atPath: output.file(file + ".png")))
        }
    }
}
