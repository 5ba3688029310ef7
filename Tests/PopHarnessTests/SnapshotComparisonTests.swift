import Foundation
import PopModel
import PopTestSupport
import Testing

@testable import PopHarness

/// Snapshots compared by meaning: an old spelling or an earlier drawing never fails a plugin that
/// behaves the same, and a real difference still fails, naming what differs (docs/compatibility.md).
@Suite struct SnapshotComparisonTests {
    static let trace = #"trace {"t":0.0,"request":1,"event":"requested","components":{"view_loader":"v"}}"#
    static let layout = #"trace {"t":250.0,"request":1,"event":"layout","detail":"10,20 100×50"}"#
    static let frame = #"frame {"time_ms":500,"screen":{"width":390,"height":844}}"#
    static let app = #"node {"id":"app.bar","role":"app","rect":{"x":0,"y":0,"width":390,"height":44}}"#
    static let node =
        #"node {"id":"popup.1.content.0","role":"text","request":1,"rect":{"x":10,"y":20,"width":100,"height":20},"text":{"lines":["Hi"]}}"#

    static func snapshot(format: Int, drawing: Int?, _ lines: [String]) -> SnapshotFormat.Reading {
        SnapshotFormat.read(([SnapshotFormat.header(format: format, drawing: drawing)] + lines).joined(separator: "\n") + "\n")
    }

    static var run: SnapshotFormat.Reading {
        snapshot(format: SnapshotFormat.newest, drawing: SnapshotFormat.drawing, [trace, layout, frame, app, node])
    }

    @Test("format 1's spelling and numbers are today's: the same run compares equal")
    func oldSpellingIsTodays() {
        let old = Self.snapshot(
            format: 1, drawing: nil,
            [
                #"trace {"t":0,"request":1,"event":"requested","components":{"view-loader":"v"}}"#, Self.layout, Self.frame, Self.app,
                Self.node,
            ])
        #expect(SnapshotComparison.compare(recorded: old, run: Self.run) == .same)
        #expect(old.rewritten.contains(#""view_loader":"v""#))
    }

    @Test("the current drawing's frames are compared line by line")
    func currentDrawingIsExact() {
        let moved = Self.node.replacingOccurrences(of: #""y":20"#, with: #""y":21"#)
        let recorded = Self.snapshot(format: 2, drawing: SnapshotFormat.drawing, [Self.trace, Self.layout, Self.frame, Self.app, moved])
        guard case .differs(let line, let what, _, _, let frame) = SnapshotComparison.compare(recorded: recorded, run: Self.run) else {
            Issue.record("a moved node of the current drawing passed")
            return
        }
        #expect(line == 6 && what == "frame 1" && frame == 0)
    }

    @Test("an earlier drawing's frames and layout geometry are compared by content, with a note")
    func earlierDrawingIsComparedByContent() {
        let moved = Self.node.replacingOccurrences(of: #""y":20"#, with: #""y":30"#)
        let otherBar = Self.app.replacingOccurrences(of: #""height":44"#, with: #""height":47"#)
        let otherLayout = Self.layout.replacingOccurrences(of: "10,20", with: "10,30")
        for drawing in [nil, 0] {
            let recorded = Self.snapshot(
                format: drawing == nil ? 1 : 2, drawing: drawing, [Self.trace, otherLayout, Self.frame, otherBar, moved])
            guard case .sameContent(let note) = SnapshotComparison.compare(recorded: recorded, run: Self.run) else {
                Issue.record("an earlier drawing's geometry failed the comparison")
                continue
            }
            #expect(note.contains("compared by their content"))
        }
        let renamed = Self.node.replacingOccurrences(of: #"["Hi"]"#, with: #"["Hello"]"#)
        let changed = Self.snapshot(format: 1, drawing: nil, [Self.trace, Self.layout, Self.frame, Self.app, renamed])
        guard case .differs(_, let what, _, _, _) = SnapshotComparison.compare(recorded: changed, run: Self.run) else {
            Issue.record("other text passed")
            return
        }
        #expect(what == "frame 1's node popup.1.content.0 (its content)")
    }

    @Test("a trace that differs fails naming the event; extra or missing events too")
    func traceDifferenceNamesTheEvent() {
        let later = Self.layout.replacingOccurrences(of: "250.0", with: "260.0")
        let recorded = Self.snapshot(format: 1, drawing: nil, [Self.trace, later, Self.frame, Self.app, Self.node])
        guard case .differs(let line, let what, _, _, _) = SnapshotComparison.compare(recorded: recorded, run: Self.run) else {
            Issue.record("a later event passed")
            return
        }
        #expect(line == 3 && what == "trace event 2 (layout at 260 ms)")
        let shorter = Self.snapshot(format: 2, drawing: SnapshotFormat.drawing, [Self.trace, Self.frame, Self.app, Self.node])
        guard case .differs(_, let missing, let expected, _, _) = SnapshotComparison.compare(recorded: shorter, run: Self.run) else {
            Issue.record("a missing event passed")
            return
        }
        #expect(missing == "trace event 2 (layout at 250 ms)", "\(missing)")
        #expect(expected == "(end of the trace)", "\(expected)")
    }

    @Test("a newer format, a foreign header or a line that is not JSON is a difference at its line, never a pass")
    func unreadableSnapshotsFail() {
        let newer = Self.snapshot(
            format: SnapshotFormat.newest + 1, drawing: 1, [Self.trace, Self.layout, Self.frame, Self.app, Self.node])
        #expect(SnapshotComparison.compare(recorded: newer, run: Self.run) != .same)
        let foreign = SnapshotFormat.read("hello\n" + Self.trace + "\n")
        guard case .differs(let line, _, _, _, _) = SnapshotComparison.compare(recorded: foreign, run: Self.run) else {
            Issue.record("a file without a header passed")
            return
        }
        #expect(line == 1)
        let garbled = Self.snapshot(format: 2, drawing: 1, [Self.trace, "trace {oops", Self.frame, Self.app, Self.node])
        guard case .differs(let badLine, _, _, _, _) = SnapshotComparison.compare(recorded: garbled, run: Self.run) else {
            Issue.record("a line that is not JSON passed")
            return
        }
        #expect(badLine == 3)
    }

    /// The drawing revision guards the golden frames: when they change, the same content may be
    /// drawn differently, and snapshots recorded before must then be compared by content.
    @Test("the golden frames are those of SnapshotFormat.drawing (raise it when a change draws the same content differently)")
    func goldenFramesMatchTheDrawing() throws {
        let digests: [Int: UInt64] = [1: 0x0773_7947_a45e_f54a, 2: 0xfc91_db6b_3e00_df7c]
        var digest: UInt64 = 0xcbf2_9ce4_8422_2325
        for name in try FileManager.default.contentsOfDirectory(atPath: Golden.directory).sorted() where name.hasSuffix(".json") {
            for byte in Array(name.utf8) + [0] + Array(try Data(contentsOf: URL(fileURLWithPath: Golden.path(name)))) {
                digest = (digest ^ UInt64(byte)) &* 0x100_0000_01b3
            }
        }
        #expect(
            digests[SnapshotFormat.drawing] == digest,
            """
            Tests/Golden/*.json changed (digest \(String(digest, radix: 16))). If the change draws the same content \
            differently, raise SnapshotFormat.drawing and add the digest under the new number; if only the content \
            changed (the demo's steps), put the new digest under drawing \(SnapshotFormat.drawing) (docs/compatibility.md).
            """)
    }
}
