import PopModel

/// How a scenario's run compares with the snapshot recorded for it, both read into today's model
/// (`SnapshotFormat`). The trace is compared event by event. Frames are compared line by line when
/// the snapshot was drawn by this drawing revision; frames of an earlier drawing (another layout,
/// theme or backdrop of pophost's, not of the plugin) are compared by their content instead: the
/// same frames at the same times, and the same content tree (the nodes the plugin's view built, not
/// what pophost draws around them), each with the same role, request, words and action. So an upgrade of pophost never fails a snapshot while the plugin behaves the same, and
/// a real difference still fails, naming the first event or node that differs.
enum SnapshotComparison {
    enum Outcome: Equatable {
        case same
        /// The same content; `note` says the frames were drawn by an earlier pophost.
        case sameContent(note: String)
        /// `line` of the snapshot (1-based) is where it first differs: `what` differs, as
        /// recorded and as run; `frame` is the frame (0-based) when it is a frame's.
        case differs(line: Int, what: String, expected: String, actual: String, frame: Int?)
    }

    /// Trace events whose detail is geometry, which an earlier drawing put elsewhere.
    static let geometryEvents: Set<String> = ["layout", "drag-ended", "bubble-moved"]

    static func compare(recorded: SnapshotFormat.Reading, run: SnapshotFormat.Reading) -> Outcome {
        guard let format = recorded.format else {
            return .differs(
                line: 1, what: "the header", expected: "(not a pophost scenario snapshot header)",
                actual: "format \(SnapshotFormat.newest)",
                frame: nil)
        }
        guard SnapshotFormat.readable.contains(format) else {
            return .differs(
                line: 1,
                what:
                    "the format (written by a newer pophost; this one reads formats \(SnapshotFormat.readable.lowerBound) to \(SnapshotFormat.newest))",
                expected: "format \(format)", actual: "format \(SnapshotFormat.newest)", frame: nil)
        }
        if let drawing = recorded.drawing, drawing > SnapshotFormat.drawing {
            return .differs(
                line: 1, what: "the drawing (drawn by a newer pophost; this one draws drawing \(SnapshotFormat.drawing))",
                expected: "drawing \(drawing)", actual: "drawing \(SnapshotFormat.drawing)", frame: nil)
        }
        if let unreadable = recorded.unreadable.first {
            return .differs(
                line: unreadable.line, what: "a line that is not a trace, frame or node line", expected: unreadable.text,
                actual: "(no such line)", frame: nil)
        }
        let sameDrawing = recorded.drawing == SnapshotFormat.drawing
        if let difference = traceDifference(recorded.trace, run.trace, sameDrawing: sameDrawing) { return difference }
        let recordedLines = lines(of: recorded.frames), runLines = lines(of: run.frames)
        let firstDifferent = (0..<max(recordedLines.count, runLines.count)).first { index in
            index >= recordedLines.count || index >= runLines.count
                || SnapshotFormat.comparable(recordedLines[index].entry.value) != SnapshotFormat.comparable(runLines[index].entry.value)
        }
        guard let firstDifferent else { return .same }
        if !sameDrawing, let difference = contentDifference(recorded.frames, run.frames) { return difference }
        guard sameDrawing else {
            let drawn = recorded.drawing.map { "drawing \($0)" } ?? "format \(format), before drawings were numbered"
            return .sameContent(
                note:
                    "drawn by an earlier pophost (\(drawn); this one draws drawing \(SnapshotFormat.drawing)): its frames were compared by their content "
                    + "(frames, times, and each content node's role, words and action), not their geometry; "
                    + "--update-snapshots records them as this pophost draws them")
        }
        let line = firstDifferent < recordedLines.count ? recordedLines[firstDifferent].entry.line : endLine(recorded)
        let frame = firstDifferent < recordedLines.count ? recordedLines[firstDifferent].frame : runLines[firstDifferent].frame
        return .differs(
            line: line, what: "frame \(frame + 1)",
            expected: firstDifferent < recordedLines.count ? recordedLines[firstDifferent].text : "(end of snapshot)",
            actual: firstDifferent < runLines.count ? runLines[firstDifferent].text : "(end of run)", frame: frame)
    }

    /// The first trace event that differs; the detail of a geometry event counts only for the
    /// same drawing.
    private static func traceDifference(_ recorded: [SnapshotFormat.Entry], _ run: [SnapshotFormat.Entry], sameDrawing: Bool) -> Outcome? {
        func meaning(_ value: Value) -> Value {
            guard !sameDrawing, case .object(var object) = value, case .string(let event)? = object["event"], geometryEvents.contains(event)
            else { return SnapshotFormat.comparable(value) }
            object["detail"] = nil
            return SnapshotFormat.comparable(.object(object))
        }
        for index in 0..<max(recorded.count, run.count) {
            // Value is nil-literal-expressible (`.null`): absent is `.none`, not `nil`.
            let expected = index < recorded.count ? Optional(recorded[index].value) : .none
            let actual = index < run.count ? Optional(run[index].value) : .none
            guard expected.map(meaning) != actual.map(meaning) else { continue }
            let event = (expected ?? actual).flatMap { value -> String? in
                guard case .string(let name)? = value["event"] else { return nil }
                guard case .double(let time) = SnapshotFormat.comparable(value["t"] ?? .null) else { return name }
                return "\(name) at \(TraceText.number(time)) ms"
            }
            return .differs(
                line: index < recorded.count ? recorded[index].line : (recorded.last?.line ?? 1) + 1,
                what: "trace event \(index + 1)\(event.map { " (\($0))" } ?? "")",
                expected: expected.map { "trace " + $0.json } ?? "(end of the trace)",
                actual: actual.map { "trace " + $0.json } ?? "(end of the trace)", frame: nil)
        }
        return nil
    }

    /// Frames of an earlier drawing against the run's: the same number, at the same times, and
    /// every popup node (the app behind them is pophost's drawing) found again with its content.
    private static func contentDifference(_ recorded: [SnapshotFormat.Frame], _ run: [SnapshotFormat.Frame]) -> Outcome? {
        for (index, frame) in recorded.enumerated() {
            guard index < run.count else {
                return .differs(
                    line: frame.header.line, what: "frame \(index + 1)", expected: "frame " + frame.header.value.json,
                    actual: "(end of run)",
                    frame: index)
            }
            let time = frame.header.value["time_ms"].map(SnapshotFormat.comparable)
            let runTime = run[index].header.value["time_ms"].map(SnapshotFormat.comparable)
            if time != runTime {
                return .differs(
                    line: frame.header.line, what: "frame \(index + 1)'s time", expected: "frame " + frame.header.value.json,
                    actual: "frame " + run[index].header.value.json, frame: index)
            }
            let recordedContent = contentNodes(frame.nodes), runContent = contentNodes(run[index].nodes)
            for node in frame.nodes {
                guard let id = id(of: node.value), let recordedNode = recordedContent[id] else { continue }
                let actual = runContent[id]
                if actual.map(content) != content(recordedNode) {
                    return .differs(
                        line: node.line, what: "frame \(index + 1)'s node \(id) (its content)", expected: "node " + node.value.json,
                        actual: actual.map { "node " + $0.json } ?? "(no such node)", frame: index)
                }
            }
            if let extra = run[index].nodes.first(where: {
                id(of: $0.value).map { recordedContent[$0] == nil && runContent[$0] != nil } ?? false
            }) {
                return .differs(
                    line: frame.nodes.last?.line ?? frame.header.line, what: "frame \(index + 1)'s content (a node the snapshot has not)",
                    expected: "(no such node)", actual: "node " + extra.value.json, frame: index)
            }
        }
        guard run.count <= recorded.count else {
            return .differs(
                line: (recorded.last?.nodes.last?.line ?? recorded.last?.header.line ?? 1) + 1, what: "frame \(recorded.count + 1)",
                expected: "(end of snapshot)",
                actual: "frame " + run[recorded.count].header.value.json, frame: recorded.count)
        }
        return nil
    }

    private static func id(of node: Value) -> String? {
        if case .string(let id)? = node["id"] { id } else { nil }
    }

    /// The nodes of a plugin's content tree (`popup.1.content.0.2`, `page.list#1.content.3`: the
    /// content, then child indices) by id: what the plugin built, whoever draws it. The app behind
    /// (`app.…`) and what pophost adds (dimming, separators, grabbers) are pophost's drawing.
    private static func contentNodes(_ nodes: [SnapshotFormat.Entry]) -> [String: Value] {
        var found: [String: Value] = [:]
        for node in nodes {
            guard let id = id(of: node.value), !id.hasPrefix("app."), let range = id.ranges(of: ".content").last else {
                continue
            }
            let indices = id[range.upperBound...].split(separator: ".", omittingEmptySubsequences: false).dropFirst()
            guard
                id[range.upperBound...].isEmpty
                    || (id[range.upperBound...].hasPrefix(".") && indices.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isNumber) }))
            else { continue }
            found[id] = found[id] ?? node.value
        }
        return found
    }

    /// What a plugin decides of a node, whoever draws it: its role, request, text (the words: an
    /// earlier drawing may have wrapped them at other widths) and action.
    private static func content(_ node: Value) -> Value {
        var words: Value = .null
        if case .array(let lines)? = node["text"]?["lines"] {
            let text = lines.compactMap { line -> String? in if case .string(let text) = line { text } else { nil } }.joined(separator: " ")
            words = .string(text.split(whereSeparator: \.isWhitespace).joined(separator: " "))
        }
        return SnapshotFormat.comparable(.array([node["role"] ?? .null, node["request"] ?? .null, words, node["action"] ?? .null]))
    }

    /// Each frame and node line of `frames` in order, with the frame it belongs to.
    private static func lines(of frames: [SnapshotFormat.Frame]) -> [(entry: SnapshotFormat.Entry, text: String, frame: Int)] {
        frames.enumerated().flatMap { index, frame in
            [(frame.header, "frame " + frame.header.value.json, index)] + frame.nodes.map { ($0, "node " + $0.value.json, index) }
        }
    }

    /// The line after a snapshot's last line.
    private static func endLine(_ reading: SnapshotFormat.Reading) -> Int {
        (reading.frames.last?.nodes.last?.line ?? reading.frames.last?.header.line ?? reading.trace.last?.line ?? 1) + 1
    }
}
