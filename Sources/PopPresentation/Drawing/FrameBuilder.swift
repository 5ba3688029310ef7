import PopChef
import PopModel

/// Draws an engine's screen at its current time: the app, then each popup on screen (its dimming,
/// its card and its content laid out in its presented frame, scaled and rotated about its centre),
/// in layer order (sheets below modal below banner) and, within a layer, in the order they came on
/// screen, content taller than its card scrolled by the popup's offset and clipped to the card, a sheet's
/// rows on demand below its content (`ListRowNodes`); then
/// the floating window (`FloatingDrawing`); the keyboard on top. A sheet adds its grabber and draws no
/// dimming where it is undimmed (the app takes the touches there); a popover draws its arrow and a
/// clear mask. What the host colours itself is in the engine's appearance (`Palette`).
struct FrameBuilder {
    let engine: PresentationEngine
    let app: AppScreen
    let cache: FrameCache

    private var traits: DisplayTraits { engine.traits.display }
    private var palette: Palette { Palette(traits.appearance) }

    func frame() -> Frame {
        let scene = engine.scene, now = engine.now
        let navigation = engine.chef.navigation
        // Room for as many nodes as the last frame had, made once: growing the array as popups are
        // appended copied it several times a frame (a seventh of a still frame's cost).
        var nodes: [FrameNode] = []
        nodes.reserveCapacity(cache.nodeCount)
        if navigation.pages.isEmpty {
            nodes += cache.appNodes(app, in: scene, traits: traits)
        } else {
            PageDrawing(
                scene: scene, traits: traits, stack: navigation, progress: engine.floating.pageDrawingProgress, cache: cache,
                hidden: engine.floating.hiddenPage, scrollOffsets: engine.pages.scrollOffsets,
                crossFade: engine.pages.crossFades
            ).append(to: &nodes)
        }
        let visible = engine.backToFront.filter { $0.motion != nil }
        for popup in visible {
            appendNodes(of: popup, state: popup.motion!.value(at: now), to: &nodes)
        }
        cache.keepLayouts(of: Set(visible.map(\.id)))
        FloatingDrawing(engine: engine, palette: palette).append(to: &nodes)
        let keyboardHeight = engine.keyboard.visibleHeight(at: now)
        if keyboardHeight > 0 {
            nodes += cache.keyboardNodes(in: scene, traits: traits, visibleHeight: keyboardHeight, numeric: engine.keyboard.isNumberPad)
        }
        cache.nodeCount = nodes.count
        var frame = Frame(time: now, screen: scene.size, safeArea: scene.safeArea, traits: traits, nodes: nodes)
        frame.accessibilityFocus = engine.accessibilityFocus.focused
        return frame
    }

    private func appendNodes(of popup: ScreenPopup, state: VisualState, to nodes: inout [FrameNode]) {
        let id = "popup.\(popup.id)", presentation = popup.presentation, palette = self.palette
        let transform = AffineTransform.scaleRotate(
            scale: state.scale, rotation: state.rotation,
            about: (state.frame.center.x, state.frame.center.y))
        let sheet = engine.sheets.layout(of: popup), isPopover = popup.style.layout is PopoverLayout
        switch isPopover ? .clear : presentation.mask {
        case .none:
            break
        case .dimmed where sheet != nil && state.dimAlpha <= 0:
            break
        case .clear:
            nodes.append(FrameNode(id: id + ".dimming", role: .dimming, request: popup.id, rect: screen, opacity: 1))
        case .dimmed:
            nodes.append(
                FrameNode(
                    id: id + ".dimming", role: .dimming, request: popup.id, rect: screen,
                    opacity: palette.dimmingOpacity(state.dimAlpha, dimColor: presentation.dimColor),
                    fill: ContentNode.Color(rawValue: presentation.dimColor | 0xFF)))
        }
        let content = popup.content, card = content.background ?? palette.card(presentation.style)
        let isFront = sheet == nil || !engine.sheets.isCovered(popup)
        if isPopover,
            let arrow = PopoverDrawing.arrow(
                of: popup, state: state, fill: card, shadow: palette.popupShadow, scene: engine.scene, traits: traits)
        {
            nodes.append(arrow)
        }
        let cornerRadius =
            sheet != nil
            ? SheetLayout.cornerRadius(presentation.sheet, scene: engine.scene, isFront: isFront)
            : presentation.cornerRadius.length
        var root = cache.layout(
            content, of: popup.id, in: popup.contentRoom(in: Size(width: state.frame.width, height: state.frame.height)),
            alert: presentation.style == .alert, traits: traits)
        root.node.background = nil  // drawn by the card, with its corners
        // Content taller than the card keeps its size: it scrolls inside the card, which clips it.
        let scroll = ContentScroll.scroll(
            contentHeight: popup.contentHeight(laid: root.frame.height), visible: state.frame.height,
            offset: popup.scroll.offset(at: engine.now))
        // Placed in the card as its nodes are appended; scrolled content is moved first, in two steps as
        // always, so that its sums stay the same.
        var offset: (x: Double, y: Double)? = (state.frame.x, state.frame.y)
        if let scroll {
            root = root.moved(x: state.frame.x, y: state.frame.y).moved(x: 0, y: -scroll.offset)
            offset = nil
        }
        nodes.append(
            FrameNode(
                id: id, role: .popup, request: popup.id, rect: state.frame, transform: transform,
                opacity: state.alpha, fill: card,
                cornerRadius: cornerRadius, shadow: palette.popupShadow, scroll: scroll, accessibility: popup.accessibility))
        let style = ContentStyle(
            request: popup.id, transform: transform, opacity: state.alpha, fields: engine.chef.fields(of: popup.id),
            focused: engine.keyboard.focusedField.flatMap { $0.request == popup.id ? $0.field : nil }, traits: traits,
            clip: scroll == nil ? nil : state.frame, titleID: popup.titleID, lines: cache.textLines)
        var ids = cache.contentIDs(of: popup.id)
        style.append(root, id: id + ".content", offset: offset, ids: &ids, to: &nodes)
        cache.keep(ids, of: popup.id)
        if let rows = cache.rowNodes(of: popup, width: state.frame.width, top: root.frame.height, traits: traits) {
            appendRows(rows, state: state, transform: transform, scroll: scroll, to: &nodes)
        }
        if sheet != nil,
            let grabber = SheetDrawing.grabber(
                of: popup, state: state, transform: transform, fill: palette.grabber, scene: engine.scene, isFront: isFront)
        {
            nodes.append(grabber)
        }
    }

    /// A sheet's rows on demand that show at its scroll (`ListRowNodes`), placed in its card and scrolled with
    /// its content — the same sums — moving, fading and clipped as it is.
    private func appendRows(
        _ rows: ListRowNodes, state: VisualState, transform: AffineTransform, scroll: Scroll?, to nodes: inout [FrameNode]
    ) {
        let offset = scroll?.offset ?? 0, clip = scroll == nil ? nil : state.frame
        for var node in rows.nodes(of: rows.band(offset: offset, visible: state.frame.height)) {
            node.rect.x += state.frame.x
            node.rect.y += state.frame.y
            node.rect.y -= offset
            node.transform = transform
            node.opacity = state.alpha
            node.clip = clip
            nodes.append(node)
        }
    }

    private var screen: Rect { Rect(x: 0, y: 0, width: engine.scene.width, height: engine.scene.height) }
}
