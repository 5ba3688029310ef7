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

/// "pop.list/1" in a sheet (ABI 1.3): the C fixture of ListExtensionTests (Tests/Fixtures/list_plugin.c) shown
/// as a sheet lists its rows on demand below its content, as a page does; built declaring ABI 1.2
/// (LIST_FIXTURE_MINOR=2), the same source's sheet shows build()'s content only.
@Suite(.serialized) struct SheetListTests {
    static let view = "com.pophost.listfixture.view"
    static let controller = "com.pophost.listfixture.controller"

    let plugin = try! ListExtensionTests.Plugin()

    /// A sheet of the fixture shown and at rest on a stage; its request.
    static func sheet(_ t: TracedHost, _ data: Value) -> RequestID {
        let id = t.chef.show(PopupRequest(viewLoader: view, controllerLoader: controller, data: data))
        t.chef.runUntilIdle()
        return id
    }

    /// The rows whose nodes `frame` holds for request `id`, in order.
    static func rows(in frame: Frame, of id: RequestID) -> [Int] {
        ListExtensionTests.rows(in: frame, prefix: "popup.\(id).row.")
    }

    @Test("a sheet of 10,000 rows builds only the rows in its visible band and the margin, below its content, the card's width each")
    func onlyVisibleRows() throws {
        let t = TracedHost(plugins: plugin.discovery, staged: true)
        let stage = try #require(t.stage)
        _ = plugin.takeBuilt()
        let id = Self.sheet(t, ["title": "Orders", "rows": 10_000, "sheet": true])
        #expect(t.chef.state(of: id) == .shown)
        let frame = stage.frame()
        let card = try #require(frame.node("popup.\(id)")).rect
        let header = try #require(frame.node("popup.\(id).content")).rect
        #expect(header.height < 100, "the header at its intrinsic height: \(header)")
        let expected = Int(((card.height + 100 - header.height) / 44).rounded(.up))
        #expect(Self.rows(in: frame, of: id) == Array(0..<expected))
        #expect(plugin.takeBuilt() == Array(0..<expected))
        let first = try #require(frame.node("popup.\(id).row.0"))
        #expect(first.rect == Rect(x: card.x, y: card.y + header.height, width: card.width, height: 44))
        #expect(first.request == id)
        #expect(frame.node("popup.\(id)")?.scroll == Scroll(offset: 0, contentHeight: header.height + 440_000))
        _ = stage.frame()
        #expect(plugin.takeBuilt() == [], "the next frame builds nothing")
    }

    @Test("scrolling the sheet's content builds only the rows that enter the band; a row keeps its id and moves by the scroll")
    func scrolling() throws {
        let t = TracedHost(plugins: plugin.discovery, staged: true)
        let stage = try #require(t.stage)
        let id = Self.sheet(t, ["rows": 10_000, "sheet": true])
        var frame = stage.frame()
        var shown = Self.rows(in: frame, of: id)
        _ = plugin.takeBuilt()
        for delta in [-440.0, -4400, -1, 220, 4400] {
            #expect(t.engine.sheets.scroll(id, by: delta) == .content)
            let next = stage.frame()
            let now = Self.rows(in: next, of: id)
            #expect(plugin.takeBuilt() == now.filter { !shown.contains($0) }, "scrolled by \(delta)")
            // A row on screen in both frames has the same id, moved by the scroll.
            if let row = now.first(where: { shown.contains($0) }) {
                let before = try #require(frame.node("popup.\(id).row.\(row)")).rect.y
                let after = try #require(next.node("popup.\(id).row.\(row)")).rect.y
                #expect(after - before == delta, "row \(row) scrolled by \(delta)")
            }
            frame = next
            shown = now
        }
        #expect(t.engine.sheets.scroll(id, by: -1e9) == .content)
        #expect(Self.rows(in: stage.frame(), of: id).last == 9_999)
    }

    @Test("a failing row of a sheet is traced misbehaviour for its request and drawn empty; a bad count ends the request")
    func misuse() throws {
        let t = TracedHost(plugins: plugin.discovery, staged: true)
        let stage = try #require(t.stage)
        let id = Self.sheet(t, ["rows": 50, "fail_row": 2, "sheet": true])
        #expect(Self.rows(in: stage.frame(), of: id).prefix(3) == [0, 1, 3])
        let reported = t.recorder.events.filter { $0.kind == .misbehaviour }
        #expect(reported.map(\.request) == [id])
        #expect(reported.compactMap(\.detail) == ["view loader \(Self.view): row 2: build_row returned false"])
        let bad = Self.sheet(t, ["rows": -1, "sheet": true])
        #expect(t.chef.failure(of: bad)?.description == "view loader \(Self.view): row_count returned -1, not 0…1000000")
    }

    @Test("a kept row's button taps the sheet's action: pop.dismiss on row 0 dismisses it (reason action)")
    func rowButtons() throws {
        let t = TracedHost(plugins: plugin.discovery, staged: true)
        let stage = try #require(t.stage)
        let id = Self.sheet(t, ["rows": 100, "buttons": true, "row_action": "pop.dismiss", "sheet": true])
        let row = try #require(stage.frame().node("popup.\(id).row.0")).rect
        #expect(stage.tap(at: Point(x: row.x + row.width / 2, y: row.y + row.height / 2)) == .action(id, "pop.dismiss"))
        t.chef.runUntilIdle()
        #expect(t.chef.finalEvent(of: id) == .dismissed(.action))
    }

    @Test("other styles show build()'s content only: the fixture's popup that is no sheet (presented as an alert) asks for no row")
    func notASheet() throws {
        let t = TracedHost(plugins: plugin.discovery, staged: true)
        let stage = try #require(t.stage)
        _ = plugin.takeBuilt()
        let id = Self.sheet(t, ["title": "Orders", "rows": 10_000])
        #expect(Self.rows(in: stage.frame(), of: id) == [])
        #expect(plugin.takeBuilt() == [])
    }

    @Test("a plugin declaring ABI 1.2 that offers the table on a sheet shows build()'s content only: the frame of a sheet without rows")
    func abi12() throws {
        let old = try ListExtensionTests.Plugin(["-DLIST_FIXTURE_MINOR=2"])
        #expect(old.discovery.entries.first?.info?.abiVersion.minor == 2)
        let t = TracedHost(plugins: old.discovery, staged: true)
        let stage = try #require(t.stage)
        _ = old.takeBuilt()
        let id = Self.sheet(t, ["title": "Orders", "rows": 10_000, "sheet": true])
        let frame = stage.frame()
        #expect(Self.rows(in: frame, of: id) == [])
        #expect(old.takeBuilt() == [])
        // The same sheet of a 1.3 plugin that lists no rows draws the same frame.
        let current = TracedHost(plugins: plugin.discovery, staged: true)
        let none = Self.sheet(current, ["title": "Orders", "rows": 0, "sheet": true])
        #expect(none == id)
        #expect(try #require(current.stage).frame() == frame)
    }
}
