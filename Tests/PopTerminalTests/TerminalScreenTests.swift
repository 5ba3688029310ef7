import Testing

@testable import PopModel
@testable import PopTerminal

#if canImport(Glibc)
import Glibc
#endif

@Suite struct TerminalScreenTests {
    static let screenSize = Size(width: 340, height: 680)

    static func frame(cardX: Double) -> Frame {
        Frame(
            time: .zero, screen: screenSize,
            nodes: [
                FrameNode(id: "app", role: .app, rect: Rect(x: 0, y: 0, width: 340, height: 680), fill: 0xF2F2F7FF),
                FrameNode(
                    id: "popup.1", role: .popup, rect: Rect(x: cardX, y: 200, width: 170, height: 120),
                    fill: 0xFFFFFFFF, cornerRadius: 14,
                    text: TextRun(lines: ["Moving"], size: 17, weight: .bold, color: 0x000000FF, alignment: .center)),
            ])
    }

    @Test("first render is full, an unchanged frame writes nothing, a moved popup a diff; the terminal ends right")
    func renders() {
        var screen = TerminalScreen(screen: Self.screenSize, columns: 60, rows: 45, textColumn: 8.5, rowPitch: nil)
        var terminal = VirtualTerminal(columns: 60, rows: 45)
        let first = screen.render(Self.frame(cardX: 85), statusLine: "ready")
        #expect(first.starts(with: Array("\u{1B}[0m\u{1B}[2J".utf8)))
        terminal.apply(first)
        #expect(screen.render(Self.frame(cardX: 85), statusLine: "ready").isEmpty)
        for x in stride(from: 90.0, through: 140, by: 5) {
            let diff = screen.render(Self.frame(cardX: x), statusLine: "x \(x)")
            #expect(!diff.isEmpty && diff.count < first.count / 2)
            terminal.apply(diff)
            #expect(terminal.grid == screen.shown?.cells)
        }
        screen.resize(columns: 80, rows: 30)
        #expect(screen.shown == nil)
        #expect(screen.render(Self.frame(cardX: 85), statusLine: "").starts(with: Array("\u{1B}[0m\u{1B}[2J".utf8)))
    }

    @Test("the left button's press, drag and release become pointer events at the cell's centre")
    func pointer() {
        var screen = TerminalScreen(screen: Self.screenSize, columns: 60, rows: 45, textColumn: 8.5, rowPitch: nil)
        #expect(screen.event(for: .mouse(kind: .drag, button: 0, column: 20, row: 10)) == nil)
        #expect(
            screen.event(for: .mouse(kind: .press, button: 0, column: 20, row: 10))
                == .pointer(.down, Point(x: 85 + 4.25, y: 136 + 8.5)))
        #expect(
            screen.event(for: .mouse(kind: .drag, button: 0, column: 21, row: 10))
                == .pointer(.moved, Point(x: 93.5 + 4.25, y: 144.5)))
        #expect(screen.event(for: .mouse(kind: .press, button: 2, column: 1, row: 1)) == nil)
        #expect(
            screen.event(for: .mouse(kind: .release, button: 0, column: 21, row: 11))
                == .pointer(.up, Point(x: 97.75, y: 161.5)))
        #expect(screen.event(for: .mouse(kind: .release, button: 0, column: 21, row: 11)) == nil)
        #expect(screen.event(for: .key(.enter)) == .key(.enter))
        #expect(screen.event(for: .interrupt) == nil)
    }

    @Test("a session refuses to start without a terminal, saying what to do instead")
    func refusesWithoutTTY() throws {
        var descriptors: [Int32] = [0, 0]
        #expect(pipe(&descriptors) == 0)
        defer {
            close(descriptors[0])
            close(descriptors[1])
        }
        do {
            _ = try TerminalSession(input: descriptors[0], output: descriptors[1])
            Issue.record("a session started on a pipe")
        } catch let failure as TerminalSession.Failure {
            #expect(failure.category == .notATerminal)
            #expect(failure.description.contains("must both be a terminal"))
        }
    }
}
