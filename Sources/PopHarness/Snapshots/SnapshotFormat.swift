import PopModel

/// The versions of the scenario snapshot (`snapshots/<scenario>.snapshot`) and how an older one is
/// read into today's model, so that a snapshot a team checked in keeps passing when pophost is
/// upgraded within its major (docs/compatibility.md):
///
/// - format 1: `# pophost scenario snapshot, format 1: …`, then `trace`, `frame` and `node` lines.
///   Its trace spelled the components `view-loader` and `controller-loader` until the keys became
///   snake_case; it does not say which drawing its frames are of.
/// - format 2: the same lines; the header adds `drawing N`, the revision of the presentation
///   engine's drawing that drew the frames.
///
/// Reading renames old spellings (`renamedKeys`) and takes numbers as numbers (`0` and `0.0` are
/// one value), so a change of serialisation never fails a test.
public enum SnapshotFormat {
    /// The format pophost writes.
    public static let newest = 2
    /// Every format this build reads.
    static let readable = 1...newest
    /// The revision of the drawing: how the presentation engine draws the same content (layouts,
    /// themes, the app behind the popups). Raised whenever a change draws the same scenario
    /// differently (a golden frame changes); frames drawn at an earlier revision are compared by
    /// their content, not their geometry (`SnapshotComparison`). 2: the floating window's expand
    /// follows JPSuspensionEntrance's spread (issue 28).
    public static let drawing = 2

    /// Trace keys spelled otherwise by earlier pophosts: old → today's.
    static let renamedKeys = ["view-loader": "view_loader", "controller-loader": "controller_loader"]

    private static let prefix = "# pophost scenario snapshot, format "
    private static let explanation =
        "\"trace\" lines are the trace, \"frame\" lines the frames (expected ones, then the last), each followed by its \"node\" lines"

    /// The first line of a snapshot in `format` (2 or later names the drawing).
    static func header(format: Int, drawing: Int?) -> String {
        let drawn = format >= 2 ? ", drawing \(drawing ?? 0)" : ""
        return prefix + "\(format)\(drawn): " + explanation
    }

    /// One JSON line of a snapshot: its number in the file (from 1) and its value, in today's
    /// spelling.
    struct Entry: Equatable {
        let line: Int
        let value: Value
    }

    /// One frame: its `frame` line (without `nodes`) and its `node` lines.
    struct Frame: Equatable {
        let header: Entry
        var nodes: [Entry] = []

        /// The frame as frame JSON (`FrameJSON`).
        var json: Value {
            guard case .object(var object) = header.value else { return header.value }
            object["nodes"] = .array(nodes.map(\.value))
            return .object(object)
        }
    }

    /// A snapshot read into today's model.
    struct Reading {
        /// The format its header names; nil when the first line is not a snapshot header.
        var format: Int?
        /// The drawing its header names; nil when it does not say (format 1).
        var drawing: Int?
        var trace: [Entry] = []
        var frames: [Frame] = []
        /// Lines that are not a header, a comment or a JSON line of a known kind: numbers and text.
        var unreadable: [(line: Int, text: String)] = []

        /// The snapshot as this pophost writes it, same content: today's spelling, the newest
        /// format, the drawing it was recorded with (unknown, 0, for format 1).
        var rewritten: String {
            var lines = [SnapshotFormat.header(format: SnapshotFormat.newest, drawing: drawing ?? 0)]
            lines += trace.map { "trace " + $0.value.json }
            for frame in frames {
                lines.append("frame " + frame.header.value.json)
                lines += frame.nodes.map { "node " + $0.value.json }
            }
            return lines.joined(separator: "\n") + "\n"
        }
    }

    /// Reads a snapshot of any format, with either line ending (a checkout may turn LF into CRLF).
    static func read(_ text: String) -> Reading {
        var reading = Reading()
        for (index, line) in lines(of: text).enumerated() {
            let number = index + 1
            if index == 0 {
                if let (format, drawing) = headerFields(line) {
                    reading.format = format
                    reading.drawing = drawing
                    continue
                }
            }
            if line.isEmpty || line.hasPrefix("#") { continue }
            guard let space = line.firstIndex(of: " "),
                let value = try? Value(json: String(line[line.index(after: space)...]))
            else {
                reading.unreadable.append((number, String(line)))
                continue
            }
            let entry = Entry(line: number, value: today(value))
            switch line[..<space] {
            case "trace": reading.trace.append(entry)
            case "frame": reading.frames.append(Frame(header: entry))
            case "node" where !reading.frames.isEmpty: reading.frames[reading.frames.count - 1].nodes.append(entry)
            default: reading.unreadable.append((number, String(line)))
            }
        }
        return reading
    }

    /// The lines of `text`, ended by LF or CRLF (Swift's `split(separator: "\n")` would take a
    /// CRLF file as one line: "\r\n" is one Character).
    static func lines(of text: String) -> [Substring] {
        text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { bytes in
            Substring(decoding: bytes.last == UInt8(ascii: "\r") ? bytes.dropLast() : bytes, as: UTF8.self)
        }
    }

    /// The format and drawing a header names; nil when `line` is not a snapshot header (a format is
    /// a whole number from 1).
    private static func headerFields(_ line: Substring) -> (format: Int, drawing: Int?)? {
        guard line.hasPrefix(prefix), let colon = line.firstIndex(of: ":") else { return nil }
        let fields = line[line.index(line.startIndex, offsetBy: prefix.count)..<colon].split(separator: ",")
        guard let format = fields.first.flatMap({ Int($0) }), format >= 1, fields.first?.first?.isNumber == true else { return nil }
        let drawing = fields.dropFirst().first.flatMap { field -> Int? in
            let words = field.split(separator: " ")
            return words.count == 2 && words[0] == "drawing" ? Int(words[1]) : nil
        }
        return (format, drawing)
    }

    /// `value` in today's spelling: renamed keys.
    static func today(_ value: Value) -> Value {
        switch value {
        case .array(let elements):
            return .array(elements.map(today))
        case .object(let object):
            var renamed = Value.Object()
            for member in object { _ = renamed.append(key: renamedKeys[member.key] ?? member.key, value: today(member.value)) }
            return .object(renamed)
        default:
            return value
        }
    }

    /// `value` with every number a double, so that `0` and `0.0`, written by different versions,
    /// compare equal.
    static func comparable(_ value: Value) -> Value {
        switch value {
        case .int(let number): .double(Double(number))
        case .array(let elements): .array(elements.map(comparable))
        case .object(let object):
            .object(Value.Object(uniqueMembers: object.map { Value.Member(key: $0.key, value: comparable($0.value)) }))
        default: value
        }
    }
}
