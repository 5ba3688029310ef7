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

/// What plugins tell a screen reader (ABI 1.1 "pop.accessibility/1"), through a C plugin
/// (Tests/Fixtures/labels_plugin.c, compiled with cc): labels, roles, values, states and hidden
/// nodes reach the content and the frame's accessibility tree; misuse makes the content invalid.
@Suite(.serialized) struct AccessibilityExtensionTests {
    static let view = "com.pophost.labelsfixture.view"

    final class Plugin: @unchecked Sendable {
        let directory = TemporaryDirectory()
        let discovery: PluginRegistry.Discovery

        init() throws {
            try Fixture.compile("labels_plugin.c", to: directory.file("labels.so"))
            discovery = try makeRegistry([directory.path], cache: directory.file("registry.cache")).discover()
        }
    }

    let plugin = try! Plugin()

    @Test("labels, roles, values and states reach the tree; the hidden stars and the grouped children are not read")
    func tree() throws {
        let t = TracedHost(plugins: plugin.discovery, staged: true)
        let id = t.chef.show(PopupRequest(viewLoader: Self.view, data: [:]))
        t.chef.runUntilIdle()
        let stage = try #require(t.stage)
        let tree = stage.accessibilityTree()
        let popup = try #require(tree.containers.first { $0.request == id })
        #expect(popup.role == .alertDialog && popup.modal && popup.label == "Rate your order")
        #expect(
            popup.elements.map { "\($0.role.rawValue) \($0.label)" } == [
                "header Rate your order", "button Close", "image Acme", "text 4.5 stars", "link Terms",
            ])
        #expect(popup.elements[1].traits == [.selected] && popup.elements[1].action == "pop.dismiss")
        #expect(popup.elements[4].value == "v2")
        #expect(tree.hidden == ["app"])
    }

    @Test("misuse of pop.accessibility/1 makes the content invalid with a clear error")
    func misuse() {
        let t = TracedHost(plugins: plugin.discovery, staged: true)
        for (misuse, message) in [
            ("no-node", "label: no node to modify"),
            ("null-label", "label: NULL label"),
            ("unknown-role", "role: unknown role 42"),
            ("unknown-trait", "traits: unknown trait bits 512"),
        ] {
            let id = t.chef.show(PopupRequest(viewLoader: Self.view, data: ["misuse": .string(misuse)]))
            t.chef.runUntilIdle()
            #expect(t.finals[id] == [.cancelled(.pluginError)], "\(misuse)")
            let failure = t.chef.failure(of: id)?.description ?? ""
            #expect(failure.contains("its content is invalid: \(message)"), "\(misuse): \(failure)")
        }
    }
}
