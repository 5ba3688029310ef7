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

/// "pop.sheet/1" through the bridge: a C plugin (Tests/Fixtures/sheet_plugin.c, compiled with cc)
/// configures a sheet and a popover, resolves a custom detent, and hears every callback, which it
/// logs where the test reads it (its exported sheet_fixture_log()). The C sample's share sheet and
/// popover controllers are shown too.
@Suite(.serialized) struct SheetExtensionTests {
    static let controller = "com.pophost.sheetfixture.controller"

    final class Plugin: @unchecked Sendable {
        let directory = TemporaryDirectory()
        let discovery: PluginRegistry.Discovery
        var path: String { directory.file("sheet.so") }

        init() throws {
            try Fixture.compile("sheet_plugin.c", to: directory.file("sheet.so"))
            discovery = try makeRegistry([directory.path], cache: directory.file("registry.cache")).discover()
        }

        /// What the plugin heard since the last call (the library the host loaded, found by its path).
        func takeLog() -> [String] { Fixture.takeLog(of: path, prefix: "sheet_fixture") }
    }

    let plugin = try! Plugin()

    func show(_ t: TracedHost, _ data: Value = [:]) -> RequestID {
        let id = t.chef.show(PopupRequest(controllerLoader: Self.controller, data: data))
        t.chef.runUntilIdle()
        return id
    }

    func drag(_ t: TracedHost, from: Double, to: Double) {
        t.stage!.pointerDown(at: Point(x: 195, y: from))
        for step in 1...10 {
            t.chef.advance(by: .milliseconds(20))
            t.stage!.pointerMoved(to: Point(x: 195, y: from + (to - from) * Double(step) / 10))
        }
        t.stage!.pointerUp(at: Point(x: 195, y: to))
        t.chef.runUntilIdle()
    }

    @Test("configure_sheet and resolve_detent: the plugin's detents, selection, grabber and corner radius")
    func configuration() throws {
        let t = TracedHost(plugins: plugin.discovery, staged: true)
        let id = show(t)
        _ = plugin.takeLog()
        #expect(
            t.engine.sheets.detents(of: id) == [
                ResolvedDetent(id: "small", height: 196.75), ResolvedDetent(id: "medium", height: 393.5),
                ResolvedDetent(id: "large", height: 787),
            ])
        #expect(t.engine.sheets.selectedDetent(of: id) == "medium")
        let frame = t.stage!.frame()
        #expect(frame.node("popup.\(id).grabber") != nil)
        #expect(frame.node("popup.\(id)")?.cornerRadius == 20)
    }

    @Test("callbacks: drag progress, a user's detent change, the completed dismissal's order")
    func callbacks() {
        let t = TracedHost(plugins: plugin.discovery, staged: true)
        let id = show(t)
        _ = plugin.takeLog()
        drag(t, from: 500, to: 300)
        let log = plugin.takeLog()
        #expect(log.count == 11)
        #expect(log.first == "drag 413.50 medium large 0.051")
        #expect(log.last == "detent large")
        #expect(t.engine.sheets.selectedDetent(of: id) == "large")
        drag(t, from: 100, to: 800)
        #expect(plugin.takeLog().filter { !$0.hasPrefix("drag ") } == ["will-dismiss", "did-dismiss"])
        #expect(t.finals[id] == [.dismissed(.swipe)])
    }

    @Test("modal: did_attempt_to_dismiss and no will or did dismiss; programmatic: none of them")
    func attemptsAndProgrammatic() {
        let t = TracedHost(plugins: plugin.discovery, staged: true)
        let modal = show(t, ["modal": true])
        _ = plugin.takeLog()
        t.engine.sheets.selectDetent("small", on: modal)
        t.chef.runUntilIdle()
        drag(t, from: 700, to: 840)
        #expect(plugin.takeLog().filter { !$0.hasPrefix("drag ") } == ["did-attempt"])
        #expect(t.chef.state(of: modal) == .shown)
        t.chef.dismiss(modal)
        t.chef.runUntilIdle()
        #expect(plugin.takeLog().isEmpty)
        #expect(t.finals[modal] == [.dismissed(.requested)])
    }

    @Test("a broken configuration ends the request with a message naming the field; a NaN detent is a misbehaviour")
    func brokenConfiguration() {
        let t = TracedHost(plugins: plugin.discovery, staged: true)
        let zero = show(t, ["detent_count": 0])
        #expect(t.finals[zero] == [.cancelled(.pluginError)])
        let null = show(t, ["null_detent": true])
        #expect(t.finals[null] == [.cancelled(.pluginError)])
        let messages = t.recorder.events.filter { $0.kind == .misbehaviour }.compactMap(\.detail)
        #expect(messages.contains { $0.contains("detent_count has the invalid value 0") })
        #expect(messages.contains { $0.contains("detents[1] has the invalid value NULL") })

        let nan = show(t, ["bad_resolve": true])
        #expect(t.chef.state(of: nan) == .shown)
        #expect(t.engine.sheets.detents(of: nan).map(\.id) == ["medium", "large"])
        #expect(
            t.recorder.events.contains {
                $0.kind == .misbehaviour && $0.request == nan && ($0.detail ?? "").contains("\"small\" resolved to nan")
            })
    }

    @Test("without configure_sheet's changes: UIKit's defaults, one large detent")
    func defaults() {
        let t = TracedHost(plugins: plugin.discovery, staged: true)
        let id = show(t, ["no_config": true])
        #expect(t.engine.sheets.detents(of: id) == [ResolvedDetent(id: "large", height: 787)])
        #expect(t.stage!.frame().node("popup.\(id).grabber") == nil)
    }

    @Test("the popover: anchored in regular width with its passthrough, a sheet on a phone")
    func popover() throws {
        let t = TracedHost(plugins: plugin.discovery, staged: true)
        t.engine.resize(
            to: Scene(
                width: 1024, height: 768, safeArea: EdgeInsets(top: 24, leading: 0, bottom: 20, trailing: 0),
                keyboardHeight: 400, scale: 2))
        let id = show(t, ["popover": true])
        #expect(t.engine.sheets.isPopover(id))
        #expect(t.stage!.frame().node("popup.\(id)")?.rect == Rect(x: 470, y: 153, width: 300, height: 180))
        #expect(t.stage!.tap(at: Point(x: 10, y: 740)) == .app)
        t.engine.resize(to: Scene())
        #expect(!t.engine.sheets.isPopover(id))
        #expect(t.engine.sheets.selectedDetent(of: id) == "medium")
    }

    @Test("the C sample's share sheet (undimmed at medium) and popover (a custom detent on a phone)")
    func samples() throws {
        let samples = try IsolatedSamples()
        let t = TracedHost(plugins: samples.discovery, staged: true)
        let share = t.chef.show(
            PopupRequest(
                handler: "com.pophost.samples.c.high-priority-handler", viewLoader: "com.pophost.samples.c.test-view",
                controllerLoader: "com.pophost.samples.c.share-sheet-controller",
                data: ["title": "Share", "message": "Send the photo"]))
        t.chef.runUntilIdle()
        #expect(t.engine.sheets.selectedDetent(of: share) == "medium")
        #expect(t.stage!.frame().node("popup.\(share).dimming") == nil)
        #expect(t.stage!.tap(at: Point(x: 195, y: 200)) == .app)
        let popover = t.chef.show(
            PopupRequest(
                handler: "com.pophost.samples.c.high-priority-handler", viewLoader: "com.pophost.samples.c.test-view",
                controllerLoader: "com.pophost.samples.c.popover-controller",
                data: ["title": "Filter", "message": "Choose"]))
        t.chef.runUntilIdle()
        #expect(
            t.engine.sheets.detents(of: popover) == [ResolvedDetent(id: "compact", height: 260), ResolvedDetent(id: "large", height: 787)])
        #expect(t.stage!.frame().node("popup.\(share)")?.transform.isIdentity == false)  // pushed back
    }

    @Test("a plugin that sets POP_STYLE_SHEET without the extension gets UIKit's defaults: one large detent, dimmed, draggable away")
    func withoutExtension() throws {
        let directory = TemporaryDirectory()
        let result = try run(
            "/usr/bin/env",
            [
                "cc", "-std=c11", "-shared", "-fPIC", "-fvisibility=hidden", "-I", Repository.abiInclude,
                "-DFIX_SHEET_NO_EXT", "-o", directory.file("plain.so"), Repository.root + "/Tests/Fixtures/sheet_plugin.c",
            ])
        #expect(result.status == 0, "\(result.stderr)")
        let t = TracedHost(plugins: try makeRegistry([directory.path], cache: directory.file("registry.cache")).discover(), staged: true)
        let id = show(t)
        #expect(t.engine.sheets.detents(of: id) == [ResolvedDetent(id: "large", height: 787)])
        #expect(t.stage!.frame().node("popup.\(id).dimming") != nil)
        #expect(t.stage!.frame().node("popup.\(id).grabber") == nil)
        drag(t, from: 100, to: 700)
        #expect(t.finals[id] == [.dismissed(.swipe)])
    }

    @Test("pop.sheet-host/1: the plugin selects a detent (animated, not reported back) and invalidates its detents")
    func hostSide() throws {
        let t = TracedHost(plugins: plugin.discovery, staged: true)
        let id = show(t)
        _ = plugin.takeLog()
        let handle = try #require(dlopen(plugin.path, RTLD_NOW | RTLD_NOLOAD))
        defer { dlclose(handle) }
        let select = unsafeBitCast(
            try #require(dlsym(handle, "sheet_fixture_select")), to: (@convention(c) (UnsafePointer<CChar>) -> Bool).self)
        let invalidate = unsafeBitCast(try #require(dlsym(handle, "sheet_fixture_invalidate")), to: (@convention(c) (Double) -> Bool).self)
        #expect(select("large"))
        t.chef.advance(by: .milliseconds(100))
        #expect(t.engine.sheets.height(of: id)! > 393.5 && t.engine.sheets.height(of: id)! < 787)  // animating
        t.chef.runUntilIdle()
        #expect(t.engine.sheets.selectedDetent(of: id) == "large")
        #expect(!select("nope"))
        #expect(plugin.takeLog().isEmpty)  // not reported
        #expect(t.recorder.events.contains { $0.kind == .detentChanged && $0.detail == "large (programmatic)" })
        #expect(select("small"))
        t.chef.runUntilIdle()
        #expect(t.engine.sheets.height(of: id) == 196.75)
        #expect(invalidate(0.125))
        t.chef.runUntilIdle()
        #expect(t.engine.sheets.height(of: id) == 98.375)
        t.chef.dismiss(id)
        t.chef.runUntilIdle()
        #expect(!select("large"))  // its request has ended
    }

    @Test("the Swift sample's sheet, declared with PopPluginKit's sheet table")
    func swiftKit() throws {
        let samples = try IsolatedSamples()
        let t = TracedHost(plugins: samples.discovery, staged: true)
        let id = t.chef.show(
            PopupRequest(
                handler: "com.pophost.samples.swift.high-priority-handler", viewLoader: "com.pophost.samples.swift.test-view",
                controllerLoader: "com.pophost.samples.swift.sheet-controller", data: ["title": "Share", "message": "Send"]))
        t.chef.runUntilIdle()
        #expect(t.engine.sheets.detents(of: id).map(\.id) == ["medium", "large"])
        #expect(t.stage!.frame().node("popup.\(id).grabber") != nil)
        #expect(t.stage!.tap(at: Point(x: 195, y: 200)) == .app)  // undimmed at medium
    }
}
