/// Draws a chef's screen at its current time: the app, then each popup on screen (its dimming, its
/// card and its content laid out in its presented frame, scaled and rotated about its centre), in
/// layer order (modal below banner) and, within a layer, in the order they came on screen; the
/// keyboard on top.
struct FrameBuilder {
    let chef: Chef
    let app: AppScreen
    let cache: FrameCache

    func frame() -> Frame {
        let scene = chef.scene, now = chef.now
        var nodes = cache.appNodes(app, in: scene)
        let visible = chef.popups.values.filter { $0.state.isVisible && $0.motion != nil }
            .sorted { ($0.layer == .banner ? 1 : 0, $0.screenOrder) < ($1.layer == .banner ? 1 : 0, $1.screenOrder) }
        for popup in visible {
            appendNodes(of: popup, state: popup.motion!.value(at: now), to: &nodes)
        }
        cache.keepLayouts(of: Set(visible.map(\.id)))
        let keyboardHeight = chef.keyboardState.visibleHeight(at: now)
        if keyboardHeight > 0 {
            nodes += cache.keyboardNodes(in: scene, visibleHeight: keyboardHeight, numeric: chef.keyboardState.isNumberPad)
        }
        return Frame(time: now, screen: scene.size, safeArea: scene.safeArea, nodes: nodes)
    }

    private func appendNodes(of popup: Popup, state: VisualState, to nodes: inout [FrameNode]) {
        let id = "popup.\(popup.id)", presentation = popup.presentation
        let transform = AffineTransform.scaleRotate(scale: state.scale, rotation: state.rotation,
                                                    about: (state.frame.center.x, state.frame.center.y))
        switch presentation.mask {
        case .none:
            break
        case .clear:
            nodes.append(FrameNode(id: id + ".dimming", role: .dimming, request: popup.id, rect: screen, opacity: 1))
        case .dimmed:
            nodes.append(FrameNode(id: id + ".dimming", role: .dimming, request: popup.id, rect: screen,
                                   opacity: state.dimAlpha, fill: ContentNode.Color(rawValue: presentation.dimColor | 0xFF)))
        }
        let content = popup.content ?? ContentNode(.spacer(minLength: 0))
        nodes.append(FrameNode(id: id, role: .popup, request: popup.id, rect: state.frame, transform: transform,
                               opacity: state.alpha, fill: content.background ?? Palette.popup,
                               cornerRadius: presentation.cornerRadius.length, shadow: Palette.popupShadow))
        var root = cache.layout(content, of: popup.id, in: state.frame)
        root.node.background = nil  // drawn by the card, with its corners
        let style = ContentStyle(request: popup.id, transform: transform, opacity: state.alpha, fields: popup.fields,
                                 focused: chef.keyboardState.focusedField.flatMap { $0.request == popup.id ? $0.field : nil })
        style.append(root, id: id + ".content", to: &nodes)
    }

    private var screen: Rect { Rect(x: 0, y: 0, width: chef.scene.width, height: chef.scene.height) }
}

extension ContentNode {
    /// Whether the text field `id` is secure.
    func isSecureField(_ id: String) -> Bool {
        if case .textField(id, _, let secure) = kind { return secure }
        return children.contains { $0.isSecureField(id) }
    }
}
