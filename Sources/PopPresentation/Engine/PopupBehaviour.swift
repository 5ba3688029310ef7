import PopModel

/// How a popup of one presentation style moves and answers touches (FloatingPanel's Behavior): its
/// entrance and exit for its theme, how it moves to a new resting place, and what a tap on its
/// dimming does. Behaviours hold no state; the engine keeps each popup's.
protocol PopupBehaviour: Sendable {
    /// Where the entrance starts for a popup that rests in `shown`, and its curve.
    func entrance(
        to shown: VisualState, presentation: Presentation, screen: Size, duration: VirtualTime
    )
        -> (from: VisualState, curve: TimingCurve)
    /// Where the exit ends for a popup that rests in `shown` (it starts from wherever the popup is),
    /// and its curve.
    func exit(
        shown: VisualState, presentation: Presentation, screen: Size, duration: VirtualTime
    )
        -> (to: VisualState, curve: TimingCurve)
    /// Whether a tap on the popup's mask dismisses it (reason background tap; its handler may veto).
    func dismissesOnBackgroundTap(_ presentation: Presentation) -> Bool
}

extension PopupBehaviour {
    /// The theme's styles (CSPopKit's and QMUI's): see `ThemeMotion`.
    func entrance(
        to shown: VisualState, presentation: Presentation, screen: Size, duration: VirtualTime
    )
        -> (from: VisualState, curve: TimingCurve)
    {
        themeEntrance(to: shown, presentation: presentation, screen: screen, duration: duration)
    }

    func exit(
        shown: VisualState, presentation: Presentation, screen: Size, duration: VirtualTime
    )
        -> (to: VisualState, curve: TimingCurve)
    {
        themeExit(shown: shown, presentation: presentation, screen: screen, duration: duration)
    }

    /// The presentation's show style as `ThemeMotion` has it, on the presentation's show curve.
    func themeEntrance(
        to shown: VisualState, presentation: Presentation, screen: Size, duration: VirtualTime
    )
        -> (from: VisualState, curve: TimingCurve)
    {
        let entrance = ThemeMotion.entrance(presentation.showAnimation, shown: shown, screen: screen, duration: duration)
        return (entrance.from, presentation.showCurve(else: entrance.curve, duration: duration))
    }

    /// The presentation's hide style as `ThemeMotion` has it, on the presentation's hide curve.
    func themeExit(
        shown: VisualState, presentation: Presentation, screen: Size, duration: VirtualTime
    )
        -> (to: VisualState, curve: TimingCurve)
    {
        let exit = ThemeMotion.exit(
            presentation.hideAnimation, shown: shown,
            dismissPoint: Point(x: presentation.dismissPointX, y: presentation.dismissPointY), screen: screen)
        return (exit.to, presentation.hideCurve(else: exit.curve, duration: duration))
    }

    /// When its mask takes touches (dimmed or clear: CSPopController.m keeps its tap recognizer on
    /// a clear mask), it is not modal, and its theme asks for it (CSPopKit's
    /// `shouldDismissOnBackgroundTouch`; QMUI's `modal = NO`).
    func dismissesOnBackgroundTap(_ presentation: Presentation) -> Bool {
        presentation.mask != .none && !presentation.modal && presentation.dismissOnBackgroundTap
    }
}

/// The layout and behaviour of a presentation's style.
struct PresentationStyle: Sendable {
    let layout: any PopupLayout
    let behaviour: any PopupBehaviour

    private static let alert = PresentationStyle(layout: AlertLayout(), behaviour: AlertBehaviour())
    private static let banner = PresentationStyle(layout: BannerLayout(), behaviour: BannerBehaviour())
    static let popover = PresentationStyle(layout: PopoverLayout(), behaviour: PopoverBehaviour())

    /// Banners have their own; sheets and popovers theirs, which the engine makes for each sheet
    /// (`SheetPresenter.refresh`); pages and floating windows are reserved styles,
    /// presented as alerts until their issues define them (controller_loader.h says so).
    static func of(_ presentation: Presentation) -> PresentationStyle {
        presentation.style == .banner ? banner : alert
    }

    /// A sheet laid out with `layout`.
    static func sheet(_ layout: SheetLayout) -> PresentationStyle {
        PresentationStyle(layout: layout, behaviour: SheetBehaviour())
    }
}
