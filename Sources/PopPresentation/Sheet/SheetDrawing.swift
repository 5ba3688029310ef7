import PopModel

/// What a sheet draws besides its card (`FrameBuilder` draws the card, its content and its dimming).
enum SheetDrawing {
    /// The grabber, filled `fill`, when `SheetLayout.showsGrabber` says it shows (preferred, not full
    /// screen, no sheet on top), moving with the card.
    static func grabber(
        of popup: ScreenPopup, state: VisualState, transform: AffineTransform, fill: ContentNode.Color, scene: Scene, isFront: Bool
    ) -> FrameNode? {
        guard SheetLayout.showsGrabber(popup.presentation.sheet, scene: scene, isFront: isFront) else { return nil }
        return FrameNode(
            id: "popup.\(popup.id).grabber", role: .grabber, request: popup.id, rect: SheetLayout.grabberRect(in: state.frame),
            transform: transform, opacity: state.alpha, fill: fill, cornerRadius: 2.5)
    }
}
