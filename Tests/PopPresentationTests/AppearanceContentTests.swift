import PopRuntimeTestSupport
import Testing

@testable import PopChef
@testable import PopModel
@testable import PopPresentation

/// Semantic colours in popup content: resolved for the appearance a frame is drawn under, on dark's
/// elevated level in alerts, popovers, sheets and banners; fixed colours a plugin wrote stay as written.
@Suite struct AppearanceContentTests {
    /// A card whose background is systemBackground, with a text in label, one in secondary label on a
    /// secondary system background, and one in a fixed red.
    final class SemanticView: ViewLoaderComponent {
        let id = "test.semantic"
        func build(data: RequestData) throws(ComponentFailure) -> ContentNode {
            ContentNode(
                .vstack(
                    spacing: 8, alignment: .fill,
                    children: [
                        ContentNode(
                            .text("Label", size: 17, weight: .semibold, color: 0x0000_00FF, alignment: .center, maxLines: 1),
                            semantics: ContentSemantics(foreground: .label)),
                        ContentNode(
                            .text("Secondary", size: 13, weight: .regular, color: 0x3C3C_4399, alignment: .center, maxLines: 1),
                            background: 0xF2F2_F7FF,
                            semantics: ContentSemantics(foreground: .secondaryLabel, background: .secondarySystemBackground)),
                        ContentNode(.text("Fixed", size: 13, weight: .regular, color: 0xD002_1BFF, alignment: .center, maxLines: 1)),
                    ]), padding: EdgeInsets(top: 20, leading: 16, bottom: 20, trailing: 16), background: 0xFFFF_FFFF,
                semantics: ContentSemantics(background: .systemBackground))
        }
    }

    let host: TracedHost

    init() {
        let catalog = ComponentCatalog()
        catalog.register(viewLoader: "test.semantic") { SemanticView() }
        host = TracedHost(catalog: catalog, staged: true)
    }

    func show(style: String, appearance: Appearance) -> (Frame, RequestID) {
        host.engine.setDisplayTraits(DisplayTraits(appearance: appearance))
        let id = host.chef.show(
            PopupRequest(viewLoader: "test.semantic", controllerLoader: "pop.theme", data: ["theme": ["style": .string(style)]]))
        host.chef.advance(by: .milliseconds(1000))  // shown, and a banner still on screen
        return (host.stage!.frame(), id)
    }

    @Test("light: the semantic colours' light values, the card the content's background")
    func light() {
        let (frame, id) = show(style: "alert", appearance: .light)
        #expect(frame.node("popup.\(id)")?.fill == 0xFFFF_FFFF)
        #expect(frame.node("popup.\(id).content.0")?.text?.color == 0x0000_00FF)
        #expect(frame.node("popup.\(id).content.1")?.fill == 0xF2F2_F7FF)
        #expect(frame.node("popup.\(id).content.1")?.text?.color == 0x3C3C_4399)
        #expect(frame.node("popup.\(id).content.2")?.text?.color == 0xD002_1BFF)
    }

    @Test("dark, elevated: an alert's, a sheet's and a banner's systemBackground is #1C1C1E, its secondary #2C2C2E; the fixed red stays")
    func darkElevated() {
        for style in ["alert", "sheet", "banner"] {
            let (frame, id) = show(style: style, appearance: .dark)
            #expect(frame.node("popup.\(id)")?.fill == 0x1C1C_1EFF, "\(style)")
            #expect(frame.node("popup.\(id).content.0")?.text?.color == 0xFFFF_FFFF, "\(style)")
            #expect(frame.node("popup.\(id).content.1")?.fill == 0x2C2C_2EFF, "\(style)")
            #expect(frame.node("popup.\(id).content.1")?.text?.color == 0xEBEB_F599, "\(style)")
            #expect(frame.node("popup.\(id).content.2")?.text?.color == 0xD002_1BFF, "\(style)")
        }
    }

    @Test("the same content in light, then dark, then light again mid-run: each frame in its appearance's values")
    func toggles() {
        let (_, id) = show(style: "alert", appearance: .light)
        for appearance in [Appearance.dark, .light, .dark] {
            host.engine.setDisplayTraits(DisplayTraits(appearance: appearance))
            let frame = host.stage!.frame()
            #expect(frame.node("popup.\(id)")?.fill == (appearance == .dark ? 0x1C1C_1EFF : 0xFFFF_FFFF))
            #expect(frame.node("popup.\(id).content.0")?.text?.color == (appearance == .dark ? 0xFFFF_FFFF : 0x0000_00FF))
        }
    }
}
