import PopModel

/// The right-hand side of a phone's status bar, as rects so every renderer draws it: four cellular signal
/// bars, the Wi-Fi fan (three bars narrowing downwards) and the battery (an outlined body, its charge and
/// its cap), trailing-aligned at `width` and centred on `centerY`, in the label's colour.
enum StatusBarIcons {
    static let trailingMargin = 22.0
    static let gap = 6.0

    static func nodes(width: Double, centerY: Double, palette: Palette) -> [FrameNode] {
        var nodes: [FrameNode] = []
        // The battery: 25 × 12, its cap 1.5 × 4 past its right edge, charged to 80 %.
        let battery = Rect(x: width - trailingMargin - 27, y: centerY - 6, width: 25, height: 12)
        nodes.append(
            FrameNode(
                id: "app.status-bar.battery", role: .app, rect: battery,
                stroke: ContentNode.Border(width: 1, color: palette.faintLabel), cornerRadius: 3.5))
        nodes.append(
            FrameNode(
                id: "app.status-bar.battery.charge", role: .app,
                rect: Rect(x: battery.x + 2, y: battery.y + 2, width: (battery.width - 4) * 0.8, height: battery.height - 4),
                fill: palette.label, cornerRadius: 1.5))
        nodes.append(
            FrameNode(
                id: "app.status-bar.battery.cap", role: .app,
                rect: Rect(x: battery.x + battery.width + 0.5, y: centerY - 2, width: 1.5, height: 4),
                fill: palette.faintLabel, cornerRadius: 0.75))
        // Wi-Fi: 15 wide, three bars of 15, 10 and 5 points, 2.5 high, 1.5 apart, centred on the battery.
        let wifiRight = battery.x - gap
        for (index, barWidth) in [15.0, 10, 5].enumerated() {
            nodes.append(
                FrameNode(
                    id: "app.status-bar.wifi.\(index)", role: .app,
                    rect: Rect(x: wifiRight - 7.5 - barWidth / 2, y: centerY - 5.5 + 4 * Double(index), width: barWidth, height: 2.5),
                    fill: palette.label, cornerRadius: 1.25))
        }
        // Cellular: four bars 3 wide, 1.5 apart, 4 to 11 high, standing on the battery's bottom edge.
        let signalRight = wifiRight - 15 - gap
        for index in 0..<4 {
            let height = 4 + 7 * Double(index) / 3
            nodes.append(
                FrameNode(
                    id: "app.status-bar.signal.\(index)", role: .app,
                    rect: Rect(x: signalRight - 18 + 4.5 * Double(index), y: battery.y + battery.height - height, width: 3, height: height),
                    fill: palette.label, cornerRadius: 1))
        }
        return nodes
    }
}
