import PopModel

/// Where a navigation transition puts things, as pure geometry (the layout half of the page
/// transition; `PageTransitionBehaviour` is the motion half). `progress` runs from 0 (the leaving
/// page fills the screen) to 1 (the arriving page does).
///
/// - The page on top of the stack slides across the whole width: a pushed page from x = W to 0, a
///   popped one from 0 to W.
/// - The page underneath moves with parallax: between x = −0.3 W (covered) and 0
///   (seed 002's JPSuspensionEntrance and UIKit: the page underneath starts at −0.3 W).
/// - Each page draws its own bar (KMNavigationBarTransition's fake bar) on its own view, moving with
///   it: its background from the screen's top (under the status bar, as UIKit's bar background
///   extends) to the bar's bottom; nothing when the page hides its bar.
/// - A page's content starts under its bar (or under the status bar when its bar is hidden).
/// - What a page shows — its titles, back button and content — stays inside the safe area's leading and
///   trailing insets (the camera housing's side in landscape), as UIKit's layout margins follow the safe
///   area; backgrounds fill the whole width.
/// - Right to left, the motion is mirrored: a pushed page arrives from the left (x = −W to 0), the page it
///   covers parallaxes to +0.3 W, a popped page leaves to the left; the back button is at the right end.
struct NavigationLayout {
    /// How far the covered page sits, as a fraction of the screen's width (left to right).
    static let parallax = -0.3

    let scene: Scene
    /// The interface's direction: right to left mirrors the pages' motion and the back button.
    var direction = LayoutDirection.leftToRight

    /// The x of the leaving and arriving pages at `progress` of a push (`isPop` false) or a pop.
    func pageOffsets(isPop: Bool, progress: Double) -> (leaving: Double, arriving: Double) {
        // Toward the trailing side: rightward, or leftward in right-to-left.
        let width = direction.isRightToLeft ? -scene.width : scene.width, p = min(max(progress, 0), 1)
        return isPop
            ? (leaving: width * p, arriving: Self.parallax * width * (1 - p))
            : (leaving: Self.parallax * width * p, arriving: width * (1 - p))
    }

    /// The bar's background on a page at `x`, from the screen's top: nil when the page hides it.
    func barBackground(_ style: BarStyle, pageX x: Double) -> Rect? {
        style.hidden ? nil : Rect(x: x, y: 0, width: scene.width, height: scene.safeArea.top + style.totalHeight)
    }

    /// The hairline under a page's bar: nil when hidden or without a shadow.
    func barShadow(_ style: BarStyle, pageX x: Double) -> Rect? {
        guard !style.hidden, style.shadow else { return nil }
        return Rect(x: x, y: scene.safeArea.top + style.totalHeight, width: scene.width, height: 0.5)
    }

    /// The bar's title line (the 44 pt row under the status bar, inside the safe area's sides); a large title
    /// has its own row below.
    func titleRow(pageX x: Double) -> Rect {
        Rect(x: x + scene.safeArea.leading, y: scene.safeArea.top, width: safeWidth, height: BarStyle.height)
    }

    /// The large title's row under the bar's 44 pt row, inside the safe area's sides.
    func largeTitleRow(pageX x: Double) -> Rect {
        Rect(x: x + scene.safeArea.leading, y: scene.safeArea.top + BarStyle.height, width: safeWidth, height: BarStyle.largeTitleHeight)
    }

    /// The back button, at the leading end of the title row (the right end in right-to-left): 8 pt in
    /// (UIKit's margin), as wide as its chevron and label.
    func backButton(pageX x: Double) -> Rect {
        let x =
            direction.isRightToLeft ? x + scene.width - scene.safeArea.trailing - 8 - Self.backButtonWidth : x + 8 + scene.safeArea.leading
        return Rect(x: x, y: scene.safeArea.top, width: Self.backButtonWidth, height: BarStyle.height)
    }

    /// The back button's width: its chevron and label.
    static let backButtonWidth = 88.0

    /// The page's content under its bar, down to the bottom of the safe area, between its sides: the room the
    /// content is laid out in (its rows' own 16 pt margins then sit 16 pt inside the safe area) and the clip of
    /// content taller than it.
    func content(_ style: BarStyle, pageX x: Double) -> Rect {
        let top = scene.safeArea.top + style.totalHeight
        return Rect(
            x: x + scene.safeArea.leading, y: top, width: safeWidth, height: max(scene.height - scene.safeArea.bottom - top, 0))
    }

    /// The screen's width between the safe area's sides.
    private var safeWidth: Double { max(scene.width - scene.safeArea.leading - scene.safeArea.trailing, 0) }

    /// The whole page at `x`.
    func page(pageX x: Double) -> Rect { Rect(x: x, y: 0, width: scene.width, height: scene.height) }
}
