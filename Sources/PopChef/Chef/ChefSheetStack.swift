import PopModel

/// A sheet that leaves takes the sheets stacked above it, as UIKit's dismissal of a presenting view
/// controller takes the ones it presented: top first, each with its whole lifecycle (will-dismiss
/// now, did-dismiss and its final event when its exit ends), unasked (UIKit asks no one above).
extension Chef {
    /// Starts the dismissal of every sheet above `popup` in the stack, top first, for `reason`; a
    /// failure's reason is the failing request's own, so those above leave as requested.
    func dismissSheets(above popup: Popup, reason: Reason) {
        guard popup.layer == .sheet, !isShuttingDown else { return }
        let reason: Reason =
            switch reason {
            case .pluginError, .pluginCrashed, .pluginTimeout: .requested
            default: reason
            }
        for sheet in layers[.sheet].stacked(above: popup) { beginDismiss(sheet, reason: reason) }
    }
}
