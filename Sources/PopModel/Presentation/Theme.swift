/// Named themes and a fluent builder over `Presentation`, after CSPopKit's CSPopTheme (chained
/// `.cornerRadiusTheme(16).maxPopupWidthTheme(280)…`) and QMUI's modal animation styles:
///
/// ```swift
/// let theme = Presentation.cspopDefault.cornerRadius(12).maximumWidth(280).show(.slideFromTopAngleBounce)
/// ```
extension Presentation {
    /// CSPopKit's default theme: dimmed at 0.7, corners 16, fixed width 300, 0.3 s fade in and out,
    /// background touches absorbed.
    public static let cspopDefault = Presentation().mask(.dimmed, color: 0x0000_00B3).cornerRadius(16).fixedWidth(300)
        .durations(show: 0.3, hide: 0.3).show(.fadeIn).hide(.fadeOut)

    /// CSPopKit's guide theme: the default with a 0.8 s slide in from the top and a 0.45 s slide out
    /// to the bottom.
    public static let cspopGuide = cspopDefault.durations(show: 0.8, hide: 0.45).show(.slideFromTop).hide(.slideToBottom)

    /// QMUI's modal (QMUIModalPresentationViewController.m), its default fade style: dimmed at 0.35
    /// (UIColorMask), not modal (`modal = NO`: a tap on the dimming hides it), fading in and out over
    /// 0.2 s on QMUI's `QMUIViewAnimationOptionsCurveOut` (`Keyframe.Curve.keyboard`).
    public static let qmuiFade = Presentation().dismissOnBackgroundTap().durations(show: 0.2, hide: 0.2).show(.fadeIn).hide(.fadeOut)
        .curves(show: .keyboard, hide: .keyboard)
    /// QMUI's popup style: scales from 0 and back to 0 over 0.3 s, its content's alpha untouched.
    public static let qmuiPopup = qmuiFade.durations(show: 0.3, hide: 0.3).show(.popup).hide(.popup).curves(show: nil, hide: nil)
    /// QMUI's slide style: up from just below the screen and back down over 0.3 s.
    public static let qmuiSlide = qmuiPopup.show(.slideUp).hide(.slideDown)

    /// A SwiftEntryKit-style top banner: no mask, SwiftEntryKit's default entrance and exit (a 0.3 s
    /// translation from and to just above the screen), 2 s on screen after its entrance, paused by
    /// a touch, swiped away, touches behind it reach the app.
    public static let topBanner = Presentation().style(.banner).mask(.none).cornerRadius(14)
        .durations(show: 0.3, hide: 0.3).show(.slideFromTop).hide(.slideToTop).banner(edge: .top, behind: .forward, display: 2)
    /// The same at the bottom edge.
    public static let bottomBanner = topBanner.show(.slideFromBottom).hide(.slideToBottom).banner(
        edge: .bottom, behind: .forward, display: 2)

    /// The named themes, by the names a scenario or the `pop.theme` controller loader uses.
    public static let named: [String: Presentation] = [
        "alert": Presentation(), "cspop-default": cspopDefault, "cspop-guide": cspopGuide, "qmui-fade": qmuiFade,
        "qmui-popup": qmuiPopup, "qmui-slide": qmuiSlide, "top-banner": topBanner, "bottom-banner": bottomBanner,
    ]

    public func style(_ style: Style) -> Presentation { with { $0.style = style } }
    public func mask(_ mask: Mask, color: UInt32? = nil) -> Presentation {
        with {
            $0.mask = mask; if let color { $0.dimColor = color }
        }
    }
    public func modal(_ modal: Bool = true) -> Presentation { with { $0.modal = modal } }
    public func dismissOnBackgroundTap(_ dismiss: Bool = true) -> Presentation { with { $0.dismissOnBackgroundTap = dismiss } }
    public func cornerRadius(_ radius: Double) -> Presentation { with { $0.cornerRadius = radius } }
    public func fixedWidth(_ width: Double) -> Presentation {
        with {
            $0.widthMode = .fixed; $0.width = width
        }
    }
    public func maximumWidth(_ width: Double) -> Presentation {
        with {
            $0.widthMode = .maximum; $0.width = width
        }
    }
    public func offset(x: Double, y: Double) -> Presentation {
        with {
            $0.offsetX = x; $0.offsetY = y
        }
    }
    public func margins(top: Double, left: Double, bottom: Double, right: Double) -> Presentation {
        with {
            $0.marginTop = top; $0.marginLeft = left; $0.marginBottom = bottom; $0.marginRight = right
        }
    }
    public func durations(show: Double, hide: Double) -> Presentation {
        with {
            $0.showDuration = show; $0.hideDuration = hide
        }
    }
    public func show(_ animation: ShowAnimation) -> Presentation { with { $0.showAnimation = animation } }
    public func hide(_ animation: HideAnimation) -> Presentation { with { $0.hideAnimation = animation } }
    /// The show and hide curves; nil: each animation style's own.
    public func curves(show: Keyframe.Curve?, hide: Keyframe.Curve?) -> Presentation {
        with {
            $0.showCurve = show; $0.hideCurve = hide
        }
    }
    public func dismissPoint(x: Double, y: Double) -> Presentation {
        with {
            $0.dismissPointX = x; $0.dismissPointY = y
        }
    }
    public func banner(
        edge: Edge, behind: BehindBanner, display: Double, pauseOnTouch: Bool = true,
        swipeToDismiss: Bool = true
    ) -> Presentation {
        with {
            $0.bannerEdge = edge
            $0.behindBanner = behind
            $0.displayDuration = display
            $0.pauseOnTouch = pauseOnTouch
            $0.swipeToDismiss = swipeToDismiss
        }
    }

    private func with(_ change: (inout Presentation) -> Void) -> Presentation {
        var copy = self
        change(&copy)
        return copy
    }
}
