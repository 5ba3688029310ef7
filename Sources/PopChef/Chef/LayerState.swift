import PopModel

/// The layers' states, by layer. Each is an object, so that `layers[layer].next = popup` changes it
/// in place: a struct behind a `_read`/`_modify` subscript made the chef allocate a coroutine frame
/// on most of its steps (three a show + dismiss, issue 30).
struct Layers {
    private let modal = LayerState()
    private let banner = LayerState()
    private let sheet = LayerState()

    subscript(layer: Layer) -> LayerState {
        switch layer {
        case .modal: modal
        case .banner: banner
        case .sheet: sheet
        }
    }
}

/// One layer's occupancy: the popup on screen, the override waiting for it to leave, and the queue.
/// Used from the chef's thread only, like the chef, so its state skips the runtime's dynamic
/// exclusivity checks (as `Popup`'s does).
final class LayerState {
    /// Presenting, shown or dismissing: the front one.
    @exclusivity(unchecked) var current: Popup?
    /// The sheet layer's stack below `current`, bottom first: sheets a newer sheet pushed back, still
    /// on screen. Always empty in the other layers.
    @exclusivity(unchecked) var below: [Popup] = []
    /// An override that won against `current` and starts when `current` has gone.
    @exclusivity(unchecked) var next: Popup?
    /// Enqueued requests, in the order they will be shown.
    @exclusivity(unchecked) private(set) var queue = PopupQueue()
    /// The chef is choosing what to start in this layer (see `Chef.startNext`).
    @exclusivity(unchecked) var isStarting = false

    /// Nothing on screen, nothing waiting, nothing queued.
    var isFree: Bool { current == nil && next == nil && queue.isEmpty }

    /// `popup` goes on screen in front: in the sheet layer the front sheet is pushed back onto the
    /// stack, elsewhere the layer was free.
    func push(_ popup: Popup) {
        if let current, current !== popup { below.append(current) }
        current = popup
    }

    /// `popup` has left the screen: the sheet below it comes to the front. True when it was the front one.
    func remove(_ popup: Popup) -> Bool {
        if current === popup {
            current = below.popLast()
            return true
        }
        if !below.isEmpty { below.removeAll { $0 === popup } }
        return false
    }

    /// The sheets on the stack above `popup`, top first; none when it is the front one or not stacked.
    func stacked(above popup: Popup) -> [Popup] {
        guard let index = below.firstIndex(where: { $0 === popup }) else { return [] }
        return Array((Array(below[(index + 1)...]) + [current].compactMap { $0 }).reversed())
    }

    /// Inserts `popup` where `order` puts it: by priority (highest first) then arrival, or by arrival.
    func enqueue(_ popup: Popup, order: ChefConfiguration.QueueOrder) {
        queue.insert(popup, rank: Self.rank(of: popup, in: order))
    }

    func removeFromQueue(_ popup: Popup, order: ChefConfiguration.QueueOrder) {
        queue.remove(popup, rank: Self.rank(of: popup, in: order))
    }

    func popQueue() -> Popup? {
        queue.popFirst()
    }

    /// What orders `popup` in the queue before its arrival: its priority, or nothing (chronological).
    private static func rank(of popup: Popup, in order: ChefConfiguration.QueueOrder) -> Int32 {
        switch order {
        case .chronological: 0
        case .priority: popup.options.priority.rawValue
        }
    }
}
