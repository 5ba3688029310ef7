import PopChef
import PopModel

/// Draws the navigation stack behind the popups (it replaces the fixed `AppScreen` once the stack
/// has a page): at rest, the top page under the real bar with the page's style; during a transition,
/// the page underneath and the page on top at their `NavigationLayout` offsets, each with its own
/// fake bar (background, hairline, large title) moving with it, and the real bar's items — each
/// title over its own page, crossfading, and the back button — with its background hidden
/// (KMNavigationBarTransition, the spec's Decisions). The status bar's text and icons are on top.
/// A page's content taller than its content area keeps its size and scrolls in it (`ContentScroll`): moved up
/// by the page's offset, clipped to the area, the offset on the page's node (as on a popup's). Pages are
/// drawn under the display traits: their content resolved for them, UIKit's default bar colours and the
/// status bar in the appearance's (`Palette`).
///
/// Node ids: `page.<name>` (its background), `page.<name>.content…`, `page.<name>.bar`,
/// `page.<name>.bar.shadow`, `page.<name>.large-title`; the real bar's `bar.background`,
/// `bar.shadow`, `bar.title.<name>`, `bar.back`. A page the floating window's transition view
/// stands for (`hidden`) is not drawn.
///
/// Right to left (`traits.layoutDirection`): the pages move the other way (`NavigationLayout`), their
/// content is mirrored (`ContentMirror`), the back button is at the right end with its chevron pointing
/// right, and a large title is right-aligned. The status bar stays as it is.
struct PageDrawing {
    let scene: Scene
    /// The display traits the pages are drawn under: their direction, their content's text size, their colours.
    let traits: DisplayTraits
    let stack: NavigationStack
    /// The transition's progress, when one runs.
    let progress: Double?
    let cache: FrameCache
    /// A page not drawn: the floating window's transition view stands for it.
    var hidden: String? = nil
    /// Each page's scroll offset now, by name (0 when absent); clamped to its content here.
    var scrollOffsets: [String: Double] = [:]
    /// The transition cross-fades instead of sliding (a push or pop by the app under Reduce Motion):
    /// both pages in place, the upper one fading in (push) or out (pop).
    var crossFade = false

    private var layout: NavigationLayout { NavigationLayout(scene: scene, direction: direction) }
    private var direction: LayoutDirection { traits.layoutDirection }
    private var palette: Palette { Palette(traits.appearance) }

    /// Appends the stack's nodes, back to front.
    func append(to nodes: inout [FrameNode]) {
        if let transition = stack.transition, let progress {
            let offsets = crossFade ? (leaving: 0.0, arriving: 0.0) : layout.pageOffsets(isPop: transition.isPop, progress: progress)
            // The page that is (or was) lower in the stack is drawn first.
            let lower = transition.isPop ? (transition.arriving, offsets.arriving) : (transition.leaving, offsets.leaving)
            let upper = transition.isPop ? (transition.leaving, offsets.leaving) : (transition.arriving, offsets.arriving)
            for (page, x) in [lower, upper] where page.name != hidden {
                let first = nodes.count
                appendPage(page, x: x, to: &nodes)
                appendBarBackground(page.bar, id: "page.\(page.name).bar", x: x, to: &nodes)
                appendLargeTitle(page, x: x, to: &nodes)
                if crossFade && page === upper.0 {
                    let opacity = transition.isPop ? 1 - progress : progress
                    for index in first..<nodes.count { nodes[index].opacity *= opacity }
                }
            }
            let opacities = PageTransitionBehaviour.titleOpacities(
                progress: progress, leaving: transition.leaving.bar, arriving: transition.arriving.bar)
            appendTitle(
                transition.leaving, x: offsets.leaving, opacity: hidden == transition.leaving.name ? 0 : opacities.leaving, to: &nodes)
            appendTitle(
                transition.arriving, x: offsets.arriving, opacity: hidden == transition.arriving.name ? 0 : opacities.arriving, to: &nodes)
            let backOpacity =
                (hasBack(transition.leaving) ? opacities.leaving : 0) + (hasBack(transition.arriving) ? opacities.arriving : 0)
            appendBack(style: palette.barStyle(stack.barStyle ?? BarStyle()), opacity: backOpacity, to: &nodes)
            appendStatusBar(to: &nodes)
        } else if let top = stack.top {
            nodes += cache.restingPageNodes(
                in: scene, key: "\(top.name) \(hasBack(top)) \(scrollOffsets[top.name] ?? 0)", traits: traits
            ) {
                var nodes: [FrameNode] = []
                appendPage(top, x: 0, to: &nodes)
                appendBarBackground(top.bar, id: "bar", x: 0, to: &nodes)
                appendLargeTitle(top, x: 0, to: &nodes)
                appendTitle(top, x: 0, opacity: top.bar.hidden ? 0 : 1, to: &nodes)
                appendBack(style: palette.barStyle(top.bar), opacity: hasBack(top) ? 1 : 0, to: &nodes)
                appendStatusBar(to: &nodes)
                return nodes
            }
        }
        cache.keepPageContents(of: stack.pages)
    }

    private func hasBack(_ page: Page) -> Bool { !page.bar.hidden && stack.pages.first !== page }

    private func appendPage(_ page: Page, x: Double, to nodes: inout [FrameNode]) {
        let id = "page.\(page.name)"
        let area = layout.content(page.bar, pageX: x)
        let content = cache.pageContent(of: page, size: Size(width: area.width, height: area.height), traits: traits)
        // Content taller than the page keeps its size: it scrolls in the content area, which clips it.
        let scroll = content.scroll(in: area, offset: scrollOffsets[page.name] ?? 0)
        nodes.append(
            FrameNode(
                id: id, role: .app, rect: layout.page(pageX: x), fill: content.background, scroll: scroll))
        content.append(in: area, scroll: scroll, to: &nodes)
    }

    private func appendBarBackground(_ style: BarStyle, id: String, x: Double, to nodes: inout [FrameNode]) {
        let style = palette.barStyle(style)
        if let rect = layout.barBackground(style, pageX: x) {
            nodes.append(
                FrameNode(
                    id: id == "bar" ? "bar.background" : id, role: .app, rect: rect, fill: PageTransitionBehaviour.backgroundFill(style)))
        }
        if let rect = layout.barShadow(style, pageX: x) {
            nodes.append(FrameNode(id: id + ".shadow", role: .app, rect: rect, fill: palette.separator))
        }
    }

    private func appendLargeTitle(_ page: Page, x: Double, to nodes: inout [FrameNode]) {
        guard !page.bar.hidden, page.bar.largeTitle else { return }
        nodes.append(
            FrameNode(
                id: "page.\(page.name).large-title", role: .app, rect: layout.largeTitleRow(pageX: x),
                text: TextRun(
                    lines: [page.title], size: 34, weight: .bold, color: palette.barStyle(page.bar).titleColor,
                    alignment: ContentMirror.alignment(.leading, in: direction),
                    inset: EdgeInsets(top: 0, leading: 16, bottom: 0, trailing: 16), centeredVertically: true),
                accessibility: AccessibilityDescription(role: .header, label: page.title)))
    }

    /// A page's title on the real bar, centred over the page at `x` as it moves (none for a
    /// large-title page: its title is its own).
    private func appendTitle(_ page: Page, x: Double, opacity: Double, to nodes: inout [FrameNode]) {
        guard opacity > 0, !page.bar.largeTitle else { return }
        nodes.append(
            FrameNode(
                id: "bar.title.\(page.name)", role: .app, rect: layout.titleRow(pageX: x), opacity: opacity,
                text: TextRun(
                    lines: [page.title], size: page.bar.titleSize, weight: page.bar.titleWeight,
                    color: palette.barStyle(page.bar).titleColor,
                    alignment: .center, centeredVertically: true),
                accessibility: AccessibilityDescription(role: .header, label: page.title)))
    }

    private func appendBack(style: BarStyle, opacity: Double, to nodes: inout [FrameNode]) {
        guard opacity > 0 else { return }
        nodes.append(
            FrameNode(
                id: "bar.back", role: .app, rect: layout.backButton(pageX: 0), opacity: min(opacity, 1),
                text: TextRun(
                    lines: [direction.isRightToLeft ? "Back ›" : "‹ Back"], size: 17, weight: .regular, color: style.tint,
                    alignment: ContentMirror.alignment(.leading, in: direction), centeredVertically: true),
                accessibility: AccessibilityDescription(role: .button, label: "Back")))
    }

    private func appendStatusBar(to nodes: inout [FrameNode]) {
        let safe = scene.safeArea
        guard safe.top >= 20 else { return }
        nodes += cache.statusBarNodes(in: scene, traits: traits) {
            [
                FrameNode(
                    id: "app.status-bar", role: .app, rect: Rect(x: 0, y: 0, width: scene.width, height: safe.top),
                    text: TextRun(
                        lines: ["9:41"], size: 15, weight: .semibold, color: palette.label, alignment: .leading,
                        inset: EdgeInsets(top: 0, leading: 16 + safe.leading, bottom: 0, trailing: 16 + safe.trailing),
                        centeredVertically: true))
            ] + StatusBarIcons.nodes(width: scene.width - safe.trailing, centerY: safe.top / 2, palette: palette)
        }
    }
}
