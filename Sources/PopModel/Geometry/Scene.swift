/// The screen the popups are presented on: its size in points, its scale (device pixels per point),
/// safe area, orientation and the keyboard's height. The presentation engine lays out in it.
public struct Scene: Hashable, Sendable {
    public enum Orientation: String, Hashable, Sendable, CaseIterable { case portrait, landscape }
    /// UIKit's size classes: `compact` or `regular` along each axis.
    public enum SizeClass: String, Hashable, Sendable { case compact, regular }

    /// Size in points; default a 390 × 844 phone in portrait.
    public var width: Double
    public var height: Double
    /// Insets the app keeps clear (status bar, home indicator); popups' margins are from the screen's
    /// edges (QMUI), banners sit inside the safe area.
    public var safeArea: EdgeInsets
    /// The height of the on-screen keyboard in this orientation, when it is up.
    public var keyboardHeight: Double
    /// Device pixels per point (UIScreen's `scale`: 1, 2 or 3): the grid QMUI's `flat()` rounds
    /// layout to.
    public var scale: Double

    /// The default phone: 390 × 844 at 3×, safe area top 47 and bottom 34, keyboard 336 high.
    public init(
        width: Double = 390, height: Double = 844,
        safeArea: EdgeInsets = EdgeInsets(top: 47, leading: 0, bottom: 34, trailing: 0), keyboardHeight: Double = 336,
        scale: Double = 3
    ) {
        self.width = width
        self.height = height
        self.safeArea = safeArea
        self.keyboardHeight = keyboardHeight
        self.scale = scale
    }

    /// QMUI's `flat()` (QMUICommonDefines.h, `flatSpecificScale`): `value` rounded UP to the pixel
    /// grid, `ceil(value × scale) / scale`. A product within 1e-9 of a whole pixel counts as on it
    /// (31/3 × 3 is 31.000000000000004 in binary floating point, which must not become 32). A
    /// scale that is not a positive finite number counts as 1.
    public func flat(_ value: Double) -> Double {
        let scale = self.scale.isFinite && self.scale > 0 ? self.scale : 1
        let pixels = value * scale
        let whole = pixels.rounded()
        return (abs(pixels - whole) < 1e-9 ? whole : pixels.rounded(.up)) / scale
    }

    public var size: Size { Size(width: width, height: height) }

    public var orientation: Orientation { width > height ? .landscape : .portrait }

    /// Regular from 700 points wide (a large phone in landscape, a tablet), else compact.
    public var horizontalSizeClass: SizeClass { width >= 700 ? .regular : .compact }
    /// Compact below 500 points high (a phone in landscape), else regular.
    public var verticalSizeClass: SizeClass { height < 500 ? .compact : .regular }

    /// The same device turned to `orientation`: width and height swap, and so do the safe area (the
    /// notch's side gets the top inset, the home indicator keeps 21 at the bottom) and the keyboard
    /// height (336 ↔ 209 on the default phone, in proportion otherwise). Turning back restores the
    /// safe area and keyboard height the scene had.
    public func rotated(to orientation: Orientation) -> Scene {
        guard orientation != self.orientation else { return self }
        var scene = self
        scene.width = height
        scene.height = width
        scene.turnedFrom = Insets(safeArea: safeArea, keyboardHeight: keyboardHeight)
        if let before = turnedFrom {
            scene.safeArea = before.safeArea
            scene.keyboardHeight = before.keyboardHeight
            return scene
        }
        switch orientation {
        case .landscape:
            scene.safeArea = EdgeInsets(top: 0, leading: safeArea.top, bottom: min(safeArea.bottom, 21), trailing: safeArea.top)
            scene.keyboardHeight = (keyboardHeight * 209 / 336).rounded()
        case .portrait:
            scene.safeArea = EdgeInsets(
                top: max(safeArea.leading, safeArea.trailing), leading: 0,
                bottom: safeArea.bottom == 21 ? 34 : safeArea.bottom, trailing: 0)
            scene.keyboardHeight = (keyboardHeight * 336 / 209).rounded()
        }
        return scene
    }

    /// The safe area and keyboard height of the orientation the scene was last turned from.
    private var turnedFrom: Insets?

    private struct Insets: Hashable, Sendable {
        var safeArea: EdgeInsets
        var keyboardHeight: Double
    }
}
