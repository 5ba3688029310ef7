import PopModel

/// Which gesture a second finger takes part in, decided as the anchors' gesture recognizers decide
/// it (docs/presentation.md, "Several fingers"). One gesture runs at a time; a finger that comes
/// down while it runs:
///
/// - **joins it** when it lands on what the gesture holds — the same sheet, banner or bubble: their
///   pans are UIPanGestureRecognizers without a touch limit (FloatingPanel's
///   `FloatingPanelPanGestureRecognizer`, Sources/Core.swift:1278; JPSuspensionView.m:53;
///   SwiftEntryKit's entry pan), which follow the centroid of their fingers;
/// - **is ignored** during an interactive pop: FDFullscreenPopGesture's pan takes one finger
///   (`maximumNumberOfTouches = 1`, UINavigationController+FDFullscreenPopGesture.m:225), and the
///   screen-edge pan is one finger too;
/// - **can only tap** anywhere else: no second drag begins while one runs — the edge pan does not
///   begin during a bubble's drag nor the bubble's drag during the edge pan
///   (JPSuspensionEntrance.m:443 and :448), and UIKit recognizes one pan at a time unless a
///   delegate allows more — but a button, field or bubble under it takes its tap, as a UIControl
///   tracks each touch on its own.
enum TouchArbitration {
    /// What a gesture takes hold of where it begins.
    enum Grab: Hashable, Sendable {
        case bubble(Int)
        case banner(RequestID)
        case sheet(RequestID)
        /// The app: the finger may pop the page.
        case app
        /// A popup's content that does not drag, or the keyboard.
        case nothing
    }

    /// What becomes of a second finger.
    enum Decision: Hashable, Sendable { case join, ignore, tapOnly }

    /// The decision for a finger that lands on `grab` while the gesture that holds `gesture` runs
    /// (`popping`: it is popping a page interactively).
    static func secondTouch(on grab: Grab, during gesture: Grab, popping: Bool) -> Decision {
        if popping { return .ignore }
        switch gesture {
        case .bubble, .banner, .sheet: return grab == gesture ? .join : .tapOnly
        case .app, .nothing: return .tapOnly
        }
    }
}
