import PopChef
import PopRuntimeTestSupport
import Testing

@testable import PopModel
@testable import PopPresentation

/// Alerts look like iOS alerts: their trailing buttons span the alert, two side by side, three and more
/// stacked, with hairlines; the rest of the content and every node id stay as they were.
@Suite struct AlertActionsTests {
    static func button(_ title: String, _ style: ContentNode.ButtonStyle = .default, _ action: String) -> ContentNode {
        ContentNode(.button(title, style: style, action: action))
    }

    static func text(_ string: String) -> ContentNode {
        ContentNode(.text(string, size: 17, weight: .regular, color: 0x000000FF, alignment: .center, maxLines: 0))
    }

    static func alert(_ children: [ContentNode]) -> ContentNode {
        ContentNode(
            .vstack(spacing: 12, alignment: .fill, children: children), padding: EdgeInsets(top: 20, leading: 20, bottom: 20, trailing: 20))
    }

    @Test("two actions: side by side across the whole alert, a hairline above and one between")
    func twoSideBySide() throws {
        let actions = try #require(
            AlertActions(
                Self.alert([Self.text("Title"), Self.button("Claim", .default, "claim"), Self.button("Not now", .plain, "pop.dismiss")]),
                traits: DisplayTraits()))
        #expect(actions.sideBySide && actions.height == 44)
        let laid = actions.layout(in: Rect(x: 10, y: 100, width: 270, height: 120))
        #expect(laid.children.count == 3, "the ids (child indices) stay")
        #expect(laid.children[0].frame.y == 120, "the body keeps its padding")
        #expect(laid.children[1].frame == Rect(x: 10, y: 176, width: 135, height: 44))
        #expect(laid.children[2].frame == Rect(x: 145, y: 176, width: 135, height: 44))
        #expect(laid.children[1].chrome == .alertAction && laid.children[0].chrome == .standard)
        #expect(laid.separators == [Rect(x: 10, y: 176, width: 270, height: 0.5), Rect(x: 145, y: 176, width: 0.5, height: 44)])
    }

    @Test("three actions (a row of two and one more): stacked, each across the alert, hairlines between")
    func threeStacked() throws {
        let content = Self.alert([
            Self.text("Payment"), ContentNode(.textField(id: "password", placeholder: "", secure: true)),
            ContentNode(
                .hstack(
                    spacing: 8, alignment: .fill,
                    children: [Self.button("Cancel", .cancel, "cancel"), Self.button("Confirm", .default, "confirm")])),
            Self.button("Forgot password?", .plain, "forgot"),
        ])
        let actions = try #require(AlertActions(content, traits: DisplayTraits()))
        #expect(!actions.sideBySide && actions.buttons.count == 3 && actions.height == 132)
        let size = actions.size(limit: Size(width: 270, height: 800))
        let body = LayoutEngine.sizeThatFits(actions.body, limit: Size(width: 270, height: 800), traits: DisplayTraits())
        #expect(size.height == body.height + 132)
        let laid = actions.layout(in: Rect(x: 0, y: 0, width: 270, height: size.height))
        let row = laid.children[2]
        #expect(row.frame == Rect(x: 0, y: body.height, width: 270, height: 88))
        #expect(
            row.children.map(\.frame) == [
                Rect(x: 0, y: body.height, width: 270, height: 44), Rect(x: 0, y: body.height + 44, width: 270, height: 44),
            ])
        #expect(laid.children[3].frame == Rect(x: 0, y: body.height + 88, width: 270, height: 44))
        #expect(laid.separators.map(\.y) == [body.height, body.height + 44, body.height + 88])
    }

    @Test("content that does not end with buttons, or a banner, is laid out as it is")
    func untouched() {
        #expect(AlertActions(Self.alert([Self.button("OK", .default, "ok"), Self.text("after")]), traits: DisplayTraits()) == nil)
        #expect(
            AlertActions(
                ContentNode(.hstack(spacing: 0, alignment: .fill, children: [Self.button("OK", .default, "ok")])), traits: DisplayTraits())
                == nil)
    }

    @Test("on a stage: the payment dialog's actions are drawn as text across the alert with hairlines; taps still reach them")
    func onStage() throws {
        let stage = try TestStage()
        let id = stage.chef.show(
            PopupRequest(
                handler: "com.pophost.samples.c.payment-handler", viewLoader: "com.pophost.samples.c.payment-view",
                data: ["amount": 12.5]))
        stage.advance(1000)
        let frame = stage.stage.frame()
        let card = try #require(stage.card(id))
        let buttons = frame.nodes.filter { $0.role == .button && $0.request == id }
        #expect(buttons.map(\.action) == ["cancel", "confirm", "forgot"])
        for button in buttons {
            #expect(button.rect.x == card.rect.x && button.rect.width == card.rect.width && button.rect.height == 44)
            #expect(button.fill == nil && button.text?.color == 0x007AFFFF)
        }
        #expect(buttons.first { $0.action == "confirm" }?.text?.weight == .semibold)
        #expect(frame.nodes.filter { $0.role == .divider && $0.id.hasPrefix("popup.\(id).content.separator.") }.count == 3)
        stage.chef.setText("123456", field: "password", on: id)
        stage.stage.tap(at: try #require(buttons.first { $0.action == "confirm" }).bounds.center)
        stage.advance(1000)
        #expect(stage.chef.finalEvent(of: id) == .dismissed(.action))
    }

    @Test("an image placeholder's name sits at the bottom of its tile; a tile too low for both has none")
    func imageLabel() {
        let tile = Rect(x: 0, y: 0, width: 230, height: 120)
        let line = ContentStyle.imageLabel("promo-banner", in: tile, color: 0x8E8E_93FF).map { $0.lineRect(0, in: tile) }
        #expect(line.map { $0.y + $0.height } == 114, "its line ends 6 points above the tile's bottom")
        #expect(ContentStyle.imageLabel("bell", in: Rect(x: 0, y: 0, width: 40, height: 40), color: 0x8E8E_93FF) == nil)
    }

    @Test("the status bar shows the time, signal, Wi-Fi and battery; the list's separators are drawn over its rows")
    func appScreen() {
        let nodes = AppScreen().nodes(in: Scene(), traits: DisplayTraits())
        let ids = nodes.map(\.id)
        for icon in ["signal.3", "wifi.0", "battery", "battery.charge", "battery.cap"] { #expect(ids.contains("app.status-bar.\(icon)")) }
        let lastRow = ids.lastIndex { $0.hasPrefix("app.row.") && !$0.hasSuffix(".separator") }!
        #expect(ids.indices.filter { ids[$0].hasSuffix(".separator") && ids[$0].hasPrefix("app.row.") }.allSatisfy { $0 > lastRow })
    }
}
