import PopModel

/// The screen a scenario starts on: size and safe area in the starting orientation, and the
/// height of the keyboard (the app's, or one raised by a popup's field) when it is up.
public struct ScenarioScreen: Hashable, Sendable {
    /// Size in points, in the starting orientation (a landscape screen is already turned: 844 × 390).
    public var width: Double
    public var height: Double
    /// The safe area in the starting orientation (leading = left, trailing = right).
    public var safeArea: EdgeInsets
    public var orientation: Scene.Orientation
    /// The keyboard's height in the starting orientation, points.
    public var keyboardHeight: Double
    /// Device pixels per point (1, 2 or 3): the grid layout rounds to (`Scene.scale`).
    public var scale: Double
    /// The person's display traits at the start (appearance, text size, layout direction, Reduce Motion).
    public var display = DisplayTraits()

    /// The default phone upright: 390 × 844 at 3×, safe area top 47 and bottom 34, keyboard 336.
    public static let portrait = ScenarioScreen()
    /// The default phone turned: 844 × 390, safe area left and right 47, bottom 21, keyboard 209.
    public static let landscape = ScenarioScreen.portrait.turnedToLandscape(keyboardHeight: defaultKeyboardHeight(.landscape))

    public init(
        width: Double = 390, height: Double = 844,
        safeArea: EdgeInsets = EdgeInsets(top: 47, leading: 0, bottom: 34, trailing: 0),
        orientation: Scene.Orientation = .portrait, keyboardHeight: Double = 336, scale: Double = 3
    ) {
        self.width = width
        self.height = height
        self.safeArea = safeArea
        self.orientation = orientation
        self.keyboardHeight = keyboardHeight
        self.scale = scale
    }

    /// The keyboard's default height: 336 in portrait, 209 in landscape.
    public static func defaultKeyboardHeight(_ orientation: Scene.Orientation) -> Double {
        orientation == .portrait ? 336 : 209
    }

    public var size: Size { Size(width: width, height: height) }

    /// An upright screen turned to landscape: width and height swap, the top inset (the notch) goes
    /// to both sides, the bottom one (the home indicator) becomes at most 21, the top one 0.
    func turnedToLandscape(keyboardHeight: Double) -> ScenarioScreen {
        var turned = ScenarioScreen(
            width: height, height: width,
            safeArea: EdgeInsets(top: 0, leading: safeArea.top, bottom: min(safeArea.bottom, 21), trailing: safeArea.top),
            orientation: .landscape, keyboardHeight: keyboardHeight, scale: scale)
        turned.display = display
        return turned
    }
}
