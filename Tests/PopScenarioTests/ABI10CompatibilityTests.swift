import PopRuntimeTestSupport
import Testing

@testable import PopBridge
@testable import PopChef
@testable import PopLoader
@testable import PopModel
@testable import PopPresentation

/// ABI 1.0 plugins keep loading and behaving in this host (ABI 1.3): the released C sample and a 1.0
/// promotion handler (Tests/Fixtures/abi-1.0), compiled with `cc` against the 1.0 headers as
/// released — and the same sources compiled, unchanged and without a warning, against today's.
@Suite struct ABI10CompatibilityTests {
    static let c = "com.pophost.samples.c"

    /// A chef on a stage over freshly built 1.0 plugins.
    final class Host {
        let plugins: ABI10Plugins
        let discovery: PluginRegistry.Discovery
        let t: TracedHost

        init(_ headers: ABI10Plugins.Headers) throws {
            plugins = try ABI10Plugins(headers: headers)
            discovery = try plugins.discover()
            t = TracedHost(plugins: discovery, staged: true)
        }
    }

    @Test(
        "the released 1.0 sample describes itself as it did: ABI 1.0.0, its six components",
        arguments: [ABI10Plugins.Headers.released, .current])
    func loads(headers: ABI10Plugins.Headers) throws {
        let plugins = try ABI10Plugins(headers: headers)
        let info = try PluginLoader.describe(path: plugins.sample).get()
        #expect(info.abiVersion == (headers == .released ? ABIVersion(major: 1, minor: 0, patch: 0) : ABIVersion.host))
        #expect(info.plugin.id == Self.c)
        #expect(
            info.components.map(\.descriptor.id)
                == [
                    "high-priority-handler", "payment-handler", "test-view", "payment-view", "pop-controller",
                    "custom-animation-controller",
                ].map { "\(Self.c).\($0)" })
        let promotion = try PluginLoader.describe(path: plugins.promotion).get()
        #expect(promotion.components.map(\.descriptor.id) == ["com.pophost.abi10.promotion-handler"])
    }

    @Test(
        "a 1.0 view loader in dark at AX5: its content is drawn as written, and it is told nothing",
        arguments: [ABI10Plugins.Headers.released, .current])
    func fixedUnderTraits(headers: ABI10Plugins.Headers) throws {
        let host = try Host(headers)
        let t = host.t
        t.engine.setDisplayTraits(DisplayTraits(appearance: .dark, contentSize: .accessibilityExtraExtraExtraLarge))
        let id = t.chef.show(
            PopupRequest(
                handler: "\(Self.c).high-priority-handler", viewLoader: "\(Self.c).test-view", controllerLoader: "\(Self.c).pop-controller")
        )
        t.chef.runUntilIdle()
        #expect(t.chef.state(of: id) == .shown)
        let screen = try #require(t.engine.popups[id])
        #expect(!screen.built.hasSemantics)
        #expect(screen.content == screen.built)
        t.engine.setDisplayTraits(DisplayTraits(appearance: .light))
        #expect(screen.content == screen.built)
        #expect(!t.recorder.events.contains { $0.kind == .traitsObserved })
    }

    @Test(
        "the 1.0 payment dialog: a wrong password keeps it, 123456 confirms and dismisses it",
        arguments: [ABI10Plugins.Headers.released, .current])
    func paymentDialog(headers: ABI10Plugins.Headers) throws {
        let host = try Host(headers)
        let t = host.t
        let id = t.chef.show(
            PopupRequest(
                handler: "\(Self.c).payment-handler", viewLoader: "\(Self.c).payment-view",
                controllerLoader: "\(Self.c).pop-controller", data: ["amount": 12.5, "order": "A-1"]))
        t.chef.runUntilIdle()
        #expect(t.chef.state(of: id) == .shown)
        #expect(t.chef.setText("12", field: "password", on: id))
        #expect(t.chef.tap(action: "confirm", on: id))
        t.chef.runUntilIdle()
        #expect(t.chef.state(of: id) == .shown)
        #expect(!t.chef.userDismiss(id, reason: .backgroundTap))  // vetoed while the payment is open
        t.chef.setText("123456", field: "password", on: id)
        t.chef.tap(action: "confirm", on: id)
        t.chef.runUntilIdle()
        #expect(t.finals[id] == [.dismissed(.action)])
        #expect(t.recorder.events.filter { $0.kind == .action }.compactMap(\.detail) == ["confirm → keep", "confirm → dismiss"])
        #expect(t.recorder.events.filter { $0.kind == .misbehaviour }.isEmpty)
        #expect(t.source!.liveInstances == 0)
    }

    @Test("the 1.0 promotion: should_present answers later, from on_main_thread, through its pop_answer_fn")
    func asynchronousShouldPresent() throws {
        let host = try Host(.released)
        let t = host.t
        let handler = "com.pophost.abi10.promotion-handler"
        let yes = t.chef.show(PopupRequest(handler: handler, data: ["campaign": "spring", "title": "Spring sale"]))
        let no = t.chef.show(PopupRequest(handler: handler, data: ["campaign": "autumn", "eligible": false]))
        #expect(t.chef.state(of: yes) == .idle)
        #expect(!t.events(of: yes).contains("answered"))  // not during the call
        t.chef.advance(by: .zero)  // one turn of the loop delivers on_main_thread
        #expect(t.events(of: yes).contains("answered"))
        #expect(t.chef.state(of: yes) == .presenting)
        #expect(t.finals[no] == [.cancelled(.vetoed)])
        t.chef.runUntilIdle()
        t.chef.dismiss(yes)
        t.chef.runUntilIdle()
        #expect(t.finals[yes] == [.dismissed(.requested)])
        #expect(t.source!.liveInstances == 0)
    }

    @Test("the 1.0 custom animation: animate_show's keyframes and its pop_done_fn from on_main_thread")
    func customAnimation() throws {
        let host = try Host(.released)
        let t = host.t
        let id = t.chef.show(
            PopupRequest(
                handler: "\(Self.c).high-priority-handler", viewLoader: "\(Self.c).test-view",
                controllerLoader: "\(Self.c).custom-animation-controller"))
        #expect(t.chef.state(of: id) == .presenting)
        guard case .keyframes(let track)? = t.engine.popups[id]?.motion else { Issue.record("no keyframes"); return }
        #expect(track.animations.count == 2)
        t.chef.runUntilIdle()
        #expect(t.chef.state(of: id) == .shown)
        #expect(t.time(of: "did-present", id) == 400)
        t.chef.dismiss(id)
        t.chef.runUntilIdle()
        #expect(t.finals[id] == [.dismissed(.requested)])
        #expect(t.time(of: "dismissed", id) == 700)
        #expect(t.recorder.events.filter { $0.kind == .misbehaviour }.isEmpty)
    }
}
