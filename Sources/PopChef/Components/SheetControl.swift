import PopModel

/// What a component may ask of its request's sheet (the host side of "pop.sheet/1",
/// `pop_host_sheet_t`): the app's programmatic changes, made by the plugin.
public enum SheetControl: Hashable, Sendable, Codable {
    /// Move to this detent, animated; not reported as a user's change (UIKit's
    /// `selectedDetentIdentifier` set inside `animateChanges`).
    case selectDetent(Detent.ID)
    /// Resolve the custom detents again (UIKit's `invalidateDetents`).
    case invalidateDetents
}

extension PopupPresenter {
    /// A presenter without sheets does nothing.
    public func control(_ control: SheetControl, of id: RequestID) -> Bool { false }
}
