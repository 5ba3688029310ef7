import PopModel

#if canImport(Glibc)
import Glibc
#endif

/// How a theme's presentation and dismiss styles move a popup, as the anchors code them: the state
/// a popup enters from, the state it leaves to, and each style's own curve.
///
/// CSPopKit (CSPopAnimation.m), `H` and `W` the screen's height and width:
/// - Every entrance sets the content's and the mask's alpha to 0 and animates both to 1 with the
///   transform: a fade on UIView's default curve (ease in-out); a slide from a translation of half
///   the screen (`±H/2` or `±W/2`) to identity on `usingSpringWithDamping:0.6`.
/// - The angle bounce starts at `CGAffineTransformTranslate(CGAffineTransformMakeRotation(π/20), 0,
///   −H/2)`: turned by π/20, then moved half a screen up *in the turned frame*, so its centre is off
///   by R(π/20)·(0, −H/2) = (H/2·sin(π/20), −H/2·cos(π/20)).
/// - Every exit animates the content's and the mask's alpha to 0 with the transform, on UIView's
///   default curve (ease in-out): half a screen away; the angled exit turns the other way,
///   `Translate(MakeRotation(−π/20), 0, H/2)`, its centre off by R(−π/20)·(0, H/2) =
///   (H/2·sin(π/20), H/2·cos(π/20)); to-point-and-scale moves the centre to the dismiss point and
///   scales to 0.01 (`Scale(MakeTranslation(point − centre), 0.01, 0.01)`).
///
/// QMUI (QMUIModalPresentationViewController.m), all on `QMUIViewAnimationOptionsCurveOut`
/// (`TimingCurve.keyboard`), the dimming 0 → 1 and back:
/// - popup: scale 0 → 1, and to 0 when hidden; the content's alpha is left alone.
/// - slide up / down: from `CGAffineTransformMakeTranslation(0, H − minY(content))` — the content's
///   top edge on the screen's bottom edge — to identity, and back there; alpha left alone.
/// (QMUI's fade is `fadeIn` / `fadeOut` with the keyboard curve: the `qmui-fade` theme sets it.)
///
/// UIView transforms apply about the view's centre, and so does the engine's `scale` and `rotation`
/// (`AffineTransform.scaleRotate`): a centre offset is a frame offset.
enum ThemeMotion {
    /// CSPopAnimation.m's `M_PI_4 / 5.0`.
    static let angle = Double.pi / 20
    static let slideSpringDamping = 0.6
    static let smallestScale = 0.01

    /// The state `style` brings a popup in from, given its `shown` state on a screen of `screen`,
    /// and the style's own curve.
    static func entrance(
        _ style: Presentation.ShowAnimation, shown: VisualState, screen: Size,
        duration: VirtualTime
    ) -> (from: VisualState, curve: TimingCurve) {
        var from = shown
        from.dimAlpha = 0
        // CSPopKit's: the content fades in with every entrance.
        from.alpha = 0
        let spring = TimingCurve.spring(damping: slideSpringDamping, response: duration.seconds)
        switch style {
        case .none:
            return (shown, .linear)
        case .fadeIn:
            return (from, .easeInOut)
        case .slideFromTop:
            from.frame.y -= screen.height / 2
            return (from, spring)
        case .slideFromTopAngleBounce:
            let offset = turned(by: angle, dx: 0, dy: -screen.height / 2)
            from.frame.x += offset.dx
            from.frame.y += offset.dy
            from.rotation = angle
            return (from, spring)
        case .slideFromBottom:
            from.frame.y += screen.height / 2
            return (from, spring)
        case .slideFromLeft:
            from.frame.x -= screen.width / 2
            return (from, spring)
        case .slideFromRight:
            from.frame.x += screen.width / 2
            return (from, spring)
        case .popup:
            from.alpha = shown.alpha
            from.scale = 0
            return (from, .keyboard)
        case .slideUp:
            from.alpha = shown.alpha
            from.frame.y = screen.height
            return (from, .keyboard)
        }
    }

    /// The state `style` takes a popup that rests in `shown` out to, and the style's own curve. The
    /// exit starts from wherever the popup is; its target is absolute (what the anchor's exit sets,
    /// with what it leaves alone at its resting value), so an exit that interrupts an entrance ends
    /// in the same place as one from rest.
    static func exit(
        _ style: Presentation.HideAnimation, shown: VisualState, dismissPoint: Point,
        screen: Size
    ) -> (to: VisualState, curve: TimingCurve) {
        var to = shown
        to.dimAlpha = 0
        // CSPopKit's: the content fades out with every exit.
        to.alpha = 0
        switch style {
        case .none:
            return (to, .linear)
        case .fadeOut:
            break
        case .slideToTop:
            to.frame.y -= screen.height / 2
        case .slideToBottom:
            to.frame.y += screen.height / 2
        case .slideToBottomAngle:
            let offset = turned(by: -angle, dx: 0, dy: screen.height / 2)
            to.frame.x += offset.dx
            to.frame.y += offset.dy
            to.rotation = -angle
        case .toPointScale:
            to.frame.x = dismissPoint.x - shown.frame.width / 2
            to.frame.y = dismissPoint.y - shown.frame.height / 2
            to.scale = smallestScale
        case .slideToLeft:
            to.frame.x -= screen.width / 2
        case .slideToRight:
            to.frame.x += screen.width / 2
        case .popup:
            to.alpha = shown.alpha
            to.scale = 0
            return (to, .keyboard)
        case .slideDown:
            to.alpha = shown.alpha
            to.frame.y = screen.height
            return (to, .keyboard)
        }
        return (to, .easeInOut)
    }

    /// Where `CGAffineTransformTranslate(CGAffineTransformMakeRotation(angle), dx, dy)` moves a view's
    /// centre: the translation turned by `angle` (clockwise on screen, y down, as UIKit's).
    static func turned(by angle: Double, dx: Double, dy: Double) -> (dx: Double, dy: Double) {
        (cos(angle) * dx - sin(angle) * dy, sin(angle) * dx + cos(angle) * dy)
    }
}
