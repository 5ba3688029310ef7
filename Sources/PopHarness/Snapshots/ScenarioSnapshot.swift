import PopModel
import PopRender
import PopScenario

/// What a plugin's scenario showed, as text to keep next to it and compare against: a header
/// naming the format and the drawing, the whole trace, then each frame the scenario expects and the
/// last frame, one JSON object per line so that a change shows as a line diff.
///
/// A snapshot is read into today's model before it is compared (`SnapshotFormat`): old spellings
/// are today's, numbers are numbers, so that a snapshot recorded by an earlier pophost keeps
/// passing while the plugin behaves the same (docs/compatibility.md).
struct ScenarioSnapshot: Equatable {
    let text: String

    /// The run as this pophost writes it: the newest format, this build's drawing.
    init(runner: ScenarioRunner) {
        var lines = [SnapshotFormat.header(format: SnapshotFormat.newest, drawing: SnapshotFormat.drawing)]
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

    /// The snapshot read into today's model.
    var read: SnapshotFormat.Reading { SnapshotFormat.read(text) }

    /// The frames kept, each as frame JSON (`FrameJSON`): a "frame" line's header with the "node"
    /// lines after it as its nodes.
    var frames: [Value] { read.frames.map(\.json) }
}
