import PopChef
import PopModel

/// A controller loader in a plugin host process. Which hooks it has came with it, so a popup whose
/// controller loader has no layout hook costs no call when it is laid out. A custom animation runs in
/// the plugin host against a copy of the context; its keyframes come back and join this one's.
final class RemoteControllerLoader: ControllerLoaderComponent {
    let id: String
    let hasShowAnimation: Bool
    let hasHideAnimation: Bool
    private let hasLayout: Bool
    /// It has "pop.sheet/1" hooks; without, its `SheetDelegate` calls cost nothing.
    private let hasSheetHooks: Bool
    /// It offers "pop.trait_observer/1"; without, trait changes cost no call.
    let observesTraits: Bool
    private let remote: RemoteInstance

    init(_ remote: RemoteInstance, showAnimation: Bool, hideAnimation: Bool, layout: Bool, sheet: Bool, observesTraits: Bool) {
        self.remote = remote
        self.observesTraits = observesTraits
        id = remote.id
        hasShowAnimation = showAnimation
        hasHideAnimation = hideAnimation
        hasLayout = layout
        hasSheetHooks = sheet
    }

    func configure(data: RequestData) throws(ComponentFailure) -> Presentation {
        let reply = remote.call(.configure(instance: remote.number, data: remote.reference(to: data)), "configure")
        guard case .presentation(let presentation)? = reply else { throw remote.failure(for: reply) }
        return presentation
    }

    func animate(showing: Bool, context: AnimationContext, done: Completion<Void>) -> Bool {
        guard showing ? hasShowAnimation : hasHideAnimation else { return false }
        let completion = remote.hand(.done(done))
        let request = AnimationRequest(showing: showing, context: context)
        guard
            case .animation(let result)? = remote.call(
                .animate(instance: remote.number, request: request, completion: completion),
                showing ? "animate_show" : "animate_hide"),
            result.accepted
        else { return false }
        context.adopt(keyframes: result.keyframes, problem: result.problem)
        return true
    }

    func layout(container: Rect, keyboardHeight: Double, defaultFrame: Rect) -> Rect? {
        guard hasLayout,
            case .frame(let frame)? = remote.call(
                .layout(
                    instance: remote.number, container: container, keyboardHeight: keyboardHeight,
                    defaultFrame: defaultFrame), "layout")
        else { return nil }
        return frame?.rect
    }

    func traitsDidChange(_ traits: DisplayTraits) {
        guard observesTraits else { return }
        _ = remote.call(.traitsChanged(instance: remote.number, traits: traits), "traits_changed")
    }

    func destroy() { remote.destroy(owner: self) }
}

/// Its sheet's calls, as a controller loader in this process gets them.
extension RemoteControllerLoader: SheetDelegate {
    func resolveDetent(_ id: Detent.ID, maximum: Double) -> Double? {
        guard hasSheetHooks,
            case .height(let height)? = remote.call(.resolveDetent(instance: remote.number, detent: id, maximum: maximum), "resolve_detent")
        else { return nil }
        return height?.value
    }

    func detentChanged(to id: Detent.ID) { tell(.detentChanged(id), "detent_changed") }
    func dragProgress(_ progress: SheetDragProgress) { tell(.dragProgress(progress), "drag_progress") }
    func didAttemptToDismiss() { tell(.didAttemptToDismiss, "did_attempt_to_dismiss") }
    func willDismiss() { tell(.willDismiss, "will_dismiss") }
    func didDismiss() { tell(.didDismiss, "did_dismiss") }

    private func tell(_ event: SheetEvent, _ what: String) {
        guard hasSheetHooks else { return }
        _ = remote.call(.sheetEvent(instance: remote.number, event: event), what)
    }
}
