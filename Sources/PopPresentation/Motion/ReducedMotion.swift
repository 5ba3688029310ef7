import PopModel

/// What Reduce Motion (with Prefer Cross-Fade Transitions) does to a motion, as the spec's rule has
/// it (traits-accessibility.md, "Reduce Motion"): every slide, scale, angle or bounce becomes a fade
/// in place — no translation, no scaling, no turning — and springs become critically damped (no
/// overshoot); the duration, the dimming's fade and the order of events stay, so a trace differs
/// only in the values drawn. Gestures still follow the finger: only what runs by itself changes.
enum ReducedMotion {
    /// Where an entrance starts, and its curve (`PopupBehaviour.entrance`).
    typealias Entrance = (from: VisualState, curve: TimingCurve)
    /// Where an exit ends, and its curve (`PopupBehaviour.exit`).
    typealias Exit = (to: VisualState, curve: TimingCurve)

    /// An entrance into `shown`: from `shown` itself, transparent, its dimming as the style had it;
    /// an instant entrance stays instant.
    static func entrance(_ entrance: Entrance, shown: VisualState) -> Entrance {
        guard entrance.from != shown else { return entrance }
        var from = shown
        from.alpha = 0
        from.dimAlpha = entrance.from.dimAlpha
        return (from, curve(entrance.curve))
    }

    /// An exit from `current` (where the popup is when it starts leaving): it fades out where it is,
    /// its dimming as the style had it.
    static func exit(_ exit: Exit, from current: VisualState) -> Exit {
        var to = current
        to.alpha = 0
        to.dimAlpha = exit.to.dimAlpha
        return (to, curve(exit.curve))
    }

    /// `curve` without overshoot: a spring critically damped (damping ratio 1) over the same
    /// response; any other curve as it is.
    static func curve(_ curve: TimingCurve) -> TimingCurve {
        if case .spring(_, let response) = curve { return .spring(damping: 1, response: response) }
        return curve
    }
}
