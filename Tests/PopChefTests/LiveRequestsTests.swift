import Testing

@testable import PopChef
@testable import PopModel

/// The chef's table of live requests against a `Dictionary`, the structure it replaced.
@Suite struct LiveRequestsTests {
    /// Random adds and removals — ids handed out in order, live ones far apart and close together,
    /// so that slots are shared, runs wrap around the end and the table grows and shrinks — checked
    /// after every step: every id found or not, the count, and the set of values.
    @Test("random adds and removals agree with a dictionary")
    func randomOperations() {
        var random = SplitMix64(seed: 0x11FE_D0C5)
        var table = LiveRequests()
        var expected: [RequestID: Popup] = [:]
        var live: [RequestID] = []  // the same ids, in an order that does not depend on hashing
        var nextID: RequestID = 1
        for step in 0..<20_000 {
            // Phases that grow the table to hundreds of live requests, then drain it to a few.
            let growing = (step / 2_000).isMultiple(of: 2)
            if random.next() % 10 < (growing ? 7 : 3) {
                // Now and then an id jumps ahead, so that a long-lived request shares its slot.
                nextID += random.next() % 20 == 0 ? RequestID(random.next() % 4096) : 1
                let popup = Popup(id: nextID, request: PopupRequest())
                table.insert(popup)
                expected[nextID] = popup
                live.append(nextID)
            } else if !live.isEmpty {
                let id = live.remove(at: Int(random.next() % UInt64(live.count)))
                table.remove(id)
                expected[id] = nil
            }
            #expect(table.count == expected.count, "step \(step)")
            for id in expected.keys { #expect(table[id] === expected[id], "step \(step): id \(id)") }
            #expect(table[nextID + 1] == nil)
            #expect(Set(table.values.map(\.id)) == Set(expected.keys), "step \(step)")
        }
    }

    @Test("removing an id that is not live changes nothing; adding one twice replaces it")
    func absentAndReplaced() {
        var table = LiveRequests()
        let first = Popup(id: 7, request: PopupRequest()), again = Popup(id: 7, request: PopupRequest())
        table.insert(first)
        table.remove(23)
        table.remove(7 + 16)
        #expect(table.count == 1)
        table.insert(again)
        #expect(table.count == 1)
        #expect(table[7] === again)
        table.remove(7)
        #expect(table.isEmpty)
        #expect(table[7] == nil)
    }
}
