import Testing

@testable import PopModel
@testable import PopPresentation

/// Dynamic Type in layout: text a plugin marks with a text style takes that style's size at the person's text
/// size, the host's control text (buttons, fields, alert actions) follows Body, alerts whose width the host
/// chooses are at most UIKit's 310 pt at the accessibility sizes, and text without a style stays as written.
@Suite struct DynamicTypeLayoutTests {
    static func traits(_ category: ContentSizeCategory) -> DisplayTraits { DisplayTraits(contentSize: category) }
    static let unlimited = Size(width: Double.infinity, height: .infinity)

    static func text(_ string: String, style: TextStyle? = nil) -> ContentNode {
        ContentNode(
            .text(string, size: 17, weight: .regular, color: 0x0000_00FF, alignment: .leading, maxLines: 0),
            semantics: style.map { ContentSemantics(textStyle: $0) })
    }

    static func button(_ title: String, _ action: String, _ style: ContentNode.ButtonStyle = .default) -> ContentNode {
        ContentNode(.button(title, style: style, action: action))
    }

    /// The size a resolved text node was given.
    static func fontSize(_ node: ContentNode) -> Double? {
        if case .text(_, let size, _, _, _, _) = node.kind { size } else { nil }
    }

    @Test(
        "text marked Body is 14, 17 and 53 pt at xs, l and ax5, and as tall as a line at that size",
        arguments: [
            (ContentSizeCategory.extraSmall, 14.0, 17.0), (.large, 17, 20), (.accessibilityExtraExtraExtraLarge, 53, 64),
        ])
    func styledText(category: ContentSizeCategory, size: Double, lineHeight: Double) {
        let traits = Self.traits(category)
        let node = Self.text("Hello", style: .body).resolved(for: traits)
        #expect(Self.fontSize(node) == size)
        #expect(LayoutEngine.sizeThatFits(node, limit: Self.unlimited, traits: traits) == Size(width: 5 * (size * 0.5), height: lineHeight))
    }

    @Test("every text style follows the HIG's table: Large Title 31 / 34 / 60, Caption 2 11 / 11 / 40")
    func otherStyles() {
        let sizes = [ContentSizeCategory.extraSmall, .large, .accessibilityExtraExtraExtraLarge].map { category in
            [TextStyle.largeTitle, .headline, .footnote, .caption2].map {
                Self.fontSize(Self.text("x", style: $0).resolved(for: Self.traits(category)))
            }
        }
        #expect(sizes == [[31, 14, 12, 11], [34, 17, 13, 11], [60, 53, 44, 40]])
    }

    @Test("styled text wraps at the width it has: at ax5 a paragraph takes more lines and its stack grows, children apart")
    func styledParagraphGrows() {
        let paragraph = "Swipe an article into the corner to keep it for later, and tap its bubble to read on."
        let stack = ContentNode(
            .vstack(spacing: 8, alignment: .fill, children: [Self.text("Title", style: .headline), Self.text(paragraph, style: .body)]),
            padding: EdgeInsets(top: 16, leading: 16, bottom: 16, trailing: 16))
        func laid(_ category: ContentSizeCategory) -> LaidOutNode {
            let traits = Self.traits(category)
            let resolved = stack.resolved(for: traits)
            let size = LayoutEngine.sizeThatFits(resolved, limit: Size(width: 300, height: .infinity), traits: traits)
            return LayoutEngine.layout(resolved, in: Rect(x: 0, y: 0, width: 300, height: size.height), traits: traits)
        }
        let large = laid(.large), huge = laid(.accessibilityExtraExtraExtraLarge)
        #expect(huge.children[1].lines.count > large.children[1].lines.count)
        #expect(huge.frame.height > large.frame.height)
        #expect(huge.children[0].frame.maxY + 8 == huge.children[1].frame.y, "the paragraph starts below the grown title")
        #expect(huge.children[1].frame.maxY + 16 == huge.frame.maxY, "the stack holds its last child and its padding")
    }

    @Test("text without a text style is the same at every size: neither resolved nor measured differently")
    func unstyledUnchanged() {
        let plain = Self.text("A fixed-size line that a 1.0 plugin wrote")
        let atDefault = LayoutEngine.sizeThatFits(plain, limit: Size(width: 200, height: 500), traits: DisplayTraits())
        for category in ContentSizeCategory.allCases {
            #expect(plain.resolved(for: Self.traits(category)) == plain)
            #expect(LayoutEngine.sizeThatFits(plain, limit: Size(width: 200, height: 500), traits: Self.traits(category)) == atDefault)
        }
    }

    @Test(
        "the host's buttons take Body at the text size, 44 pt high at least; text fields grow from 44 at ax1",
        arguments: [
            (ContentSizeCategory.extraSmall, 14.0, 44.0, 44.0), (.large, 17, 44, 44), (.extraExtraExtraLarge, 23, 44, 44),
            (.accessibilityMedium, 28, 50, 50), (.accessibilityExtraExtraExtraLarge, 53, 80, 80),
        ])
    func hostControls(category: ContentSizeCategory, font: Double, buttonHeight: Double, fieldHeight: Double) {
        let traits = Self.traits(category)
        #expect(LayoutEngine.controlFontSize(traits) == font)
        let button = LayoutEngine.sizeThatFits(Self.button("OK", "ok"), limit: Self.unlimited, traits: traits)
        #expect(button == Size(width: 2 * (font * 0.54) + 24, height: buttonHeight))
        let field = ContentNode(.textField(id: "name", placeholder: "Name", secure: false))
        #expect(
            LayoutEngine.sizeThatFits(field, limit: Size(width: 300, height: 500), traits: traits) == Size(width: 300, height: fieldHeight))
    }

    @Test("buttons' titles and fields' text are drawn at the size the layout measured them at")
    func drawnAsMeasured() {
        let traits = Self.traits(.accessibilityExtraExtraExtraLarge)
        let content = ContentNode(
            .vstack(
                spacing: 8, alignment: .fill,
                children: [Self.button("Confirm", "confirm"), ContentNode(.textField(id: "code", placeholder: "Code", secure: false))]))
        let laid = ContentScroll.layout(content, in: Size(width: 300, height: 400), alert: false, traits: traits)
        var nodes: [FrameNode] = []
        ContentStyle(request: 1, transform: .identity, opacity: 1, fields: [:], focused: nil, traits: traits).append(
            laid, id: "c", to: &nodes)
        let button = nodes.first { $0.role == .button }, field = nodes.first { $0.role == .textField }
        #expect(button?.text?.size == 53 && field?.text?.size == 53)
        #expect(button?.text?.lines == ["Confirm"])
        let buttonRun = button?.text, buttonRect = button?.rect ?? Rect(x: 0, y: 0, width: 0, height: 0)
        #expect((buttonRun?.lineHeight ?? .infinity) <= buttonRect.height, "the title's line fits its button")
    }

    static func alert(_ children: [ContentNode]) -> ContentNode {
        ContentNode(
            .vstack(spacing: 12, alignment: .fill, children: children), padding: EdgeInsets(top: 20, leading: 20, bottom: 20, trailing: 20))
    }

    @Test("an alert's two actions share a row up to xxxl and stack at ax1 and up, each a line of Body and padding high")
    func alertActions() throws {
        let content = Self.alert([Self.text("Title"), Self.button("Claim", "claim"), Self.button("Not now", "pop.dismiss", .plain)])
        let xxxl = try #require(AlertActions(content, traits: Self.traits(.extraExtraExtraLarge)))
        #expect(xxxl.sideBySide && xxxl.height == 44)
        let ax1 = try #require(AlertActions(content, traits: Self.traits(.accessibilityMedium)))
        #expect(!ax1.sideBySide && ax1.buttonHeight == 50 && ax1.height == 100)
        let laid = ax1.layout(in: Rect(x: 0, y: 0, width: 310, height: 200))
        #expect(laid.children[1].frame == Rect(x: 0, y: 100, width: 310, height: 50))
        #expect(laid.children[2].frame == Rect(x: 0, y: 150, width: 310, height: 50))
        #expect(laid.separators == [Rect(x: 0, y: 100, width: 310, height: 0.5), Rect(x: 0, y: 150, width: 310, height: 0.5)])
    }

    static func alertWidth(_ category: ContentSizeCategory, _ configure: (inout Presentation) -> Void = { _ in }) -> Double {
        var presentation = Presentation()
        configure(&presentation)
        let scene = Scene()
        let content = Self.alert([
            Self.text("Update available"),
            Self.text(String(repeating: "A long message that wraps over several lines of the alert. ", count: 3)),
            ContentNode(.textField(id: "name", placeholder: "Name", secure: false)),  // as wide as it is offered
            Self.button("OK", "pop.dismiss"),
        ])
        return AlertLayout.frame(
            for: content, presentation: presentation, scene: scene,
            container: AlertLayout.container(for: presentation, in: scene, keyboardHeight: 0), traits: Self.traits(category)
        ).width
    }

    @Test("an alert whose width the host chooses is at most 310 pt at ax1 and up; below, its content decides")
    func alertWidth() {
        #expect(Self.alertWidth(.large) == 350, "the container inside the margins, as before")
        #expect(Self.alertWidth(.extraExtraExtraLarge) == 350)
        #expect(Self.alertWidth(.accessibilityMedium) == 310)
        #expect(Self.alertWidth(.accessibilityExtraExtraExtraLarge) == 310)
        #expect(Self.alertWidth(.accessibilityMedium) { $0.style = .page } == 350, "only alerts take UIKit's alert width")
    }

    @Test("a width the plugin wrote stays at every size: fixed 300, maximum 280")
    func pluginWidthStays() {
        for category in [ContentSizeCategory.large, .accessibilityMedium, .accessibilityExtraExtraExtraLarge] {
            #expect(
                Self.alertWidth(category) {
                    $0.widthMode = .fixed; $0.width = 300
                } == 300)
            #expect(
                Self.alertWidth(category) {
                    $0.widthMode = .maximum; $0.width = 280
                } == 280)
        }
    }

    @Test("the app's rows grow with the text size, title and subtitle apart; at the default size they are as before")
    func appRows() throws {
        func rows(_ category: ContentSizeCategory) -> [String: FrameNode] {
            Dictionary(
                AppScreen().nodes(in: Scene(), traits: Self.traits(category)).filter { $0.id.hasPrefix("app.row.") }.map { ($0.id, $0) },
                uniquingKeysWith: { first, _ in first })
        }
        let large = rows(.large)
        #expect(large["app.row.0"]?.rect.height == 60 && large["app.row.0.title"]?.rect.height == 24)
        #expect(large["app.row.0.subtitle"]?.rect == Rect(x: 0, y: 47 + 44 + 20 + 32, width: 390, height: 20))
        let huge = rows(.accessibilityExtraExtraExtraLarge)
        let row = try #require(huge["app.row.0"]), title = try #require(huge["app.row.0.title"])
        let subtitle = try #require(huge["app.row.0.subtitle"])
        #expect(title.text?.size == 53 && subtitle.text?.size == 44)
        #expect(title.rect.maxY <= subtitle.rect.y && subtitle.rect.maxY <= row.rect.maxY, "inside the row, apart")
        let titleRun = try #require(title.text), subtitleRun = try #require(subtitle.text)
        #expect(titleRun.lineHeight <= title.rect.height && subtitleRun.lineHeight <= subtitle.rect.height)
        #expect(huge.keys.filter { !$0.contains(".t") && !$0.contains(".s") }.count < 6, "fewer rows fit the screen")
    }
}
