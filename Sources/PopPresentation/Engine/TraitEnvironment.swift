import PopModel

/// The facts about the screen every presenter lays out from, in one value (UIKit's trait collection
/// together with the window's geometry): the scene — size, orientation, scale, safe-area insets on
/// all four sides, size classes — and where the keyboard rests. Because it is one value, a change is
/// one event (`PresentationEngine.traitsDidChange`) that every presenter answers by laying out again
/// from it. The person's display traits (`DisplayTraits`: appearance, text size, layout direction,
/// Reduce Motion) are part of it.
public struct TraitEnvironment: Hashable, Sendable {
    /// The screen: size, scale, safe area, the keyboard's height in this orientation.
    public var scene: Scene
    /// The keyboard's frame once it has finished sliding; nil while it is down (or going down).
    public var keyboardFrame: Rect?
    /// What the person has set: appearance, text size, layout direction, Reduce Motion.
    public var display: DisplayTraits

    public init(scene: Scene, keyboardFrame: Rect? = nil, display: DisplayTraits = DisplayTraits()) {
        self.scene = scene
        self.keyboardFrame = keyboardFrame
        self.display = display
    }

    public var size: Size { scene.size }
    public var orientation: Scene.Orientation { scene.orientation }
    public var scale: Double { scene.scale }
    public var safeArea: EdgeInsets { scene.safeArea }
    public var horizontalSizeClass: Scene.SizeClass { scene.horizontalSizeClass }
    public var verticalSizeClass: Scene.SizeClass { scene.verticalSizeClass }

    /// The keyboard's frame when it rests `height` points high at the bottom of the scene; nil for 0.
    func keyboard(restingAt height: Double) -> Rect? {
        height > 0 ? Rect(x: 0, y: scene.height - height, width: scene.width, height: height) : nil
    }
}
