import PopModel

/// What a popover draws besides its card (`FrameBuilder` draws the card, its content and its clear mask).
enum PopoverDrawing {
    /// A popover's arrow: a square turned by 45° whose outer half pokes out of the card's edge, its
    /// tip on the source rect (`PopoverLayout.placement`), moving with the card.
    static func arrow(
        of popup: ScreenPopup, state: VisualState, fill: ContentNode.Color, shadow: Shadow, scene: Scene, traits: DisplayTraits
    ) -> FrameNode? {
        let placement = PopoverLayout.placement(
            contentSize: PopoverLayout.contentSize(of: popup.content, scene: scene, traits: traits),
            options: popup.presentation.sheet, scene: scene, direction: traits.layoutDirection)
        guard let arrow = placement.arrow, let tip = placement.tip else { return nil }
        let resting = placement.frame, frame = state.frame
        let side = PopoverLayout.arrowHeight * 2.0.squareRoot(), inset = PopoverLayout.arrowBase / 2 + 4
        func clamped(_ value: Double, _ start: Double, _ length: Double) -> Double {
            length > 2 * inset ? min(max(value, start + inset), start + length - inset) : start + length / 2
        }
        // Where the tip is relative to the resting card, carried to where the card is now.
        let dx = frame.x - resting.x, dy = frame.y - resting.y
        let centre: Point =
            switch arrow {
            case .up: Point(x: clamped(tip.x + dx, frame.x, frame.width), y: frame.y)
            case .down: Point(x: clamped(tip.x + dx, frame.x, frame.width), y: frame.y + frame.height)
            case .left: Point(x: frame.x, y: clamped(tip.y + dy, frame.y, frame.height))
            default: Point(x: frame.x + frame.width, y: clamped(tip.y + dy, frame.y, frame.height))
            }
        let square = Rect(x: centre.x - side / 2, y: centre.y - side / 2, width: side, height: side)
        let cardTransform = AffineTransform.scaleRotate(
            scale: state.scale, rotation: state.rotation, about: (frame.center.x, frame.center.y))
        let turn = AffineTransform.scaleRotate(scale: 1, rotation: Double.pi / 4, about: (centre.x, centre.y))
        return FrameNode(
            id: "popup.\(popup.id).arrow", role: .arrow, request: popup.id, rect: square,
            transform: cardTransform.concatenating(turn), opacity: state.alpha, fill: fill,
            shadow: shadow)
    }
}
