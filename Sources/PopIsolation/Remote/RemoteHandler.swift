import PopChef
import PopModel

/// A handler in a plugin host process. Its actions and whether it decides presentation came with
/// it; every other call crosses to the plugin host. After its plugin host failed, calls do nothing:
/// `should_dismiss` lets the popup go, an action keeps it, and the chef ends its request (the loss).
final class RemoteHandler: HandlerComponent {
    let id: String
    let actions: [String: ActionDeclaration]
    let decidesPresentation: Bool
    /// The text fields each action's tap sends (its declaration's), by action name.
    private let tapFields: [String: [String]]
    /// It has a "pop.page-handler/1" hook; without, its page's events cost nothing.
    private let hearsPageEvents: Bool
    private let remote: RemoteInstance

    init(_ remote: RemoteInstance, actions: [ActionDeclaration], decidesPresentation: Bool, pageEvents: Bool) {
        hearsPageEvents = pageEvents
        self.remote = remote
        id = remote.id
        self.actions = Dictionary(actions.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        tapFields = self.actions.mapValues(\.fields)
        self.decidesPresentation = decidesPresentation
    }

    func adjust(_ options: inout RequestOptions, data: RequestData) {
        let reference = remote.reference(to: data)
        if case .options(let adjusted)? = remote.call(.adjust(instance: remote.number, data: reference, options: options), "get_options") {
            options = adjusted
        }
    }

    func shouldPresent(data: RequestData, answer: Completion<Bool>) {
        let reference = remote.reference(to: data)
        let completion = remote.hand(.answer(answer))
        _ = remote.call(.shouldPresent(instance: remote.number, data: reference, completion: completion), "should_present")
    }

    func willPresent() { _ = remote.call(.willPresent(instance: remote.number), "will_present") }
    func didPresent() { _ = remote.call(.didPresent(instance: remote.number), "did_present") }

    func shouldDismiss(_ reason: Reason) -> Bool {
        guard case .answer(let agrees)? = remote.call(.shouldDismiss(instance: remote.number, reason: reason), "should_dismiss(\(reason))")
        else {
            return true
        }
        return agrees
    }

    func willDismiss(_ reason: Reason) { _ = remote.call(.willDismiss(instance: remote.number, reason: reason), "will_dismiss(\(reason))") }
    func didDismiss(_ reason: Reason) { _ = remote.call(.didDismiss(instance: remote.number, reason: reason), "did_dismiss(\(reason))") }
    func finished(_ event: FinalEvent) { _ = remote.call(.finished(instance: remote.number, event: event), "finished(\(event))") }

    func perform(_ name: String, context: ActionContext) -> ActionOutcome {
        guard let fields = tapFields[name] else { return .keep }
        let tap = TapRequest(context: context, fields: fields, data: remote.reference(to: context.data))
        guard case .outcome(let dismisses)? = remote.call(.perform(instance: remote.number, tap: tap), "the action \"\(name)\"") else {
            return .keep
        }
        return dismisses ? .dismiss : .keep
    }

    func destroy() { remote.destroy(owner: self) }
}

/// Its page's events, as a handler in this process hears them.
extension RemoteHandler: PageHandler {
    func page(_ page: Page, did event: PageEvent, animated: Bool) {
        guard hearsPageEvents else { return }
        _ = remote.call(.pageEvent(instance: remote.number, event: event, animated: animated), "page_event(\(event.rawValue))")
    }
}
