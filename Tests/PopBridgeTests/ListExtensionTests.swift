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

/// "pop.list/1" through the bridge: a C plugin written from ext/list.h (Tests/Fixtures/list_plugin.c,
/// compiled with cc) lists a page's rows on demand and logs every row it builds, which the test reads
/// (its exported list_fixture_log()).
@Suite(.serialized) struct ListExtensionTests {
    static let view = "com.pophost.listfixture.view"
    static let controller = "com.pophost.listfixture.controller"

    final class Plugin: @unchecked Sendable {
        let directory = TemporaryDirectory()
        let discovery: PluginRegistry.Discovery
        var path: String { directory.file("list.so") }

        /// The fixture compiled with `flags` (SheetListTests builds it declaring ABI 1.2 too).
        init(_ flags: [String] = []) throws {
            try Fixture.compile("list_plugin.c", to: directory.file("list.so"), flags)
            discovery = try makeRegistry([directory.path], cache: directory.file("registry.cache")).discover()
        }

        /// The rows the plugin built since the last call.
        func takeBuilt() -> [Int] { Fixture.takeLog(of: path, prefix: "list_fixture").compactMap { Int($0.dropFirst(4)) } }
    }

    let plugin = try! Plugin()

    func page(_ t: TracedHost, _ data: Value) throws(ComponentFailure) -> Page {
        try t.engine.pages.navigation.makePage(
            PageRequest(kind: "list", viewLoader: Self.view, controllerLoader: Self.controller, data: data))
    }

    /// The rows whose nodes `frame` holds, in order.
    static func rows(in frame: Frame, page: String = "list#1") -> [Int] {
        rows(in: frame, prefix: "page.\(page).row.")
    }

    /// The rows whose nodes, ids `prefix<row>…`, `frame` holds, in order.
    static func rows(in frame: Frame, prefix: String) -> [Int] {
        var rows: [Int] = []
        for node in frame.nodes where node.id.hasPrefix(prefix) {
            guard let row = Int(node.id.dropFirst(prefix.count).prefix { $0 != "." }), rows.last != row else { continue }
            rows.append(row)
        }
        return rows
    }

    @Test("10,000 rows: the page is made without building any, and its frame holds only the rows on screen and the margin")
    func onlyVisibleRows() throws {
        let t = TracedHost(plugins: plugin.discovery, staged: true)
        let stage = try #require(t.stage)
        _ = plugin.takeBuilt()
        let list = try page(t, ["title": "Orders", "rows": 10_000])
        #expect(list.rows?.layout.count == 10_000)
        #expect(plugin.takeBuilt() == [])
        #expect(t.engine.pages.push(list, animated: false))
        let frame = stage.frame()
        let shown = Self.rows(in: frame)
        let area = NavigationLayout(scene: stage.engine.scene, direction: .leftToRight).content(list.bar, pageX: 0)
        let header = try #require(frame.node("page.list#1.content")).rect.height
        // Rows of 44 points from below the header, down to the area's bottom and 100 points more.
        let expected = Int(((area.height + 100 - header) / 44).rounded(.up))
        #expect(shown == Array(0..<expected), "\(shown)")
        #expect(plugin.takeBuilt() == Array(0..<expected))
        #expect(list.rows?.keptRows == Array(0..<expected))
        let first = try #require(frame.node("page.list#1.row.0"))
        #expect(first.rect == Rect(x: area.x, y: area.y + header, width: area.width, height: 44))
        #expect(frame.node("page.list#1")?.scroll == Scroll(offset: 0, contentHeight: header + 440_000))
        // The next frame builds nothing.
        _ = stage.frame()
        #expect(plugin.takeBuilt() == [])
    }

    @Test("scrolling asks only for the rows that enter the band; rows that left it are asked again when they come back")
    func scrollingAsksForNewRowsOnly() throws {
        let t = TracedHost(plugins: plugin.discovery, staged: true)
        let stage = try #require(t.stage)
        let list = try page(t, ["rows": 10_000])
        #expect(t.engine.pages.push(list, animated: false))
        var shown = Self.rows(in: stage.frame())
        _ = plugin.takeBuilt()
        for delta in [-440.0, -4400, -1, 220, 4400] {
            #expect(t.engine.pages.scroll(by: delta))
            let now = Self.rows(in: stage.frame())
            #expect(plugin.takeBuilt() == now.filter { !shown.contains($0) }, "scrolled by \(delta)")
            #expect(list.rows?.keptRows == now)
            shown = now
        }
        // At the end of the list: its last row, nothing past it.
        #expect(t.engine.pages.scroll(by: -1e9))
        #expect(Self.rows(in: stage.frame()).last == 9_999)
    }

    @Test("a height each: rows placed by their own heights (44, 54, 64, …), asked for every row once")
    func heightEach() throws {
        let t = TracedHost(plugins: plugin.discovery, staged: true)
        let stage = try #require(t.stage)
        let list = try page(t, ["rows": 1_000, "height": 0])
        #expect(list.rows?.layout.height == 53_990.0)  // 333 cycles of 44 + 54 + 64, then 44
        #expect(t.engine.pages.push(list, animated: false))
        let frame = stage.frame()
        let tops = try (0..<4).map { try #require(frame.node("page.list#1.row.\($0)")).rect.y }
        #expect(zip(tops.dropFirst(), tops).map { $0 - $1 } == [44, 54, 64])
    }

    @Test("a row count below zero or above the maximum, a bad height: the page is refused, naming the view loader and the cause")
    func badLayout() throws {
        let t = TracedHost(plugins: plugin.discovery, staged: true)
        for (data, message): (Value, String) in [
            (["rows": -1], "row_count returned -1, not 0…1000000"),
            (["rows": 1_000_001], "row_count returned 1000001, not 0…1000000"),
            (["rows": 5, "height": -3], "row_height returned -3.0, not a positive finite number (or 0)"),
        ] {
            #expect {
                _ = try page(t, data)
            } throws: { error in
                (error as? ComponentFailure)?.description == "view loader \(Self.view): \(message)"
            }
        }
        #expect(t.source?.census.live == 0)
        // The host goes on: a good page is made after.
        #expect(try page(t, ["rows": 3]).rows?.layout.count == 3)
    }

    @Test("a row that fails or has too many nodes is reported once, naming the view loader, the row and the cause, and drawn empty")
    func failingRows() throws {
        let t = TracedHost(plugins: plugin.discovery, staged: true)
        let stage = try #require(t.stage)
        let list = try page(t, ["rows": 50, "fail_row": 2, "huge_row": 3])
        #expect(t.engine.pages.push(list, animated: false))
        _ = plugin.takeBuilt()
        let shown = Self.rows(in: stage.frame())
        #expect(shown.prefix(4) == [0, 1, 4, 5], "\(shown)")
        let reported = t.recorder.events.filter { $0.kind == .misbehaviour }.compactMap(\.detail)
        #expect(
            reported == [
                "list#1: view loader \(Self.view): row 2: build_row returned false",
                "list#1: view loader \(Self.view): row 3: its content is invalid: divider: more than 4096 nodes",
            ], "\(reported)")
        #expect(plugin.takeBuilt().prefix(4) == [0, 1, 2, 3])
        // Not asked again; the host goes on drawing.
        #expect(t.engine.pages.scroll(by: -10))
        _ = stage.frame()
        #expect(!plugin.takeBuilt().contains { $0 == 2 || $0 == 3 })
        #expect(t.recorder.events.filter { $0.kind == .misbehaviour }.count == 2)
    }

    @Test("a row's button runs the page handler's actions: the action a kept row names is the page's")
    func rowButtons() throws {
        let t = TracedHost(plugins: plugin.discovery, staged: true)
        let list = try page(t, ["rows": 100, "buttons": true])
        #expect(t.engine.pages.push(list, animated: false))
        #expect(!list.actionNames.contains("pick"))
        _ = t.stage?.frame()
        #expect(list.actionNames.filter { $0 == "pick" }.count == list.rows?.keptRows.count)
    }

    @Test("a released page asks for no row: its view loader is destroyed")
    func releasedPage() throws {
        let t = TracedHost(plugins: plugin.discovery, staged: true)
        let root = try page(t, ["rows": 0])
        #expect(root.rows == nil)
        let list = try page(t, ["rows": 100])
        #expect(t.engine.pages.push(root, animated: false))
        #expect(t.engine.pages.push(list, animated: false))
        #expect(t.engine.pages.pop(animated: false))
        t.advance(1000)
        _ = plugin.takeBuilt()
        #expect(list.rows?.content(of: 0..<3) == [nil, nil, nil])
        #expect(plugin.takeBuilt() == [])
    }

    @Test("the Swift sample's list page: rowCount lists 10,000 rows on demand through the kit; its rows array is built whole as before")
    func swiftSample() throws {
        let samples = try IsolatedSamples()
        let t = TracedHost(plugins: samples.discovery, staged: true)
        let stage = try #require(t.stage)
        func orders(_ data: Value) throws -> Page {
            try t.engine.pages.navigation.makePage(
                PageRequest(
                    kind: "orders", viewLoader: "com.pophost.samples.swift.list-page",
                    controllerLoader: "com.pophost.samples.swift.page-controller", data: data))
        }
        #expect(try orders(["rows": ["a", "b"]]).rows == nil)
        let list = try orders(["rowCount": 10_000])
        #expect(list.rows?.layout.count == 10_000 && list.rows?.layout.height == 565_000)
        #expect(t.engine.pages.push(list, animated: false))
        let frame = stage.frame()
        let shown = Self.rows(in: frame, page: "orders#2")
        #expect(shown.first == 0 && shown.count < 20, "\(shown)")
        #expect(frame.nodes.count < 100)
        #expect(frame.nodes.contains { $0.id.hasPrefix("page.orders#2.row.0") && $0.text?.lines == ["Row 1"] })
        withExtendedLifetime(samples) {}
    }
}
