import PopModel

/// What a controller loader that presents sheets may also answer and hear (UIKit's
/// `UISheetPresentationControllerDelegate` and `UIAdaptivePresentationControllerDelegate`, and
/// what UIKit lacks: drag progress). A controller loader adopts it besides
/// `ControllerLoaderComponent`; every member has a default. The C extension "pop.sheet/1"
/// (ext/sheet.h) is bridged to it.
public protocol SheetDelegate: AnyObject {
    /// A custom detent's height for a sheet whose largest detent may be `maximum` points high; nil
    /// when the detent is inactive. Asked when the sheet is laid out: at presentation, on resize
    /// and rotation, and when the engine is asked to invalidate the detents. Default: inactive.
    func resolveDetent(_ id: Detent.ID, maximum: Double) -> Double?
    /// The user moved the sheet to another detent (a drag, a scroll, a focused field). A
    /// programmatic change is not reported.
    func detentChanged(to id: Detent.ID)
    /// The sheet follows a finger: reported on every move of a drag.
    func dragProgress(_ progress: SheetDragProgress)
    /// The user tried to dismiss the sheet and it stays: modal in presentation, or `should_dismiss`
    /// said no.
    func didAttemptToDismiss()
    /// A user's dismissal began (the handler agreed); a cancellation may follow, with no `didDismiss`.
    func willDismiss()
    /// A user's dismissal completed. Programmatic dismissals send neither this nor `willDismiss`.
    func didDismiss()
}

extension SheetDelegate {
    public func resolveDetent(_ id: Detent.ID, maximum: Double) -> Double? { nil }
    public func detentChanged(to id: Detent.ID) {}
    public func dragProgress(_ progress: SheetDragProgress) {}
    public func didAttemptToDismiss() {}
    public func willDismiss() {}
    public func didDismiss() {}
}

/// Where a dragged sheet is: its height, and where that is between its detents.
public struct SheetDragProgress: Hashable, Sendable, Codable {
    /// The sheet's visible height in points.
    public var height: Double
    /// The detent at or below the height (nil below the smallest) and the one above it (nil above the largest).
    public var lower: Detent.ID?
    public var upper: Detent.ID?
    /// 0 at `lower`, 1 at `upper`; below the smallest detent, height ÷ smallest; above the largest, 1.
    public var fraction: Double

    public init(height: Double, lower: Detent.ID?, upper: Detent.ID?, fraction: Double) {
        self.height = height
        self.lower = lower
        self.upper = upper
        self.fraction = fraction
    }
}
