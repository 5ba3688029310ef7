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

/// What plugins are told of the display traits (ABI 1.1), through a C plugin
/// (Tests/Fixtures/traits_plugin.c, compiled with cc) that uses all three extensions:
/// "pop.traits/1" during its build and configure, "pop.content_style/1" in its content, and
/// "pop.trait_observer/1" on its view loader and controller loader, whose calls it logs where the
/// test reads them (its exported traits_fixture_log()).
@Suite(.serialized) struct TraitExtensionTests {
    static let view = "com.pophost.traitsfixture.view"
    static let controller = "com.pophost.traitsfixture.controller"
    static let darkAX5 = DisplayTraits(
        appearance: .dark, contentSize: .accessibilityExtraExtraExtraLarge, layoutDirection: .rightToLeft, reduceMotion: true)

    final class Plugin: @unchecked Sendable {
        let directory = TemporaryDirectory()
        let discovery: PluginRegistry.Discovery
        var path: String { directory.file("traits.so") }

        init() throws {
            try Fixture.compile("traits_plugin.c", to: directory.file("traits.so"))
            discovery = try makeRegistry([directory.path], cache: directory.file("registry.cache")).discover()
        }

        func takeLog() -> [String] { Fixture.takeLog(of: path, prefix: "traits_fixture") }
    }

    let plugin = try! Plugin()

    func show(_ t: TracedHost, _ data: Value = [:]) -> RequestID {
        let id = t.chef.show(PopupRequest(viewLoader: Self.view, controllerLoader: Self.controller, data: data))
        t.chef.runUntilIdle()
        return id
    }

    /// The text of every text node, depth first.
    static func lines(_ node: ContentNode) -> [String] {
        if case .text(let string, _, _, _, _, _) = node.kind { return [string] }
        return node.children.flatMap(lines)
    }

    /// The text node whose string is `string`.
    static func text(_ string: String, in node: ContentNode) -> ContentNode? {
        if case .text(string, _, _, _, _, _) = node.kind { return node }
        return node.children.lazy.compactMap { text(string, in: $0) }.first
    }

    @Test("get answers the chef's traits during build and configure; resolve_color and text_size follow them")
    func toldDuringBuild() throws {
        for (traits, told, resolved) in [
            (DisplayTraits(), "light l ltr off", "label #000000FF body 17"),
            (Self.darkAX5, "dark ax5 rtl on", "label #FFFFFFFF body 53"),
            (DisplayTraits(contentSize: .extraSmall), "light xs ltr off", "label #000000FF body 14"),
        ] {
            let t = TracedHost(plugins: plugin.discovery, staged: true)
            t.engine.setDisplayTraits(traits)
            _ = plugin.takeLog()
            let id = show(t)
            let screen = try #require(t.engine.popups[id])
            #expect(Array(Self.lines(screen.built).prefix(2)) == ["traits \(told)", resolved])
            #expect(plugin.takeLog() == ["configure \(told)"])
        }
    }

    @Test("content named by meaning holds the default traits' values and is resolved for the appearance and text size")
    func contentByMeaning() throws {
        let t = TracedHost(plugins: plugin.discovery, staged: true)
        let id = show(t)
        let screen = try #require(t.engine.popups[id])
        let styled = try #require(Self.text("Styled", in: screen.built))
        guard case .text(_, let size, _, let color, _, _) = styled.kind else { return }
        #expect(size == 17 && color == 0x0000_00FF)
        #expect(styled.semantics == ContentSemantics(foreground: .label, textStyle: .body))
        #expect(screen.built.semantics == ContentSemantics(background: .systemBackground, border: .separator, direction: .playback))
        #expect(screen.built.background == 0xFFFF_FFFF && screen.built.border == ContentNode.Border(width: 1, color: 0x3C3C_4349))
        #expect(screen.content == screen.built.resolved(for: DisplayTraits()))

        t.engine.setDisplayTraits(Self.darkAX5)
        let dark = try #require(Self.text("Styled", in: screen.content))
        guard case .text(_, let darkSize, _, let darkColor, _, _) = dark.kind else { return }
        #expect(darkSize == 53 && darkColor == 0xFFFF_FFFF)
        // An alert floats on dark's elevated level.
        #expect(screen.content.background == 0x1C1C_1EFF)
        #expect(screen.content.border?.color == 0x5454_5899)
    }

    @Test("traits_changed: once per change for each observing component, view loader first, traced, under the new traits")
    func observed() {
        let t = TracedHost(plugins: plugin.discovery, staged: true)
        let id = show(t)
        _ = plugin.takeLog()
        t.engine.setDisplayTraits(DisplayTraits(appearance: .dark))
        #expect(
            plugin.takeLog() == [
                "view dark l ltr off (get: dark l ltr off)", "controller dark l ltr off (get: dark l ltr off)",
            ])
        t.engine.setDisplayTraits(DisplayTraits(appearance: .dark))
        #expect(plugin.takeLog().isEmpty, "no change, no call")
        t.engine.setDisplayTraits(DisplayTraits(appearance: .dark, contentSize: .accessibilityMedium))
        #expect(plugin.takeLog().count == 2)
        let observed = t.recorder.events.filter { $0.kind == .traitsObserved }
        #expect(observed.map(\.request) == [id, id, id, id])
        #expect(
            observed.compactMap(\.detail) == [
                "view-loader \(Self.view)", "controller-loader \(Self.controller)", "view-loader \(Self.view)",
                "controller-loader \(Self.controller)",
            ])
        // A popup built after the changes says what its plugin heard.
        t.chef.dismiss(id)
        t.chef.runUntilIdle()
        let next = show(t)
        #expect(Self.lines(t.engine.popups[next]!.built)[2] == "heard 4: controller dark ax1 ltr off")
    }

    @Test("misuse of pop.content_style/1 makes the content invalid with a clear error")
    func misuse() {
        let t = TracedHost(plugins: plugin.discovery, staged: true)
        for (misuse, message) in [
            ("no-node", "text_style: no node to modify"),
            ("not-text", "foreground: the node is a button, not text (foreground applies to text nodes)"),
            ("unknown-style", "text_style: unknown style 99"),
            ("unknown-color", "background: unknown colour 99"),
            ("bad-direction", "direction: unknown direction 7"),
            ("bad-width", "border: width -1.0 is negative or not finite"),
        ] {
            let id = show(t, ["misuse": .string(misuse)])
            #expect(t.finals[id] == [.cancelled(.pluginError)], "\(misuse)")
            let failure = t.chef.failure(of: id)?.description ?? ""
            #expect(failure.contains("its content is invalid: \(message)"), "\(misuse): \(failure)")
        }
    }

    @Test("the samples mark their text by meaning: as written in light at the default size, following dark and AX5")
    func samples() throws {
        let samples = try IsolatedSamples()
        let t = TracedHost(plugins: samples.discovery, staged: true)
        for (view, handler) in [
            ("com.pophost.samples.c.test-view", "com.pophost.samples.c.high-priority-handler"),
            ("com.pophost.samples.swift.test-view", nil),
        ] {
            t.engine.setDisplayTraits(DisplayTraits())
            let id = t.chef.show(PopupRequest(handler: handler, viewLoader: view, controllerLoader: "com.pophost.samples.c.pop-controller"))
            t.chef.runUntilIdle()
            let screen = try #require(t.engine.popups[id], "\(view)")
            #expect(screen.content == screen.built, "\(view): the default traits draw what was built")
            let title = try #require(Self.text("CSPopKit", in: screen.built))
            #expect(title.semantics == ContentSemantics(foreground: .label, textStyle: .headline), "\(view)")
            #expect(screen.built.semantics == ContentSemantics(background: .systemBackground), "\(view)")
            t.engine.setDisplayTraits(Self.darkAX5)
            let dark = try #require(Self.text("CSPopKit", in: screen.content))
            guard case .text(_, let size, _, let color, _, _) = dark.kind else { return }
            #expect(size == 53 && color == 0xFFFF_FFFF, "\(view)")
            #expect(screen.content.background == 0x1C1C_1EFF, "\(view)")
            t.chef.dismiss(id)
            t.chef.runUntilIdle()
        }
    }

    @Test("the traits of a call: the innermost on this thread; none outside every call (get answers false)")
    func scope() {
        #expect(TraitScope.current == nil)
        let inner = TraitScope.with(Self.darkAX5) { TraitScope.with(DisplayTraits()) { TraitScope.current } }
        #expect(inner == DisplayTraits())
        #expect(TraitScope.with(Self.darkAX5) { TraitScope.current } == Self.darkAX5)
        #expect(TraitScope.current == nil)
    }
}
