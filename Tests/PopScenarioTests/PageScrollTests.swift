import Foundation
import PopRuntimeTestSupport
import Testing

@testable import PopChef
@testable import PopModel
@testable import PopPresentation
@testable import PopScenario

/// A page's content taller than its content area keeps its size and scrolls in it, as a popup's does (issue
/// 29): the Swift sample's list page with 1,000 rows, the `scroll` step on the top page, animated or not; and a
/// page's text stays clear of the camera housing in landscape.
@Suite struct PageScrollTests {
    /// `count` rows as a JSON array of strings, each `prefix` and its number.
    static func rows(_ count: Int, _ prefix: String = "Row ") -> String {
        "[" + (0..<count).map { "\"\(prefix)\($0)\"" }.joined(separator: ",") + "]"
    }

    /// A push of the Swift sample's list page, kind "orders", with `count` rows.
    static func pushList(_ count: Int, prefix: String = "Row ") -> String {
        """
        {"push": {"view_loader": "com.pophost.samples.swift.list-page", "controller_loader": "com.pophost.samples.swift.page-controller",
                  "page": "orders", "data": {"title": "Orders", "rows": \(rows(count, prefix))}, "animated": false}}
        """
    }

    /// The rows of page `name`'s list in `frame`, in order.
    func rows(of name: String, in frame: Frame) -> [FrameNode] {
        frame.nodes.filter { $0.id.hasPrefix("page.\(name).content.") && $0.role == .text }
    }

    @Test("the Swift sample's list page of 1,000 rows keeps every row at its intrinsic height, clipped to the content area")
    func intrinsicRows() throws {
        let (runner, samples) = try IsolatedSamples.play(#"{"steps": [\#(Self.pushList(1000))]}"#)
        #expect(runner.problems.isEmpty, "\(runner.problems)")
        let frame = runner.stage.frame(), scene = runner.engine.scene
        let rows = rows(of: "orders#1", in: frame)
        #expect(rows.count == 1000)
        #expect(Set(rows.map(\.rect.height)) == [56])
        #expect(zip(rows, rows.dropFirst()).allSatisfy { abs($1.rect.y - $0.rect.maxY - 0.5) < 1e-9 })
        let area = Rect(
            x: 0, y: scene.safeArea.top + 44, width: scene.width, height: scene.height - scene.safeArea.bottom - scene.safeArea.top - 44)
        #expect(rows.allSatisfy { $0.clip == area })
        let scroll = try #require(frame.node("page.orders#1")?.scroll)
        #expect(scroll.offset == 0 && abs(scroll.contentHeight - (20 + 1000 * 56 + 999 * 0.5)) < 1e-6)
        withExtendedLifetime(samples) {}
    }

    @Test("a scroll step without a label scrolls the top page, clamped to 0…content height − visible height, traced")
    func scrollStep() throws {
        let (runner, samples) = try IsolatedSamples.play(#"{"steps": [\#(Self.pushList(1000)), {"scroll": {"by": -300}}]}"#)
        #expect(runner.problems.isEmpty, "\(runner.problems)")
        var frame = runner.stage.frame()
        let page = try #require(frame.node("page.orders#1")), first = try #require(rows(of: "orders#1", in: frame).first)
        let area = try #require(first.clip)
        #expect(page.scroll?.offset == 300)
        #expect(first.rect.y == area.y + 20 - 300)
        #expect(runner.recorder.events.filter { $0.kind == .pageScroll }.map(\.detail) == ["orders#1: 0.0 → 300.0"])
        #expect(runner.engine.pages.scroll(by: -1_000_000))
        frame = runner.stage.frame()
        let bottom = try #require(frame.node("page.orders#1")?.scroll)
        #expect(bottom.offset == bottom.contentHeight - area.height)
        #expect(rows(of: "orders#1", in: frame).last.map { abs($0.rect.maxY - area.maxY) < 1e-6 } == true)
        #expect(runner.engine.pages.scroll(by: 1_000_000))
        #expect(runner.stage.frame().node("page.orders#1")?.scroll?.offset == 0)
        withExtendedLifetime(samples) {}
    }

    @Test("an animated scroll moves at constant velocity over 0.3 s, and the clock is idle only when it arrives")
    func animatedScroll() throws {
        let (runner, samples) = try IsolatedSamples.play(
            #"{"steps": [\#(Self.pushList(1000)), {"scroll": {"by": -300, "animated": true}}]}"#)
        #expect(runner.problems.isEmpty, "\(runner.problems)")
        let start = try #require(runner.recorder.events.first { $0.kind == .pageScroll }?.time)
        func offset(after milliseconds: Int64) -> Double? {
            runner.advance(to: start + .milliseconds(milliseconds))
            return runner.stage.frame().node("page.orders#1")?.scroll?.offset
        }
        #expect(offset(after: 0) == 0)
        #expect(offset(after: 75).map { abs($0 - 75) < 1e-6 } == true)
        #expect(offset(after: 150).map { abs($0 - 150) < 1e-6 } == true)
        #expect(!runner.chef.clock.isIdle)
        #expect(offset(after: 300) == 300)
        #expect(runner.chef.clock.isIdle)
        #expect(runner.recorder.events.filter { $0.kind == .pageScroll }.map(\.detail) == ["orders#1: 0.0 → 300.0 animated 0.3 s"])
        withExtendedLifetime(samples) {}
    }

    @Test("a covered page keeps its offset and shows it again when it comes back")
    func offsetKept() throws {
        let (runner, samples) = try IsolatedSamples.play(
            #"""
            {"steps": [\#(Self.pushList(1000)), {"scroll": {"by": -300}},
                       {"push": {"page": "detail", "animated": false}}, {"pop": {"animated": false}}]}
            """#)
        #expect(runner.problems.isEmpty, "\(runner.problems)")
        #expect(runner.stage.frame().node("page.orders#1")?.scroll?.offset == 300)
        withExtendedLifetime(samples) {}
    }

    @Test("a scroll with no page, or on a page whose content fits, is reported")
    func reported() throws {
        let (noPage, a) = try IsolatedSamples.play(#"{"steps": [{"scroll": {"by": -50}}]}"#)
        #expect(noPage.problems.map(\.description) == [#"test.json: steps[0].scroll: no page is on the stack (name a popup with "on")"#])
        let (fits, b) = try IsolatedSamples.play(#"{"steps": [\#(Self.pushList(3)), {"scroll": {"by": -50}}]}"#)
        #expect(
            fits.problems.map(\.description) == [
                "test.json: steps[1].scroll: the top page does not scroll: its content fits, or a transition is under way"
            ])
        withExtendedLifetime((a, b)) {}
    }

    @Test("in landscape no text of a page runs under the camera housing: titles, back button and rows stay in the safe area")
    func landscapeSafeArea() throws {
        let long = String(repeating: "Wireless earbuds ", count: 8)
        let (runner, samples) = try IsolatedSamples.play(
            #"""
            {"screen": {"orientation": "landscape"},
             "steps": [{"push": {"page": "home", "title": "\#(long)", "bar": {"large_title": true}, "rows": ["\#(long)"], "animated": false}}]}
            """#)
        #expect(runner.problems.isEmpty, "\(runner.problems)")
        let scene = runner.engine.scene
        #expect(scene.safeArea.leading == 47 && scene.safeArea.trailing == 47)
        func checkClear(_ frame: Frame, _ what: Comment) {
            let texts = frame.nodes.filter { $0.text != nil }
            #expect(!texts.isEmpty)
            for node in texts {
                #expect(
                    node.rect.x >= scene.safeArea.leading - 1e-9
                        && (node.rect.x + node.rect.width) <= scene.width - scene.safeArea.trailing + 1e-9,
                    "\(what): \(node.id) at \(node.rect) runs under the housing")
            }
        }
        checkClear(runner.stage.frame(), "the large-title root page")
        let rowNode = try #require(rows(of: "home#1", in: runner.stage.frame()).first), row = try #require(rowNode.text)
        #expect(rowNode.rect.x + row.inset.leading == scene.safeArea.leading + 16)
        #expect((rowNode.rect.x + rowNode.rect.width) - row.inset.trailing == scene.width - scene.safeArea.trailing - 16)
        #expect(
            runner.engine.pages.push(
                try runner.engine.pages.navigation.makePage(
                    PageRequest(
                        kind: "orders", viewLoader: "com.pophost.samples.swift.list-page",
                        controllerLoader: "com.pophost.samples.swift.page-controller",
                        data: ["title": .string(long), "rows": .array([.string(long)])])),
                animated: false))
        let frame = runner.stage.frame()
        #expect(frame.node("bar.back") != nil && frame.node("bar.title.orders#2") != nil)
        checkClear(frame, "the list page with a back button")
        withExtendedLifetime(samples) {}
    }
}
