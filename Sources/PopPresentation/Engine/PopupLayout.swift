import PopModel

/// Where a popup of one presentation style rests: a pure function of the screen, the keyboard its
/// own fields raised, its presentation and its content (FloatingPanel's Layout; QMUI's formula for
/// alerts). The layout never moves anything: the engine and the style's behaviour do.
protocol PopupLayout: Sendable {
    /// The space the popup is laid out in (also what a controller loader's layout hook receives).
    func container(for presentation: Presentation, in scene: Scene, keyboardHeight: Double) -> Rect
    /// Where `content` rests under `traits` (larger text makes content larger).
    func frame(for content: ContentNode, presentation: Presentation, scene: Scene, container: Rect, traits: DisplayTraits) -> Rect
}

extension PopupLayout {
    /// QMUI's container: the screen inside the presentation's margins, above `keyboardHeight` (the
    /// height of a keyboard the popup's own fields raised; 0 otherwise).
    func container(for presentation: Presentation, in scene: Scene, keyboardHeight: Double) -> Rect {
        Rect(
            x: presentation.marginLeft, y: presentation.marginTop,
            width: max(0, scene.width - presentation.marginLeft - presentation.marginRight),
            height: max(0, scene.height - keyboardHeight.length - presentation.marginTop - presentation.marginBottom))
    }
}
