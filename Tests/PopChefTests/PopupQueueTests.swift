import Testing

@testable import PopChef
@testable import PopModel

/// The layer queue against the plain rule it keeps (docs/arbitration.md): by priority, highest first,
/// then by arrival; or by arrival alone.
@Suite struct PopupQueueTests {
    /// Random inserts (newcomers and requeued ones, which come back at their original place),
    /// removals anywhere and heads taken, checked after every step against a sorted array.
    @Test("random operations keep the arbitration order", arguments: ChefConfiguration.QueueOrder.allCases)
    func randomOperations(order: ChefConfiguration.QueueOrder) {
        var random = SplitMix64(seed: 0x51DE_C0DE)
        let priorities: [Int32] = [0, 250, 500, 500, 750, 1000]
        var queue = PopupQueue()
        var expected: [Popup] = []
        var outside: [Popup] = []
        var nextID: RequestID = 1
        func rank(_ popup: Popup) -> Int32 { order == .priority ? popup.options.priority.rawValue : 0 }
        func sorted(_ popups: [Popup]) -> [Popup] { popups.sorted { (-rank($0), $0.id) < (-rank($1), $1.id) } }

        for step in 0..<20_000 {
            switch random.next() % 10 {
            case 0..<4:
                let popup = Popup(id: nextID, request: PopupRequest())
                popup.options.priority = Priority(rawValue: priorities[Int(random.next() % UInt64(priorities.count))])
                nextID += 1
                queue.insert(popup, rank: rank(popup))
                expected = sorted(expected + [popup])
            case 4..<5:
                // A popup that left comes back (requeued): to its original place, not the end.
                guard !outside.isEmpty else { continue }
                let popup = outside.remove(at: Int(random.next() % UInt64(outside.count)))
                queue.insert(popup, rank: rank(popup))
                expected = sorted(expected + [popup])
            case 5..<8:
                guard !expected.isEmpty else { continue }
                let popup = expected.remove(at: Int(random.next() % UInt64(expected.count)))
                queue.remove(popup, rank: rank(popup))
                outside.append(popup)
            default:
                let head = queue.popFirst()
                #expect(head === expected.first, "step \(step)")
                if !expected.isEmpty { outside.append(expected.removeFirst()) }
            }
            #expect(queue.elements.map(\.id) == expected.map(\.id), "step \(step)")
            #expect(queue.count == expected.count, "step \(step)")
        }
    }

    @Test("removing a request that is not queued changes nothing")
    func removingAnAbsentRequest() {
        var queue = PopupQueue()
        let queued = Popup(id: 1, request: PopupRequest()), absent = Popup(id: 2, request: PopupRequest())
        queue.insert(queued, rank: 500)
        queue.remove(absent, rank: 500)
        queue.remove(absent, rank: 750)
        #expect(queue.elements.map(\.id) == [1])
        #expect(queue.popFirst() === queued)
        #expect(queue.popFirst() == nil)
        #expect(queue.isEmpty)
    }
}
