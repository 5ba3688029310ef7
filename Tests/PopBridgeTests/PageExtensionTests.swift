import Foundation
import PopLoaderTestSupport
import PopRuntimeTestSupport
import PopTestSupport
import Testing

@testable import PopBridge
@testable import PopChef
@testable import PopLoader
@testable import PopModel
@testable import PopPresentation

/// "pop.page/1" and "pop.page-handler/1" through the bridge: a C plugin written from ext/page.h
/// (Tests/Fixtures/page_plugin.c, compiled with cc) declares pages and hears their lifecycle, which
/// it logs where the test reads it (its exported page_fixture_log()).
@Suite(.serialized) struct PageExtensionTests {
    static let view = "com.pophost.pagefixture.view"
    static let controller = "com.pophost.pagefixture.controller"
    static let handler = "com.pophost.pagefixture.handler"

    final class Plugin: @unchecked Sendable {
        let directory = TemporaryDirectory()
        let discovery: PluginRegistry.Discovery
        var path: String { directory.file("page.so") }

        init() throws {
            try Fixture.compile("page_plugin.c", to: directory.file("page.so"))
            discovery = try makeRegistry([directory.path], cache: directory.file("registry.cache")).discover()
        }

        /// What the plugin heard since the last call, and a fresh numbering of its handlers.
        func takeLog() -> [String] { Fixture.takeLog(of: path, prefix: "page_fixture") }
    }

    let plugin = try! Plugin()

    func page(_ t: TracedHost, _ kind: String, _ data: Value = [:], handler: Bool = true) throws -> Page {
        try t.engine.pages.navigation.makePage(
            PageRequest(
                kind: kind, viewLoader: Self.view, controllerLoader: Self.controller, handler: handler ? Self.handler : nil, data: data))
    }

    @Test("configure_page: the plugin's title and bar; a NULL title is the page's kind; the content is the view loader's")
    func declarations() throws {
        let t = TracedHost(plugins: plugin.discovery, staged: true)
        let plain = try page(t, "plain")
        #expect(plain.title == "plain" && plain.preferences.title == nil)
        #expect(plain.bar == BarStyle())
        let fancy = try page(t, "fancy", ["title": "Order", "transparent": true, "large": true, "no_swipe": true])
        #expect(fancy.title == "Order")
        #expect(fancy.bar == BarStyle(backgroundAlpha: 0, shadow: false, largeTitle: true))
        #expect(!fancy.preferences.popGestureEnabled)
        guard case .text(let text, _, _, _, _, _) = fancy.content.kind else { Issue.record("content \(fancy.content)"); return }
        #expect(text == "Order")
        let hidden = try page(t, "hidden", ["hidden": true])
        #expect(hidden.bar.hidden && hidden.bar.totalHeight == 0)
    }

    @Test(
        "pop_gesture_max_initial_distance is read as FDFullscreenPopGesture stores it, MAX(0, d): below zero, NaN and infinity are anywhere"
    )
    func initialDistance() throws {
        let t = TracedHost(plugins: plugin.discovery, staged: true)
        for (given, read): (Value, Double) in [(80, 80), (-5, 0), ("nan", 0), ("inf", 0), (0, 0)] {
            let made = try page(t, "d", ["distance": given])
            #expect(made.preferences.popGestureMaxInitialDistance == read, "\(given.json)")
        }
    }

    @Test("a page the plugin declares badly, or a controller loader that does not choose POP_STYLE_PAGE, is refused, naming why")
    func refusals() throws {
        let t = TracedHost(plugins: plugin.discovery, staged: true)
        _ = plugin.takeLog()
        let badAlpha = #expect(throws: ComponentFailure.self) { try page(t, "bad", ["bad_alpha": true]) }
        #expect(badAlpha?.description.contains("page configuration field bar.background_alpha has the invalid value 2.0") == true)
        let notPage = #expect(throws: ComponentFailure.self) { try page(t, "alert", ["not_page": true]) }
        #expect(notPage?.description.contains("chose the style alert, not page") == true, "\(notPage?.description ?? "")")
        let unknown = #expect(throws: ComponentFailure.self) {
            try t.engine.pages.navigation.makePage(PageRequest(viewLoader: "no.such.view", controllerLoader: Self.controller))
        }
        #expect(unknown?.category == .unknownComponent)
        // The refused pages' handlers heard nothing, and nothing is on the stack.
        #expect(plugin.takeLog() == [])
        #expect(t.engine.pages.navigation.pages.isEmpty)
    }

    @Test("page_event: the spec's order for the root, a push, a cancelled swipe and a pop, with the transition's animated flag")
    func lifecycle() throws {
        let t = TracedHost(plugins: plugin.discovery, staged: true)
        _ = plugin.takeLog()
        let root = try page(t, "root", ["title": "Root"])  // h1
        let top = try page(t, "top", ["title": "Top"])  // h2
        #expect(t.engine.pages.push(root, animated: false))
        #expect(plugin.takeLog() == ["h1 did-load 0", "h1 will-appear 0", "h1 did-appear 0"])
        #expect(t.engine.pages.push(top, animated: true))
        #expect(plugin.takeLog() == ["h2 did-load 1", "h1 will-disappear 1", "h2 will-appear 1"])
        t.chef.runUntilIdle()
        #expect(plugin.takeLog() == ["h1 did-disappear 1", "h2 did-appear 1"])
        #expect(t.engine.pages.navigation.barStyle == top.bar)

        #expect(t.engine.pages.beginInteractivePop(.edge, start: Point(x: 5, y: 400), translation: Point(x: 60, y: 0)) == nil)
        #expect(plugin.takeLog() == ["h2 will-disappear 1", "h1 will-appear 1"])
        t.engine.pages.endInteractivePop(velocity: 0)
        t.chef.runUntilIdle()
        #expect(plugin.takeLog() == ["h1 will-disappear 1", "h2 will-appear 1", "h1 did-disappear 1", "h2 did-appear 1"])

        #expect(t.engine.pages.pop(animated: true))
        t.chef.runUntilIdle()
        #expect(plugin.takeLog() == ["h2 will-disappear 1", "h1 will-appear 1", "h2 did-disappear 1", "h1 did-appear 1", "h2 released 1"])
        #expect(t.engine.pages.navigation.pages.map(\.name) == [root.name])
    }

    @Test("the Swift sample's pages: list content, transparent and hidden bars, from its page controller")
    func swiftSample() throws {
        let samples = try IsolatedSamples()
        let t = TracedHost(plugins: samples.discovery, staged: true)
        let request = PageRequest(
            kind: "order", viewLoader: "com.pophost.samples.swift.list-page", controllerLoader: "com.pophost.samples.swift.page-controller",
            handler: "com.pophost.samples.swift.page-handler", data: ["title": "Order", "bar": "transparent", "rows": ["a", "b"]])
        let order = try t.engine.pages.navigation.makePage(request)
        #expect(order.title == "Order" && order.bar == .transparent)
        guard case .vstack(_, _, let rows) = order.content.kind else { Issue.record("content \(order.content)"); return }
        #expect(rows.count == 2)
        var hidden = request
        hidden.data = ["bar": "hidden"]
        #expect(try t.engine.pages.navigation.makePage(hidden).bar.hidden)
    }

    @Test("POP_STYLE_FLOATING and pop.floating/1: what the bubble keeps and shows, or the page's kind and its title's first character")
    func floatingDeclarations() throws {
        let t = TracedHost(plugins: plugin.discovery, staged: true)
        let declared = try page(t, "article", ["floating": true, "url": "https://example.com/a", "logo": "文", "title": "Article"])
        #expect(declared.preferences.floating == FloatingDeclaration(keep: "https://example.com/a", logo: "文"))
        let defaults = try page(t, "video", ["floating": true, "title": "Zed"])
        #expect(defaults.preferences.floating == FloatingDeclaration(keep: "video", logo: "Z"))
        #expect(try page(t, "plain", ["title": "Plain"]).preferences.floating == nil)
    }

    @Test("a composed page floated into a bubble is made again from new instances of its components when the bubble is tapped")
    func bubbleRemakesComposedPage() throws {
        let t = TracedHost(plugins: plugin.discovery, staged: true)
        _ = plugin.takeLog()
        #expect(t.engine.pages.push(try page(t, "root", ["title": "Root"]), animated: false))  // h1
        #expect(t.engine.pages.push(try page(t, "article", ["floating": true, "url": "u", "title": "Article"]), animated: false))  // h2
        #expect(t.engine.floating.floatTopPage())
        t.chef.runUntilIdle()
        let bubble = try #require(t.engine.floating.bubbles.first)
        #expect(bubble.request?.controllerLoader == Self.controller && bubble.declaration.keep == "u")
        #expect(plugin.takeLog().contains("h2 released 1"))
        #expect(t.engine.floating.openBubble(bubble.number))
        t.chef.runUntilIdle()
        // A new handler instance (the first made since the log was read: h1) hears the reopened
        // page load — only a new page loads — while the root's handler hears it disappear.
        let heard = plugin.takeLog()
        #expect(
            heard == ["h1 did-load 1", "h1 will-disappear 1", "h1 will-appear 1", "h1 did-disappear 1", "h1 did-appear 1"], "\(heard)")
        #expect(t.engine.pages.navigation.top?.kind == "article" && t.engine.pages.navigation.top?.title == "Article")
    }

    @Test("a page's buttons run its handler's actions: true pops it, false keeps it; pop.dismiss pops; only the top page's")
    func pageButtons() throws {
        let t = TracedHost(plugins: plugin.discovery, staged: true)
        let stage = try #require(t.stage)
        _ = plugin.takeLog()
        let root = try page(t, "root", ["title": "Root", "buttons": true])  // h1
        let middle = try page(t, "middle", ["title": "Middle", "buttons": true])  // h2
        let top = try page(t, "top", ["title": "Top", "buttons": true])  // h3
        for page in [root, middle, top] { #expect(t.engine.pages.push(page, animated: false)) }
        _ = plugin.takeLog()
        func button(_ action: String) throws -> Point {
            let node = try #require(
                stage.frame().nodes.first { $0.role == .button && $0.action == action && $0.id.hasPrefix("page.\(top.name)") })
            return Point(x: node.rect.x + node.rect.width / 2, y: node.rect.y + node.rect.height / 2)
        }
        // A page under the top one runs nothing.
        #expect(t.engine.pages.tapPageButton("stay", on: middle) == nil)
        // Stay: the action runs with request 0, says false: the page stays.
        #expect(stage.tap(at: try button("stay")) == .pageAction(top.name, "stay"))
        #expect(plugin.takeLog() == ["h3 action stay 0"])
        #expect(t.engine.pages.navigation.top === top)
        // Done: it reads the page's data, says true: the page pops (its handler hears it go).
        #expect(stage.tap(at: try button("done")) == .pageAction(top.name, "done"))
        t.advance(1000)
        #expect(t.engine.pages.navigation.top === middle)
        let log = plugin.takeLog()
        #expect(log.first == "h3 action done Top", "\(log)")
        #expect(log.contains("h3 released 1"), "\(log)")
        // Back (pop.dismiss) pops the middle page; on the root it is refused, and the trace says so.
        #expect(t.engine.pages.tapPageButton("pop.dismiss", on: middle) == .popped)
        t.advance(1000)
        #expect(t.engine.pages.tapPageButton("pop.dismiss", on: root) == .popRefused("the root page"))
        #expect(t.engine.pages.navigation.top === root)
        #expect(
            t.recorder.events.filter { $0.kind == .pageAction }.map { $0.detail ?? "" } == [
                "\(top.name): stay → keep", "\(top.name): done → pop", "\(middle.name): pop.dismiss → pop",
                "\(root.name): pop.dismiss → pop refused: the root page",
            ])
    }
}
