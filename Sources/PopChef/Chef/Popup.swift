import PopModel

/// Everything the chef holds for one request, from `show` to its final event. Used from the chef's
/// thread only, like the chef, so its state skips the runtime's dynamic exclusivity checks (they cost
/// more than the work they guard on the show / dismiss path).
final class Popup {
    /// Also the arrival order: first come first served among equal priorities, kept across requeues.
    let id: RequestID
    let request: PopupRequest
    /// The request's data as components are given it; wrapped when a component first asks.
    var data: RequestData {
        if let wrappedData { return wrappedData }
        let data = RequestData(request.data)
        wrappedData = data
        return data
    }
    @exclusivity(unchecked) private var wrappedData: RequestData?
    /// What the reformer made of `data` for the view loader and the controller loader, when it made
    /// anything (most requests have no reformer: nothing to hold).
    @exclusivity(unchecked) var reformedViewData: RequestData?
    @exclusivity(unchecked) var reformedControllerData: RequestData?
    /// The data the view loader builds from.
    var viewData: RequestData { reformedViewData ?? data }
    /// The data the controller loader configures from.
    var controllerData: RequestData { reformedControllerData ?? data }

    @exclusivity(unchecked) var handler: any HandlerComponent = BuiltinHandler.shared
    @exclusivity(unchecked) var viewLoader: any ViewLoaderComponent = BuiltinViewLoader.shared
    @exclusivity(unchecked) var controllerLoader: any ControllerLoaderComponent = BuiltinControllerLoader.shared
    @exclusivity(unchecked) var reformer: any ReformerComponent = BuiltinReformer.shared

    @exclusivity(unchecked) var options = RequestOptions()
    @exclusivity(unchecked) var presentation = Presentation()
    /// The component failure that ended it, if one did (`Chef.failure(of:)`).
    @exclusivity(unchecked) var failure: ComponentFailure?
    /// Built when it first starts presenting.
    @exclusivity(unchecked) var content: ContentNode?
    /// The rows a sheet lists on demand below its content ("pop.list/1"), made with its content when its view
    /// loader lists rows in sheets; nil for any other popup.
    @exclusivity(unchecked) var rows: ListRows?
    /// The ids of the content's text fields (asked for when a person types or taps, not kept).
    var fieldIDs: Set<String> { Set(content?.textFieldIDs ?? []) }
    /// The text of each text field, by id.
    @exclusivity(unchecked) var fields: [String: String] = [:]

    @exclusivity(unchecked) var state = PopupState.idle
    /// Whether it waits in its layer's queue.
    @exclusivity(unchecked) var isQueued = false
    /// Presentation progress when no transition runs: 0 off screen, 1 shown.
    @exclusivity(unchecked) var restingProgress = 0.0
    @exclusivity(unchecked) var transition: Transition?
    /// Why it is being dismissed.
    @exclusivity(unchecked) var dismissReason: Reason?
    /// It has been on screen (fully presented) at least once: its final event is `dismissed`.
    @exclusivity(unchecked) var wasShown = false
    /// Preempted with the requeue rule: goes back to the queue when its dismissal ends.
    @exclusivity(unchecked) var requeueWhenDismissed = false
    /// A user's dismissal a finger drives (`Chef.beginInteractiveDismiss`): still following the
    /// finger, or completing after its release (the delegate hears did-dismiss at the end).
    @exclusivity(unchecked) var interactiveDismissal: InteractiveDismissalPhase?
    enum InteractiveDismissalPhase { case following, completing }

    /// The completion the chef waits for now (should_present's answer or an animation's done);
    /// any other completion that arrives is stale and ignored.
    @exclusivity(unchecked) var pendingCompletion: UInt64?
    @exclusivity(unchecked) var timeToLiveTimer: VirtualClock.Token?
    @exclusivity(unchecked) var completionTimer: VirtualClock.Token?
    /// When `completionTimer` fires.
    @exclusivity(unchecked) var completionDeadline: VirtualTime?

    init(id: RequestID, request: PopupRequest) {
        self.id = id
        self.request = request
    }

    var layer: Layer { presentation.layer }

    /// The component ids, for the trace: those the request named (even when one could not be made),
    /// the built-in defaults' for the rest.
    var componentIDs: [String: String] {
        [
            "handler": request.handler ?? handler.id, "view_loader": request.viewLoader ?? viewLoader.id,
            "controller_loader": request.controllerLoader ?? controllerLoader.id, "reformer": request.reformer ?? reformer.id,
        ]
    }

    /// Whether one of its components is among `loss`'s instances.
    func uses(_ loss: ComponentLoss) -> Bool {
        loss.contains(handler) || loss.contains(viewLoader) || loss.contains(controllerLoader) || loss.contains(reformer)
    }

    /// Presentation progress at `time`.
    func progress(at time: VirtualTime) -> Double {
        transition?.progress(at: time) ?? restingProgress
    }

    /// What the presentation engine is told about it (it has content once it presents).
    var presented: PresentedPopup {
        PresentedPopup(
            id: id, presentation: presentation, content: content ?? ContentNode(.spacer(minLength: 0)),
            controllerLoader: controllerLoader, viewLoader: viewLoader, rows: rows)
    }

    func snapshot(at time: VirtualTime) -> PopupSnapshot {
        PopupSnapshot(
            id: id, state: state, layer: layer, priority: options.priority, dedupeKey: options.dedupeKey,
            progress: progress(at: time))
    }
}

/// A running presentation or dismissal: progress moves linearly from `from` to `to` (curves are the
/// presentation engine's business), and reverses from wherever it is when interrupted.
struct Transition {
    let from: Double
    let to: Double
    let start: VirtualTime
    let duration: VirtualTime
    /// A plugin's animation hook runs it; it ends when the plugin calls its completion, or when its
    /// last keyframe ends if that is later.
    let isCustom: Bool
    /// When a custom animation's last keyframe ends.
    var lastKeyframeEnd: VirtualTime?
    /// The timer that ends it.
    var endTimer: VirtualClock.Token?

    func progress(at time: VirtualTime) -> Double {
        guard duration.microseconds > 0 else { return to }
        let elapsed = Double((time - start).microseconds) / Double(duration.microseconds)
        return from + (to - from) * min(1, max(0, elapsed))
    }
}
