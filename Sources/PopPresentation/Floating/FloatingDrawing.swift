import PopModel

/// Draws the floating window over the popups: the corner circle (a disc of radius r centred near the
/// bottom-right corner — bottom-left in right-to-left —, so the screen shows a quarter of it, with its
/// label), the bubbles (circles in the appearance's bubble colour with the page's logo as their text),
/// then the transition view (the page as a card going from its rect to the bubble's circle or back, the
/// logo fading in or out), over the black that darkens the page underneath during an expand.
///
/// Node ids: `floating.circle` (role `floating-circle`) and `floating.circle.label` (`text`);
/// `floating.bubble.<n>` (role `bubble`, n its number); `floating.dim` (`dimming`);
/// `floating.transition` (`app`) and `floating.transition.logo` (`text`).
struct FloatingDrawing {
    let engine: PresentationEngine
    let palette: Palette

    /// The create-mode disc (JPSuspensionDecideView's dark blur, darker grey while touched) and the
    /// delete-mode one (rgb(232, 81, 83)), the same in both appearances (the blur is a fixed dark one).
    static let createFill: ContentNode.Color = 0x2C2C_2EE6
    static let createTouchedFill: ContentNode.Color = 0x5555_55F2
    static let deleteFill: ContentNode.Color = 0xE851_53FF
    static let createLabel: ContentNode.Color = 0xAAAA_AAFF
    static let deleteLabel: ContentNode.Color = 0xFFFF_FFFF
    static let bubbleShadow = Shadow(offsetY: 2, blur: 8, color: 0x0000_0033)
    /// JPSuspensionTransition's `bgView` (black, JPSuspensionTransition.m:227).
    static let dimFill: ContentNode.Color = 0x0000_00FF

    /// Appends the floating window's nodes, back to front.
    func append(to nodes: inout [FrameNode]) {
        appendCircle(to: &nodes)
        for bubble in engine.floating.bubbles {
            guard let (frame, alpha) = engine.floating.drawnBubble(bubble), alpha > 0 else { continue }
            nodes.append(
                FrameNode(
                    id: "floating.bubble.\(bubble.number)", role: .bubble, rect: frame, opacity: alpha, fill: palette.bubble,
                    stroke: palette.bubbleBorder, cornerRadius: frame.width / 2, shadow: Self.bubbleShadow,
                    text: logo(bubble.declaration, side: frame.width),
                    accessibility: AccessibilityDescription(role: .button, label: "Floating \(bubble.kind)")))
        }
        appendTransition(to: &nodes)
    }

    private var layout: FloatingLayout { engine.floating.layout }

    private func appendCircle(to nodes: inout [FrameNode]) {
        guard let circle = engine.floating.circle else { return }
        let r = circle.radius
        let frame = Rect(x: circle.centre.x - r, y: circle.centre.y - r, width: 2 * r, height: 2 * r)
        let transform = AffineTransform.scaleRotate(scale: circle.scale, rotation: 0, about: (circle.centre.x, circle.centre.y))
        let fill =
            circle.mode == .delete ? Self.deleteFill : circle.touched ? Self.createTouchedFill : Self.createFill
        nodes.append(
            FrameNode(id: "floating.circle", role: .floatingCircle, rect: frame, transform: transform, fill: fill, cornerRadius: r))
        nodes.append(
            FrameNode(
                id: "floating.circle.label", role: .text, rect: layout.circleLabelFrame(centre: circle.centre), transform: transform,
                text: TextRun(
                    lines: [circle.label], size: 12, weight: .regular,
                    color: circle.mode == .delete ? Self.deleteLabel : Self.createLabel, alignment: .center, centeredVertically: true)))
    }

    private func appendTransition(to nodes: inout [FrameNode]) {
        let now = engine.now
        guard let card = engine.floating.state.card, let (frame, radius, opacity) = card.morph.value(at: now) else { return }
        // JPSuspensionTransition's bgView: black under the expanding page, fading in.
        if let dim = card.dim, case let alpha = dim.progress(at: card.morph.fraction(at: now)), alpha > 0 {
            let scene = engine.scene
            nodes.append(
                FrameNode(
                    id: "floating.dim", role: .dimming, rect: Rect(x: 0, y: 0, width: scene.width, height: scene.height), opacity: alpha,
                    fill: Self.dimFill))
        }
        let fill = card.content.background(for: engine.traits.display.appearance) ?? palette.appBackground
        nodes.append(
            FrameNode(
                id: "floating.transition", role: .app, rect: frame, opacity: opacity, fill: fill, cornerRadius: radius,
                shadow: Self.bubbleShadow))
        // The logo shows as the card becomes the bubble (and fades as it grows into the page).
        let side = layout.bubbleSide
        let roundness = min(max(radius / (side / 2), 0), 1)
        let logoSide = min(frame.width, frame.height, side)
        let logoFrame = Rect(x: frame.center.x - logoSide / 2, y: frame.center.y - logoSide / 2, width: logoSide, height: logoSide)
        nodes.append(
            FrameNode(
                id: "floating.transition.logo", role: .text, rect: logoFrame, opacity: opacity * roundness,
                text: logo(card.declaration, side: side)))
    }

    /// The logo as the bubble's text: bold, centred, sized to the bubble.
    private func logo(_ declaration: FloatingDeclaration, side: Double) -> TextRun {
        TextRun(
            lines: [declaration.logo], size: (side * 0.44).rounded(), weight: .bold, color: declaration.logoColor, alignment: .center,
            centeredVertically: true)
    }
}

extension ContentNode {
    /// This node's own background in `appearance` (its semantic one resolved, else the fixed one), its
    /// children left alone: what stands for a page's whole surface.
    fileprivate func background(for appearance: Appearance) -> Color? {
        semantics?.background?.resolved(for: appearance) ?? background
    }
}
