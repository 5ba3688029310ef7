import Testing

@testable import PopModel

/// What a screen reader reads: roles and labels inferred for content built without the accessibility
/// extension (as UIKit infers them), what a plugin said winning, hidden and labelled containers, and
/// the tree of a frame with iOS's modal semantics.
@Suite struct AccessibilityTreeTests {
    static func text(_ string: String, weight: ContentNode.Weight = .regular) -> ContentNode {
        ContentNode(.text(string, size: 17, weight: weight, color: 0x0000_00FF, alignment: .center, maxLines: 0))
    }

    static let alert = ContentNode(
        .vstack(
            spacing: 8, alignment: .fill,
            children: [
                text("Delete photo?", weight: .semibold), text("It cannot be undone."),
                ContentNode(.textField(id: "name", placeholder: "Name", secure: false)),
                ContentNode(.image(name: "photo", width: 40, height: 40)),
                ContentNode(
                    .hstack(
                        spacing: 8, alignment: .fill,
                        children: [
                            ContentNode(.button("Cancel", style: .cancel, action: "cancel")),
                            ContentNode(.button("Delete", style: .destructive, action: "delete")),
                        ])),
            ]))

    @Test("1.0 content: the semibold first text is the header, text static, fields and buttons by placeholder and title, no image")
    func inferred() {
        let read = Self.alert.readableElements.map { "\($0.description.role.rawValue) \($0.description.label) \($0.path)" }
        #expect(
            read == [
                "header Delete photo? [0]", "text It cannot be undone. [1]", "text-field Name [2]", "button Cancel [4, 0]",
                "button Delete [4, 1]",
            ])
        #expect(Self.alert.titleText == "Delete photo?")
        #expect(Self.alert.titleFrameID(under: "popup.3.content") == "popup.3.content.0")
    }

    @Test("a regular first text is no title; a text the plugin marked a header is, wherever it is")
    func title() {
        var content = Self.alert
        guard case .vstack(let spacing, let alignment, var children) = content.kind else { return }
        children[0] = Self.text("Delete photo?")
        content.kind = .vstack(spacing: spacing, alignment: alignment, children: children)
        #expect(content.titleTextPath == nil)
        children[1].accessibility = ContentAccessibility(role: .header)
        content.kind = .vstack(spacing: spacing, alignment: alignment, children: children)
        #expect(content.titleTextPath == [1])
    }

    @Test("what the plugin said wins: a label, a role, a value, states; hidden nodes and labelled containers' children are not read")
    func said() {
        var close = ContentNode(.button("✕", style: .plain, action: "close"))
        close.accessibility = ContentAccessibility(label: "Close", value: "now", traits: [.selected])
        var decoration = Self.text("★★★")
        decoration.accessibility = ContentAccessibility(hidden: true)
        var image = ContentNode(.image(name: "logo", width: 20, height: 20))
        image.accessibility = ContentAccessibility(label: "Acme")
        var group = ContentNode(.hstack(spacing: 4, alignment: .center, children: [Self.text("4.5"), Self.text("stars")]))
        group.accessibility = ContentAccessibility(label: "4.5 stars", role: .text)
        let root = ContentNode(.vstack(spacing: 0, alignment: .fill, children: [close, decoration, image, group]))
        let read = root.readableElements.map(\.description)
        #expect(read.map(\.label) == ["Close", "Acme", "4.5 stars"])
        #expect(read.map(\.role) == [.button, .image, .text])
        #expect(read[0].value == "now" && read[0].traits == [.selected])
        #expect(AccessibilityTraits([.selected, .adjustable]).names == ["selected", "adjustable"])
    }

    /// A frame: the app's header and a row, then `popups` (each: request, role, modal, opacity, one button).
    static func frame(_ popups: [(RequestID, AccessibilityRole, Bool, Double)], focus: String? = nil) -> Frame {
        var nodes = [
            FrameNode(
                id: "app.navigation-bar", role: .app, rect: Rect(x: 0, y: 47, width: 390, height: 44),
                accessibility: AccessibilityDescription(role: .header, label: "Orders")),
            FrameNode(
                id: "app.row.0", role: .app, rect: Rect(x: 0, y: 111, width: 390, height: 60),
                accessibility: AccessibilityDescription(role: .text, label: "Order A-1001")),
        ]
        for (request, role, modal, opacity) in popups {
            let id = "popup.\(request)"
            nodes.append(
                FrameNode(
                    id: id, role: .popup, request: request, rect: Rect(x: 20, y: 300, width: 350, height: 200), opacity: opacity,
                    accessibility: AccessibilityDescription(role: role, label: "Popup \(request)", modal: modal)))
            nodes.append(
                FrameNode(
                    id: id + ".content.0", role: .button, request: request, rect: Rect(x: 40, y: 440, width: 310, height: 44),
                    opacity: opacity, action: "ok", accessibility: AccessibilityDescription(role: .button, label: "OK \(request)")))
        }
        var frame = Frame(time: .zero, screen: Size(width: 390, height: 844), nodes: nodes)
        frame.accessibilityFocus = focus
        return frame
    }

    @Test("without a modal popup everything is reachable, the app first; a banner is a status")
    func nothingModal() {
        let tree = Self.frame([(1, .status, false, 1)]).accessibility
        #expect(tree.containers.map(\.id) == ["app", "popup.1"])
        #expect(tree.elements.map(\.label) == ["Orders", "Order A-1001", "OK 1"])
        #expect(tree.hidden.isEmpty && tree.focus == nil)
        #expect(tree.element("popup.1.content.0")?.action == "ok")
    }

    @Test("a modal popup hides the app and what is under it; a banner above it stays reachable")
    func modal() {
        let tree = Self.frame([(1, .dialog, true, 1), (2, .alertDialog, true, 1), (3, .status, false, 1)], focus: "popup.2.content.0")
            .accessibility
        #expect(tree.containers.map(\.id) == ["popup.2", "popup.3"])
        #expect(tree.hidden == ["app", "popup.1"])
        #expect(tree.elements(labelled: " ok 2 ").map(\.id) == ["popup.2.content.0"])
        #expect(tree.focusedElement?.label == "OK 2")
    }

    @Test("a transparent popup is not read, nor is a focus on what is not reachable")
    func unreachable() {
        let tree = Self.frame([(1, .dialog, true, 0)], focus: "app.row.0").accessibility
        #expect(tree.containers.map(\.id) == ["app"])
        #expect(tree.focus == "app.row.0")
        let hidden = Self.frame([(1, .dialog, true, 1)], focus: "app.row.0").accessibility
        #expect(hidden.focus == nil)
    }
}
