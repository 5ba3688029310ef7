import PopModel

/// The keys of the on-screen keyboard: a number pad for a secure field (a payment password), else
/// letters. Each key types its label (letters in lower case); "space" types a space, "⌫" deletes
/// and "return" ends editing.
enum KeyboardLayout {
    static let letterRows: [[String]] = [
        letters("QWERTYUIOP"), letters("ASDFGHJKL"), letters("ZXCVBNM") + ["⌫"],
        ["space", "return"],
    ]
    static let numberRows = [["1", "2", "3"], ["4", "5", "6"], ["7", "8", "9"], ["", "0", "⌫"]]
    static let gap = 6.0

    private static func letters(_ row: String) -> [String] { row.map { String($0) } }
    static let top = 8.0

    /// The keyboard's nodes when it covers `visibleHeight` of the screen, in `palette`'s colours.
    static func nodes(in scene: Scene, visibleHeight: Double, numeric: Bool, palette: Palette) -> [FrameNode] {
        let height = max(scene.keyboardHeight, visibleHeight)
        let origin = scene.height - visibleHeight
        var nodes = [
            FrameNode(
                id: "keyboard", role: .keyboard, rect: Rect(x: 0, y: origin, width: scene.width, height: height),
                fill: palette.keyboard)
        ]
        let rows = numeric ? numberRows : letterRows
        let usable = height - scene.safeArea.bottom - top - gap * Double(rows.count)
        let keyHeight = max(0, min(46, usable / Double(rows.count)))
        let left = gap + scene.safeArea.leading, width = scene.width - scene.safeArea.leading - scene.safeArea.trailing - 2 * gap
        for (rowIndex, row) in rows.enumerated() {
            let y = origin + top + Double(rowIndex) * (keyHeight + gap)
            // Letter rows share the width of the widest row's keys; the bottom row's keys split it.
            let slots = numeric || rowIndex == rows.count - 1 ? Double(row.count) : 10
            let keyWidth = (width - gap * (slots - 1)) / slots
            let rowWidth = keyWidth * Double(row.count) + gap * Double(row.count - 1)
            var x = left + (numeric || rowIndex == rows.count - 1 ? 0 : (width - rowWidth) / 2)
            for label in row {
                defer { x += keyWidth + gap }
                guard !label.isEmpty else { continue }
                nodes.append(
                    FrameNode(
                        id: "keyboard.key.\(label)", role: .key, rect: Rect(x: x, y: y, width: keyWidth, height: keyHeight),
                        fill: palette.key, cornerRadius: 5,
                        text: TextRun(
                            lines: [label], size: numeric ? 22 : 17, weight: .regular, color: palette.label,
                            alignment: .center, centeredVertically: true)))
            }
        }
        return nodes
    }
}
