import PopChef

/// What a sheet tells its controller loader, as `SheetDelegate` says it, crossing to a plugin host.
enum SheetEvent: Codable {
    case detentChanged(String)
    case dragProgress(SheetDragProgress)
    case didAttemptToDismiss
    case willDismiss
    case didDismiss

    func deliver(to delegate: any SheetDelegate) {
        switch self {
        case .detentChanged(let detent): delegate.detentChanged(to: detent)
        case .dragProgress(let progress): delegate.dragProgress(progress)
        case .didAttemptToDismiss: delegate.didAttemptToDismiss()
        case .willDismiss: delegate.willDismiss()
        case .didDismiss: delegate.didDismiss()
        }
    }
}
