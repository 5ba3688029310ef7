import PopModel
import PopRender
import PopScenario

/// What a plugin's scenario showed, as text to keep next to it and compare against: the whole
/// trace, then each frame the scenario expects and the last frame, one JSON object per line so
/// that a change shows as a line diff.
struct ScenarioSnapshot: Equatable {
    let text: String

    init(runner: ScenarioRunner) {
        var lines = [
            "# pophost scenario snapshot, format 1: \"trace\" lines are the trace, \"frame\" lines the frames (expected ones, then the last), each followed by its \"node\" lines"
        ]
        for event in runner.recorder.events { lines.append("trace " + event.jsonLine) }
        var frames = runner.expectedFrames.sorted { $0.key < $1.key }.map(\.value)
        frames.append(runner.stage.frame())
        for frame in frames {
            guard case .object(let object) = FrameJSON.value(frame), case .array(let nodes)? = object["nodes"],
                let header = Value.Object(object.filter { $0.key != "nodes" })
            else { continue }
            lines.append("frame " + Value.object(header).json)
            for node in nodes { lines.append("node " + node.json) }
        }
        text = lines.joined(separator: "\n") + "\n"
    }

    init(text: String) { self.text = text }

    /// The frames kept, each as frame JSON (`FrameJSON`): a "frame" line's header with the "node"
    /// lines after it as its nodes. A line that is not JSON is left out (the text comparison
    /// reports it).
    var frames: [Value] {
        var frames: [Value] = []
        var header: Value.Object?
        var nodes: [Value] = []
        func finish() {
            guard var object = header else { return }
            _ = object.append(key: "nodes", value: .array(nodes))
            frames.append(.object(object))
        }
        for line in text.split(separator: "\n") {
            if line.hasPrefix("frame ") {
                finish()
                if case .object(let object)? = try? Value(json: String(line.dropFirst(6))) { header = object } else { header = nil }
                nodes = []
            } else if line.hasPrefix("node "), let node = try? Value(json: String(line.dropFirst(5))) {
                nodes.append(node)
            }
        }
        finish()
        return frames
    }

    /// The first line where `other` differs from this one: its number, this line and that one.
    func firstDifference(from other: ScenarioSnapshot) -> (line: Int, expected: String, actual: String)? {
        let expected = text.split(separator: "\n", omittingEmptySubsequences: false)
        let actual = other.text.split(separator: "\n", omittingEmptySubsequences: false)
        for index in 0..<max(expected.count, actual.count) {
            let left = index < expected.count ? String(expected[index]) : "(end of snapshot)"
            let right = index < actual.count ? String(actual[index]) : "(end of run)"
            if left != right { return (index + 1, left, right) }
        }
        return nil
    }
}
