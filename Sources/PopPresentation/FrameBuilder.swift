import PopChef
import PopModel

/// Draws an engine's screen at its current time: the app, then each popup on screen (its dimming,
/// its card and its content laid out in its presented frame, scaled and rotated about its centre),
/// in layer order (modal below banner) and, within a layer, in the order they came on screen; the
/// keyboard on top.
struct FrameBuilder {
    let engine: PresentationEngine
    let app: AppScreen
    let cache: FrameCache

    func frame() -> Frame {
        let scene = engine.scene, now = engine.now
        let navigation = engine.chef.navigation
        var nodes =
            navigation.pages.isEmpty
            ? cache.appNodes(app, in: scene)
            : PageDrawing(scene: scene, stack: navigation, progress: engine.pageTransitionProgress, cache: cache).nodes()
        let visible = engine.backToFront.filter { $0.motion != nil }
        for popup in visible {
            appendNodes(of: popup, state: popup.motion!.value(at: now), to: &nodes)
        }
        cache.keepLayouts(of: Set(visible.map(\.id)))
        let keyboardHeight = engine.keyboard.visibleHeight(at: now)
        if keyboardHeight > 0 {
            nodes += cache.keyboardNodes(in: scene, visibleHeight: keyboardHeight, numeric: engine.keyboard.isNumberPad)
        }
        return Frame(time: now, screen: scene.size, safeArea: scene.safeArea, nodes: nodes)
    }

    private func appendNodes(of popup: ScreenPopup, state: VisualState, to nodes: inout [FrameNode]) {
        let id = "popup.\(popup.id)", presentation = popup.presentation
        let transform = AffineTransform.scaleRotate(
            scale: state.scale, rotation: state.rotation,
            about: (state.frame.center.x, state.frame.center.y))
        switch presentation.mask {
        case .none:
            break
        case .clear:
            nodes.append(FrameNode(id: id + ".dimming", role: .dimming, request: popup.id, rect: screen, opacity: 1))
        case .dimmed:
            nodes.append(
                FrameNode(
                    id: id + ".dimming", role: .dimming, request: popup.id, rect: screen,
                    opacity: state.dimAlpha, fill: ContentNode.Color(rawValue: presentation.dimColor | 0xFF)))
        }
        let content = popup.content
        nodes.append(
            FrameNode(
                id: id, role: .popup, request: popup.id, rect: state.frame, transform: transform,
                opacity: state.alpha, fill: content.background ?? Palette.popup,
                cornerRadius: presentation.cornerRadius.length, shadow: Palette.popupShadow))
        var root = cache.layout(content, of: popup.id, in: state.frame, alert: presentation.style == .alert)
        root.node.background = nil  // drawn by the card, with its corners
        let style = ContentStyle(
            request: popup.id, transform: transform, opacity: state.alpha, fields: engine.chef.fields(of: popup.id),
            focused: engine.keyboard.focusedField.flatMap { $0.request == popup.id ? $0.field : nil })
        style.append(root, id: id + ".content", to: &nodes)
    }

    private var screen: Rect { Rect(x: 0, y: 0, width: engine.scene.width, height: engine.scene.height) }
}
