import PopModel

/// The chef's live requests by id, looked up on most of its steps. A request's slot comes from its
/// id by Fibonacci hashing (one multiplication: the top bits of id × 2⁶⁴/φ), and two live ids that
/// share a slot take the next free one (linear probing). A `Dictionary` hashed every id with SipHash,
/// three times a show + dismiss (issue 30). The id itself, modulo the table's size, would cost even
/// less, but ids are handed out in order, so requests that stay (a queue of a thousand) fill one run
/// of slots that every later id walks through once the ids wrap around the table; the
/// multiplication scatters neighbours. Iteration is in slot order: callers that need an order sort.
struct LiveRequests {
    /// A power of two, at least twice `count`.
    private var slots = [Popup?](repeating: nil, count: Self.smallest)
    /// 64 less the number of bits of a slot's index.
    private var shift = 64 - Self.smallest.trailingZeroBitCount
    private(set) var count = 0
    private static let smallest = 16
    /// 2⁶⁴ divided by the golden ratio, odd.
    private static let fibonacci: UInt64 = 0x9E37_79B9_7F4A_7C15

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

    private func home(of id: RequestID) -> Int { Int(truncatingIfNeeded: (id &* Self.fibonacci) >> UInt64(shift)) }

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
        shift = 64 - capacity.trailingZeroBitCount
        for case let popup? in live {
            var index = home(of: popup.id)
            while slots[index] != nil { index = (index + 1) & mask }
            slots[index] = popup
        }
    }
}
