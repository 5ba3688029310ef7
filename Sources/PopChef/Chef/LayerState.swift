import PopModel

/// The layers' states, by layer.
struct Layers {
    private var modal = LayerState()
    private var banner = LayerState()
    private var sheet = LayerState()

    subscript(layer: Layer) -> LayerState {
        _read {
            switch layer {
            case .modal: yield modal
            case .banner: yield banner
            case .sheet: yield sheet
            }
        }
        _modify {
            switch layer {
            case .modal: yield &modal
            case .banner: yield &banner
            case .sheet: yield &sheet
            }
        }
    }
}

/// One layer's occupancy: the popup on screen, the override waiting for it to leave, and the queue.
struct LayerState {
    /// Presenting, shown or dismissing: the front one.
    var current: Popup?
    /// The sheet layer's stack below `current`, bottom first: sheets a newer sheet pushed back, still
    /// on screen. Always empty in the other layers.
    var below: [Popup] = []
    /// An override that won against `current` and starts when `current` has gone.
    var next: Popup?
    /// Enqueued requests, in the order they will be shown.
    private(set) var queue: [Popup] = []
    /// The chef is choosing what to start in this layer (see `Chef.startNext`).
    var isStarting = false

    /// Nothing on screen, nothing waiting, nothing queued.
    var isFree: Bool { current == nil && next == nil && queue.isEmpty }

    /// `popup` goes on screen in front: in the sheet layer the front sheet is pushed back onto the
    /// stack, elsewhere the layer was free.
    mutating func push(_ popup: Popup) {
        if let current, current !== popup { below.append(current) }
        current = popup
    }

    /// `popup` has left the screen: the sheet below it comes to the front. True when it was the front one.
    mutating func remove(_ popup: Popup) -> Bool {
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
    mutating func enqueue(_ popup: Popup, order: ChefConfiguration.QueueOrder) {
        let index: Int
        switch order {
        case .chronological:
            index = queue.partitioningIndex { $0.id > popup.id }
        case .priority:
            index = queue.partitioningIndex {
                $0.options.priority < popup.options.priority
                    || ($0.options.priority == popup.options.priority && $0.id > popup.id)
            }
        }
        queue.insert(popup, at: index)
    }

    mutating func removeFromQueue(_ popup: Popup) {
        if let index = queue.firstIndex(where: { $0 === popup }) { queue.remove(at: index) }
    }

    mutating func popQueue() -> Popup? {
        queue.isEmpty ? nil : queue.removeFirst()
    }
}

extension Array {
    /// The first index whose element satisfies `belongsAfter`, for an array already partitioned by it
    /// (binary search).
    func partitioningIndex(where belongsAfter: (Element) -> Bool) -> Int {
        var low = 0, high = count
        while low < high {
            let middle = (low + high) / 2
            if belongsAfter(self[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
