import PopModel

/// Whether a pan may start an interactive pop: FDFullscreenPopGesture's
/// `gestureRecognizerShouldBegin:` (UINavigationController+FDFullscreenPopGesture.m) with the spec's
/// thresholds (sheets-navigation-floating.md, Decisions). The rules, in FD's order:
/// 1. refused when the stack has one page;
/// 2. refused when the top page disables its pop gesture;
/// 3. refused when the start is farther from the leading edge than allowed — 20 pt for the edge
///    pan; the page's maximum initial distance for the full-screen pan (0 = anywhere). Right to left
///    the distance is measured from the right edge, W − x (FD measures it from the left edge even
///    then, refusing pans near the right edge: pophost fixes that, the spec's Decision);
/// 4. refused during a transition (FD reads the private `_isTransitioning`);
/// 5. refused unless the movement is toward the trailing side (rightward; leftward in a
///    right-to-left layout) and more horizontal than vertical (the spec adds the second half).
public enum PopGestureRule {
    /// Which recognizer the pan is.
    public enum Kind: String, Sendable, CaseIterable {
        /// UIKit's own interactive pop: from the screen's leading edge.
        case edge
        /// FD's full-screen pan: anywhere within the page's maximum initial distance.
        case fullScreen = "full-screen"
    }

    /// Why a pan did not start a pop.
    public enum Refusal: String, Hashable, Sendable {
        case onePage = "one-page"
        case disabled
        case tooFarFromEdge = "too-far-from-edge"
        case inTransition = "in-transition"
        case notTowardTrailing = "not-toward-trailing"
        /// A floating bubble is being dragged (checked by the engine after the rules above).
        case bubbleDragged = "bubble-dragged"
    }

    /// How close to the leading edge an edge pan must start, in points.
    public static let edgeWidth = 20.0

    /// Which pan a drag starting at `start` is: the edge pan within `edgeWidth` of the leading edge (the
    /// left one, or the right one in right-to-left), else the full-screen pan.
    public static func kind(startingAt start: Point, screenWidth: Double, rightToLeft: Bool) -> Kind {
        let fromEdge = rightToLeft ? screenWidth - start.x : start.x
        return fromEdge <= edgeWidth ? .edge : .fullScreen
    }

    /// Nil when a pan of `kind` that started at `start` and has moved by `translation` may pop;
    /// else the first rule that refuses it.
    public static func refusal(
        _ kind: Kind, start: Point, translation: Point, screenWidth: Double, pageCount: Int, top: PagePreferences?,
        inTransition: Bool, rightToLeft: Bool = false
    ) -> Refusal? {
        guard pageCount > 1, let top else { return .onePage }
        guard top.popGestureEnabled else { return .disabled }
        let fromEdge = rightToLeft ? screenWidth - start.x : start.x
        switch kind {
        case .edge:
            if fromEdge > edgeWidth { return .tooFarFromEdge }
        case .fullScreen:
            let allowed = top.popGestureMaxInitialDistance
            if allowed > 0 && fromEdge > allowed { return .tooFarFromEdge }
        }
        if inTransition { return .inTransition }
        let towardTrailing = rightToLeft ? -translation.x : translation.x
        guard towardTrailing > 0, towardTrailing > abs(translation.y) else { return .notTowardTrailing }
        return nil
    }
}
