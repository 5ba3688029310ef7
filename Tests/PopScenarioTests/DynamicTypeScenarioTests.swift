import PopRender
import PopRuntimeTestSupport
import Testing

@testable import PopModel
@testable import PopScenario

/// Dynamic Type in whole runs with the sample plugins: at the largest accessibility size every kind of popup
/// and a page grow and scroll rather than overlap or spill, and a `traits` step that changes the text size
/// lays out again at once.
@Suite struct DynamicTypeScenarioTests {
    static let message = "Send the photo to a friend, or keep browsing: the app stays usable while this is on screen."

    /// Steps that leave one kind of popup (or a page) at rest, with the screen they need.
    static let cases: [(name: String, screen: String, steps: String)] = [
        (
            "the host's alert", "{}",
            #"{"show": {"data": {"title": "Update available", "message": "\#(message)"}, "as": "a"}}, {"wait": "idle"}"#
        ),
        (
            "the C sample's payment alert, its field focused", "{}",
            #"""
            {"show": {"handler": "com.pophost.samples.c.payment-handler", "view_loader": "com.pophost.samples.c.payment-view",
                      "controller_loader": "com.pophost.samples.c.pop-controller", "data": {"amount": 42.5, "order": "A-1001"}, "as": "pay"}},
            {"wait": "idle"}, {"focus": {"field": "password", "on": "pay"}}, {"wait": "idle"}
            """#
        ),
        (
            "the Swift sample's promotion (maximum width)", "{}",
            #"""
            {"show": {"handler": "com.pophost.samples.swift.low-priority-handler", "view_loader": "com.pophost.samples.swift.promo-view", "controller_loader": "com.pophost.samples.swift.slide-controller",
                      "reformer": "com.pophost.samples.swift.promo-reformer", "data": {"discount": 20, "campaign": "spring"}, "as": "promo"}},
            {"wait": "idle"}
            """#
        ),
        (
            "a sheet", "{}",
            #"""
            {"show": {"handler": "com.pophost.samples.c.high-priority-handler", "view_loader": "com.pophost.samples.c.test-view", "controller_loader": "com.pophost.samples.c.share-sheet-controller",
                      "data": {"title": "Share", "message": "\#(message)"}, "as": "share"}},
            {"wait": "idle"}
            """#
        ),
        (
            "a banner", "{}",
            #"""
            {"show": {"view_loader": "com.pophost.samples.swift.banner-view", "controller_loader": "com.pophost.samples.swift.banner-controller",
                      "data": {"title": "Order A-1002 shipped", "message": "Arriving tomorrow by 6 pm"}, "as": "banner"}},
            {"wait": 1000}
            """#
        ),
        (
            "a popover on a tablet", #"{"width": 1024, "height": 1366}"#,
            #"""
            {"show": {"handler": "com.pophost.samples.c.high-priority-handler", "view_loader": "com.pophost.samples.c.test-view", "controller_loader": "com.pophost.samples.c.popover-controller",
                      "data": {"title": "Filter", "message": "\#(message)"}, "as": "filter"}},
            {"wait": "idle"}
            """#
        ),
        (
            "a page", "{}",
            #"""
            {"push": {"page": "orders", "view_loader": "com.pophost.samples.swift.list-page",
                      "controller_loader": "com.pophost.samples.swift.page-controller", "animated": false,
                      "data": {"title": "Orders", "rows": ["Order A-1001 · Wireless earbuds", "Order A-1002 · Phone case",
                                                           "Order A-1003 · USB-C cable", "Order A-1004 · Smart watch band"]}}},
            {"wait": "idle"}
            """#
        ),
    ]

    /// `screen` (a JSON object) with the text size `category` added.
    static func screen(_ screen: String, _ category: String) -> String {
        screen == "{}" ? #"{"content_size": "\#(category)"}"# : screen.dropLast() + #", "content_size": "\#(category)"}"#
    }

    @Test("at ax5 no two sibling nodes overlap and nothing spills out of its popup or page unclipped", arguments: cases.indices)
    func accessibilityLayout(index: Int) throws {
        let (name, screen, steps) = Self.cases[index]
        for category in ["l", "ax5"] {
            let (runner, samples) = try IsolatedSamples.play(#"{"screen": \#(Self.screen(screen, category)), "steps": [\#(steps)]}"#)
            #expect(runner.problems.isEmpty, "\(name): \(runner.problems)")
            let frame = runner.stage.frame()
            #expect(
                frame.nodes.contains { $0.role == .popup || $0.id.hasSuffix(".content") },
                "\(name): something is on screen: \(runner.recorder.events.map { "\($0.kind) \($0.detail ?? "")" })")
            #expect(LayoutAudit.problems(in: frame) == [], "\(name) at \(category)")
            withExtendedLifetime(samples) {}
        }
    }

    @Test("at ax5 the host's chrome grows: buttons' titles at 53 pt, at least 44 pt high, their lines inside them")
    func hostChromeGrows() throws {
        let (runner, samples) = try IsolatedSamples.play(
            #"{"screen": {"content_size": "ax5"}, "steps": [\#(Self.cases[1].steps)]}"#)
        let buttons = runner.stage.frame().nodes.filter { $0.role == .button }
        #expect(buttons.count == 3)
        for button in buttons {
            #expect(button.text?.size == 53)
            #expect(button.rect.height >= 44 && (button.text?.lineHeight ?? .infinity) <= button.rect.height)
        }
        withExtendedLifetime(samples) {}
    }

    @Test("content taller than its alert at ax5 scrolls, clipped to the alert")
    func tallContentScrolls() throws {
        let long = String(repeating: "\(Self.message) ", count: 4)
        let (runner, samples) = try IsolatedSamples.play(
            #"{"screen": {"content_size": "ax5"}, "steps": [{"show": {"data": {"title": "Terms", "message": "\#(long)"}, "as": "a"}}, {"wait": "idle"}]}"#
        )
        let frame = runner.stage.frame()
        let popup = try #require(frame.nodes.first { $0.role == .popup })
        let scroll = try #require(popup.scroll, "the content is taller than the screen allows")
        #expect(scroll.contentHeight > popup.rect.height)
        #expect(popup.rect.width > 300 && popup.rect.width <= 310, "at most UIKit's alert width at the accessibility sizes")
        #expect(frame.nodes.filter { $0.id.hasPrefix("\(popup.id).content") }.allSatisfy { $0.clip == popup.rect })
        withExtendedLifetime(samples) {}
    }

    @Test("a traits step changing content_size mid-run lays the popup out again: traced traits, then layout with the new frame")
    func traitsStepRelayouts() throws {
        let show = Self.cases[0].steps
        let (before, first) = try IsolatedSamples.play(#"{"steps": [\#(show)]}"#)
        let small = try #require(before.stage.frame().nodes.first { $0.role == .popup }).rect
        let (runner, samples) = try IsolatedSamples.play(
            #"{"steps": [\#(show), {"traits": {"content_size": "ax5"}}, {"wait": "idle"}]}"#)
        #expect(runner.problems.isEmpty, "\(runner.problems)")
        let events = runner.recorder.events
        let change = try #require(events.firstIndex { $0.kind == .traits })
        #expect(events[change].detail == "content-size ax5")
        let layout = try #require(events.indices.contains(change + 1) ? events[change + 1] : nil)
        let large = try #require(runner.stage.frame().nodes.first { $0.role == .popup }).rect
        #expect(layout.kind == .layout && layout.detail == TraceText.rect(large))
        #expect(large.height > small.height, "the text grew: from \(small) to \(large)")
        #expect(LayoutAudit.problems(in: runner.stage.frame()) == [])
        withExtendedLifetime((first, samples)) {}
    }

    @Test("a text size change with no popup on screen redraws the app's rows at the new size")
    func appRowsFollow() throws {
        let (runner, samples) = try IsolatedSamples.play(#"{"steps": [{"wait": 100}, {"traits": {"content_size": "ax5"}}, {"wait": 100}]}"#)
        let row = try #require(runner.stage.frame().nodes.first { $0.id == "app.row.0.title" })
        #expect(row.text?.size == 53 && row.rect.height == 68)
        withExtendedLifetime(samples) {}
    }

    @Test("back to the default text size, the frame is the one a run that never changed it draws")
    func backToDefault() throws {
        let show = Self.cases[1].steps
        let (plain, first) = try IsolatedSamples.play(#"{"steps": [\#(show)]}"#)
        let (changed, second) = try IsolatedSamples.play(
            #"{"steps": [\#(show), {"traits": {"content_size": "ax5"}}, {"wait": 500}, {"traits": {"content_size": "l"}}, {"wait": 500}]}"#)
        let expected = plain.stage.frame().nodes.filter { $0.role != .keyboard && $0.role != .key }
        let found = changed.stage.frame().nodes.filter { $0.role != .keyboard && $0.role != .key }
        #expect(found.map(\.id) == expected.map(\.id))
        #expect(found.map(\.rect) == expected.map(\.rect) && found.map(\.text) == expected.map(\.text))
        withExtendedLifetime((first, second)) {}
    }
}

@Suite struct LayoutAuditTests {
    @Test("the audit finds overlapping siblings, content spilling out unclipped and text taller than its node")
    func findsProblems() {
        let popup = FrameNode(id: "popup.1", role: .popup, request: 1, rect: Rect(x: 0, y: 0, width: 100, height: 100))
        func node(_ id: String, _ rect: Rect, clip: Rect? = nil, text: TextRun? = nil) -> FrameNode {
            FrameNode(id: id, role: text == nil ? .stack : .text, request: 1, rect: rect, text: text, clip: clip)
        }
        let line = TextRun(lines: ["a", "b"], size: 17, weight: .regular, color: 0x0000_00FF, alignment: .leading)
        let fine = Frame(
            time: .zero, screen: Size(width: 390, height: 844),
            nodes: [
                popup, node("popup.1.content", Rect(x: 0, y: 0, width: 100, height: 300), clip: popup.rect),
                node("popup.1.content.0", Rect(x: 0, y: 0, width: 100, height: 40), clip: popup.rect, text: line),
                node("popup.1.content.1", Rect(x: 0, y: 40, width: 100, height: 260), clip: popup.rect),
            ])
        #expect(LayoutAudit.problems(in: fine) == [])
        var broken = fine
        broken.nodes[1].clip = nil
        broken.nodes[2].rect.height = 30
        broken.nodes[3].rect.y = 20
        #expect(
            LayoutAudit.problems(in: broken) == [
                "popup.1.content Rect(x: 0.0, y: 0.0, width: 100.0, height: 300.0) spills out of popup.1 "
                    + "Rect(x: 0.0, y: 0.0, width: 100.0, height: 100.0) unclipped",
                "popup.1.content.0 Rect(x: 0.0, y: 0.0, width: 100.0, height: 30.0) overlaps popup.1.content.1 "
                    + "Rect(x: 0.0, y: 20.0, width: 100.0, height: 260.0)",
                "popup.1.content.0: 2 lines of 17.0 pt in 30.0 pt",
            ])
    }
}

/// What is wrong with how a frame's popups and pages are laid out: two sibling content nodes that overlap,
/// content outside its popup (or page) that is not clipped, and text taller than the node it is drawn in.
enum LayoutAudit {
    /// How much two rects may overlap, or a node stick out, before it counts (float noise).
    static let tolerance = 0.01

    static func problems(in frame: Frame) -> [String] {
        var problems: [String] = []
        let nodes = Dictionary(frame.nodes.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let content = frame.nodes.filter { $0.id.contains(".content") && !$0.id.contains(".separator.") }
        for node in content {
            let owner = String(node.id[..<node.id.range(of: ".content")!.lowerBound])
            if let container = nodes[owner]?.rect, node.clip == nil, !inside(node.rect, container) {
                problems.append("\(node.id) \(node.rect) spills out of \(owner) \(container) unclipped")
            }
            if let text = node.text, node.role == .text || node.role == .button || node.role == .textField {
                let room = node.rect.height - (text.centeredVertically ? 0 : text.inset.top + text.inset.bottom)
                if Double(text.lines.count) * text.lineHeight > room + tolerance {
                    problems.append("\(node.id): \(text.lines.count) lines of \(text.size) pt in \(node.rect.height) pt")
                }
            }
        }
        let siblings = Dictionary(grouping: content) { parent(of: $0.id) }
        for (parent, children) in siblings where nodes[parent]?.role != .overlay {
            for (index, first) in children.enumerated() {
                for second in children[(index + 1)...] {
                    let overlap = first.rect.intersection(second.rect)
                    if overlap.width > tolerance && overlap.height > tolerance {
                        problems.append("\(first.id) \(first.rect) overlaps \(second.id) \(second.rect)")
                    }
                }
            }
        }
        return problems.sorted()
    }

    static func parent(of id: String) -> String {
        id.split(separator: ".").dropLast().joined(separator: ".")
    }

    static func inside(_ rect: Rect, _ container: Rect) -> Bool {
        rect.x >= container.x - tolerance && rect.y >= container.y - tolerance
            && rect.x + rect.width <= container.x + container.width + tolerance
            && rect.maxY <= container.maxY + tolerance
    }
}
