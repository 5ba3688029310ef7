import Foundation
import PopPresentation

@testable import PopModel
@testable import PopRender

/// Frames built by hand for the renderers' golden files: an iPhone-sized screen (393 × 852) with a
/// settings-like app behind a PIN alert over a number pad, the same app behind an alert mid-animation,
/// and a notification banner.
enum GoldenFrames {
    static let screen = Size(width: 393, height: 852)
    static let safeArea = EdgeInsets(top: 59, leading: 0, bottom: 34, trailing: 0)

    static let label: ContentNode.Color = 0x000000ff
    static let secondaryLabel: ContentNode.Color = 0x3c3c4399
    static let separator: ContentNode.Color = 0x3c3c434a
    static let tint: ContentNode.Color = 0x007affff

    /// A PIN alert, fully presented, its field focused, over the dimmed app and above a number pad.
    static var alert: Frame {
        let card = Card(request: 1, x: 46.5, width: 300)
        card.add(text: "Confirm payment", size: 17, weight: .bold)
        card.space(6)
        card.add(text: "Enter your 4-digit PIN to pay $12.50 to Blue Bottle Coffee, Hayes Valley.", size: 13, weight: .regular)
        card.space(16)
        card.addField("pin", text: "••••", focused: true)
        card.space(20)
        card.addButtons([("Cancel", "cancel", .regular), ("Pay", "pay", .semibold)])
        let keyboard = numberPad(top: 852 - 291)
        card.move(toCenterIn: Rect(x: 0, y: safeArea.top, width: 393, height: 852 - 291 - safeArea.top))
        return Frame(
            time: .milliseconds(1250), screen: screen, safeArea: safeArea,
            nodes: app + [dimming(request: 1, alpha: 0x59)] + card.nodes + keyboard)
    }

    /// An alert half-way through appearing: scaled down, turned, at half opacity, its dimming fading in.
    static var alertAnimating: Frame {
        let card = Card(request: 2, x: 46.5, width: 300)
        card.addImage(side: 56)
        card.space(12)
        card.add(text: "Delete 3 photos?", size: 17, weight: .bold)
        card.space(6)
        card.add(text: "They will be removed from all your devices & \"Recently Deleted\" after 30 days.", size: 13, weight: .regular)
        card.space(20)
        card.addButtons([("Cancel", "cancel", .regular), ("Delete", "delete", .semibold)], destructive: "delete")
        card.move(toCenterIn: Rect(x: 0, y: 0, width: 393, height: 852))
        let box = card.rect
        let transform = AffineTransform.scaleRotate(scale: 0.85, rotation: 0.12, about: (box.x + box.width / 2, box.y + box.height / 2))
        let popup = card.nodes.map { node in
            var node = node
            node.transform = transform
            node.opacity *= 0.5
            return node
        }
        return Frame(
            time: .milliseconds(120), screen: screen, safeArea: safeArea,
            nodes: app + [dimming(request: 2, alpha: 0x2d)] + popup)
    }

    /// A notification banner at the top of the screen over the app.
    static var banner: Frame {
        let id = "popup.3", top = 54.0, height = 80.0
        let banner = Rect(x: 8, y: top, width: 377, height: height)
        let message = TextMetrics.measure(
            "Anna: Are we still on for lunch tomorrow? I booked a table at the ramen place near the office.",
            size: 15, weight: .regular, maxWidth: 377 - 70 - 14, maxLines: 2)
        let nodes: [FrameNode] = [
            FrameNode(
                id: id, role: .popup, request: 3, rect: banner, fill: 0xf7f7f9f5, cornerRadius: 24,
                shadow: Shadow(offsetY: 6, blur: 24, color: 0x00000026)),
            FrameNode(
                id: id + ".content.0", role: .image, request: 3, rect: Rect(x: 22, y: top + 19, width: 42, height: 42),
                fill: 0x34c759ff, cornerRadius: 10),
            FrameNode(
                id: id + ".content.1", role: .text, request: 3, rect: Rect(x: 78, y: top + 12, width: 240, height: 20),
                text: TextRun(lines: ["Messages"], size: 15, weight: .semibold, color: label, alignment: .leading)),
            FrameNode(
                id: id + ".content.2", role: .text, request: 3, rect: Rect(x: 318, y: top + 12, width: 53, height: 20),
                text: TextRun(
                    lines: ["now"], size: 13, weight: .regular, color: secondaryLabel, alignment: .trailing,
                    centeredVertically: true)),
            FrameNode(
                id: id + ".content.3", role: .text, request: 3,
                rect: Rect(x: 78, y: top + 33, width: 293, height: message.height),
                text: TextRun(lines: message.lines, size: 15, weight: .regular, color: label, alignment: .leading)),
        ]
        return Frame(time: .milliseconds(400), screen: screen, safeArea: safeArea, nodes: app + nodes)
    }

    /// A settings-like page: navigation bar, a grouped list, a footnote and a tab bar.
    static var app: [FrameNode] {
        var nodes = [
            FrameNode(id: "app.background", role: .app, rect: Rect(x: 0, y: 0, width: 393, height: 852), fill: 0xf2f2f7ff),
            FrameNode(
                id: "app.navigation-bar", role: .app, rect: Rect(x: 0, y: 0, width: 393, height: 103), fill: 0xf9f9f9f0,
                text: TextRun(
                    lines: ["Wallet & Pay"], size: 17, weight: .semibold, color: label, alignment: .center,
                    inset: EdgeInsets(top: 59, leading: 0, bottom: 0, trailing: 0), centeredVertically: true)),
            FrameNode(
                id: "app.navigation-bar.separator", role: .divider, rect: Rect(x: 0, y: 103, width: 393, height: 0.5),
                fill: separator),
            FrameNode(
                id: "app.list", role: .app, rect: Rect(x: 16, y: 135, width: 361, height: 5 * 44), fill: 0xffffffff,
                cornerRadius: 10),
        ]
        let rows = ["Apple Cash", "Cards", "Transactions", "Subscriptions", "Express Transit"]
        for (index, title) in rows.enumerated() {
            let row = Rect(x: 16, y: 135 + Double(index) * 44, width: 361, height: 44)
            let insets = EdgeInsets(top: 0, leading: 16, bottom: 0, trailing: 16)
            nodes.append(
                FrameNode(
                    id: "app.list.\(index)", role: .app, rect: row,
                    text: TextRun(
                        lines: [title], size: 17, weight: .regular, color: label, alignment: .leading,
                        inset: insets, centeredVertically: true)))
            nodes.append(
                FrameNode(
                    id: "app.list.\(index).chevron", role: .app, rect: row,
                    text: TextRun(
                        lines: ["›"], size: 22, weight: .regular, color: 0x3c3c434d, alignment: .trailing,
                        inset: insets, centeredVertically: true)))
            if index > 0 {
                nodes.append(
                    FrameNode(
                        id: "app.list.\(index).separator", role: .divider,
                        rect: Rect(x: 32, y: row.y, width: 345, height: 0.5), fill: separator))
            }
        }
        let footnote = TextMetrics.measure(
            "Payments are protected with Face ID. Your card number is never shared with merchants.",
            size: 13, weight: .regular, maxWidth: 329, maxLines: 0)
        nodes.append(
            FrameNode(
                id: "app.footnote", role: .app, rect: Rect(x: 32, y: 363, width: 329, height: footnote.height),
                text: TextRun(
                    lines: footnote.lines, size: 13, weight: .regular, color: secondaryLabel,
                    alignment: .leading)))
        nodes.append(FrameNode(id: "app.tab-bar", role: .app, rect: Rect(x: 0, y: 769, width: 393, height: 83), fill: 0xf9f9f9f0))
        nodes.append(
            FrameNode(
                id: "app.tab-bar.separator", role: .divider, rect: Rect(x: 0, y: 769, width: 393, height: 0.5),
                fill: separator))
        for (index, title) in ["Home", "Wallet", "Settings"].enumerated() {
            let cell = Rect(x: Double(index) * 131, y: 769, width: 131, height: 49)
            nodes.append(
                FrameNode(
                    id: "app.tab-bar.\(index).icon", role: .image,
                    rect: Rect(x: cell.x + 51.5, y: 776, width: 28, height: 24), fill: index == 1 ? 0x007aff40 : 0x99999933,
                    cornerRadius: 6))
            nodes.append(
                FrameNode(
                    id: "app.tab-bar.\(index)", role: .app, rect: Rect(x: cell.x, y: 802, width: 131, height: 14),
                    text: TextRun(
                        lines: [title], size: 10, weight: .medium, color: index == 1 ? tint : 0x999999ff,
                        alignment: .center)))
        }
        return nodes
    }

    /// A popup's dimming over the whole screen, black at `alpha`.
    static func dimming(request: RequestID, alpha: UInt32) -> FrameNode {
        FrameNode(
            id: "popup.\(request).dimming", role: .dimming, request: request,
            rect: Rect(x: 0, y: 0, width: 393, height: 852), fill: ContentNode.Color(rawValue: alpha))
    }

    /// The number pad keyboard from `top` to the bottom of the screen.
    static func numberPad(top: Double) -> [FrameNode] {
        var nodes = [
            FrameNode(
                id: "keyboard", role: .keyboard, rect: Rect(x: 0, y: top, width: 393, height: 852 - top),
                fill: 0xd1d4dbff)
        ]
        let keys = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "", "0", "⌫"]
        let width = (393 - 2 * 6 - 2 * 6) / 3.0
        for (index, key) in keys.enumerated() where !key.isEmpty {
            let column = Double(index % 3), row = Double(index / 3)
            let rect = Rect(x: 6 + column * (width + 6), y: top + 6 + row * (46 + 7), width: width, height: 46)
            let isDelete = key == "⌫"
            nodes.append(
                FrameNode(
                    id: "keyboard.key.\(index)", role: .key, rect: rect, fill: isDelete ? nil : 0xffffffff,
                    cornerRadius: 5, shadow: Shadow(offsetY: 1, blur: 0, color: 0x0000004d),
                    text: TextRun(
                        lines: [key], size: isDelete ? 22 : 25, weight: .regular, color: label,
                        alignment: .center, centeredVertically: true)))
        }
        return nodes
    }
}

/// An alert card laid out top to bottom by hand, as the layout engine would: 20 pt padding, text
/// wrapped with `TextMetrics`, buttons in a row under a separator.
final class Card {
    let request: RequestID
    let x: Double, width: Double
    private(set) var nodes: [FrameNode]
    private var y = 20.0, index = 0

    init(request: RequestID, x: Double, width: Double) {
        self.request = request
        self.x = x
        self.width = width
        nodes = [
            FrameNode(
                id: "popup.\(request)", role: .popup, request: request, rect: Rect(x: x, y: 0, width: width, height: 0),
                fill: 0xffffffff, cornerRadius: 14, shadow: Shadow(offsetY: 10, blur: 30, color: 0x00000038))
        ]
    }

    var rect: Rect { nodes[0].rect }

    func space(_ points: Double) { y += points }

    func add(text: String, size: Double, weight: ContentNode.Weight) {
        let layout = TextMetrics.measure(text, size: size, weight: weight, maxWidth: width - 40, maxLines: 0)
        append(
            .text, height: layout.height, inset: 20,
            text: TextRun(lines: layout.lines, size: size, weight: weight, color: GoldenFrames.label, alignment: .center))
    }

    func addImage(side: Double) {
        nodes.append(
            FrameNode(
                id: nextID(), role: .image, request: request,
                rect: Rect(x: x + (width - side) / 2, y: y, width: side, height: side), cornerRadius: 12))
        y += side
    }

    func addField(_ field: String, text: String, focused: Bool) {
        append(
            .textField, height: 36, inset: 20, fill: 0xf2f2f7ff, stroke: ContentNode.Border(width: 1.5, color: GoldenFrames.tint),
            cornerRadius: 8,
            text: TextRun(
                lines: [text], size: 17, weight: .regular, color: GoldenFrames.label, alignment: .leading,
                inset: EdgeInsets(top: 0, leading: 10, bottom: 0, trailing: 10), centeredVertically: true),
            field: field, focused: focused)
    }

    func addButtons(_ buttons: [(title: String, action: String, weight: ContentNode.Weight)], destructive: String? = nil) {
        append(.divider, height: 0.5, inset: 0, fill: GoldenFrames.separator)
        let buttonWidth = width / Double(buttons.count)
        for (position, button) in buttons.enumerated() {
            if position > 0 {
                nodes.append(
                    FrameNode(
                        id: nextID(), role: .divider, request: request,
                        rect: Rect(x: x + Double(position) * buttonWidth, y: y, width: 0.5, height: 44),
                        fill: GoldenFrames.separator))
            }
            let color: ContentNode.Color = button.action == destructive ? 0xff3b30ff : GoldenFrames.tint
            nodes.append(
                FrameNode(
                    id: nextID(), role: .button, request: request,
                    rect: Rect(x: x + Double(position) * buttonWidth, y: y, width: buttonWidth, height: 44),
                    text: TextRun(
                        lines: [button.title], size: 17, weight: button.weight, color: color,
                        alignment: .center, centeredVertically: true),
                    action: button.action))
        }
        y += 44
    }

    /// Sets the card's height to what was added and moves everything so the card is centred in `area`.
    func move(toCenterIn area: Rect) {
        let top = (area.y + (area.height - y) / 2).rounded()
        nodes[0].rect.height = y
        nodes = nodes.map { node in
            var node = node
            node.rect.y += top
            return node
        }
    }

    private func append(
        _ role: FrameNode.Role, height: Double, inset: Double, fill: ContentNode.Color? = nil,
        stroke: ContentNode.Border? = nil, cornerRadius: Double = 0, text: TextRun? = nil,
        field: String? = nil, focused: Bool = false
    ) {
        nodes.append(
            FrameNode(
                id: nextID(), role: role, request: request,
                rect: Rect(x: x + inset, y: y, width: width - 2 * inset, height: height), fill: fill,
                stroke: stroke, cornerRadius: cornerRadius, text: text, field: field, focused: focused))
        y += height
    }

    private func nextID() -> String {
        defer { index += 1 }
        return "popup.\(request).content.\(index)"
    }
}
