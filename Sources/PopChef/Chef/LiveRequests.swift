import PopModel

/// The chef's live requests by id, looked up on most of its steps. Ids are handed out in order, so
/// a request's slot is its id modulo a power of two — no hashing — and two live ids that share a
/// slot take the next free one (linear probing). A `Dictionary` hashed every id with SipHash, three
/// times a show + dismiss (issue 30). Iteration is in slot order: callers that need an order sort.
struct LiveRequests {
    /// A power of two, at least twice `count`.
    private var slots = [Popup?](repeating: nil, count: Self.smallest)
    private(set) var count = 0
    private static let smallest = 16

    var isEmpty: Bool { count == 0 }

    /// Every live request, in no particular order.
    var values: some Collection<Popup> { slots.lazy.compactMap { $0 } }

    subscript(id: RequestID) -> Popup? {
        guard let index = index(of: id) else { return nil }
        return slots[index]
    }

    /// Adds `popup` under its id, or replaces the request of that id.
    mutating func insert(_ popup: Popup) {
        if let index = index(of: popup.id) {
            slots[index] = popup
            return
        }
        if (count + 1) * 2 > slots.count { rehash(capacity: slots.count * 2) }
        var index = home(of: popup.id)
        while slots[index] != nil { index = (index + 1) & mask }
        slots[index] = popup
        count += 1
    }

    /// Removes the request `id`, if it is live.
    mutating func remove(_ id: RequestID) {
        guard var hole = index(of: id) else { return }
        slots[hole] = nil
        count -= 1
        // Backward-shift deletion: a request further along the run moves into the hole unless its
        // home lies cyclically after the hole, so that every lookup still finds it without tombstones.
        var next = (hole + 1) & mask
        while let popup = slots[next] {
            let home = home(of: popup.id)
            let staysPut = hole <= next ? (hole < home && home <= next) : (hole < home || home <= next)
            if !staysPut {
                slots[hole] = popup
                slots[next] = nil
                hole = next
            }
            next = (next + 1) & mask
        }
        if slots.count > Self.smallest, count * 8 < slots.count { rehash(capacity: slots.count / 2) }
    }

    private var mask: Int { slots.count - 1 }

    private func home(of id: RequestID) -> Int { Int(truncatingIfNeeded: id) & mask }

    private func index(of id: RequestID) -> Int? {
        var index = home(of: id)
        while let popup = slots[index] {
            if popup.id == id { return index }
            index = (index + 1) & mask
        }
        return nil
    }

    private mutating func rehash(capacity: Int) {
        let live = slots
        slots = [Popup?](repeating: nil, count: capacity)
        for case let popup? in live {
            var index = home(of: popup.id)
            while slots[index] != nil { index = (index + 1) & mask }
            slots[index] = popup
        }
    }
}
