import PopModel

extension Presentation {
    /// The show animation's curve: the presentation's own choice, else `style` (the style's own).
    func showCurve(else style: TimingCurve, duration: VirtualTime) -> TimingCurve {
        showCurve.map { TimingCurve($0, duration: duration) } ?? style
    }

    /// The hide animation's curve: the presentation's own choice, else `style` (the style's own).
    func hideCurve(else style: TimingCurve, duration: VirtualTime) -> TimingCurve {
        hideCurve.map { TimingCurve($0, duration: duration) } ?? style
    }
}
