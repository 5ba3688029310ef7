import Foundation
import Testing

@testable import PopChef
@testable import PopModel

/// Random operations against the chef, checking its invariants after every one.
@Suite struct ChefPropertyTests {
    /// The seed; set POPHOST_PROPERTY_SEED to reproduce a failure.
    static let seed: UInt64 = ProcessInfo.processInfo.environment["POPHOST_PROPERTY_SEED"].flatMap { UInt64($0) } ?? 0x5EED_C0FF_EE00_0001

    @Test("100,000 random operations keep every invariant", arguments: [ChefConfiguration.EqualPriorityRule.incumbentWins, .newcomerWins])
    func randomOperations(rule: ChefConfiguration.EqualPriorityRule) {
        var configuration = ChefConfiguration()
        configuration.equalPriorityRule = rule
        configuration.queueOrder = .priority
        let chef = Chef(configuration: configuration)
        var finals: [RequestID: Int] = [:]
        var repeated: [RequestID] = []
        chef.onFinalEvent = { id, _ in
            finals[id, default: 0] += 1
            if finals[id]! > 1 { repeated.append(id) }
        }
        var random = SplitMix64(seed: Self.seed)
        var shown: [RequestID] = []
        let priorities: [Int32] = [250, 500, 500, 750, 1000, 0, 321]
        let context = { (step: Int) in "seed \(Self.seed) (POPHOST_PROPERTY_SEED), rule \(rule.rawValue), step \(step)" }

        for step in 0..<100_000 {
            switch random.next() % 100 {
            case 0..<40:
                let request = PopupRequest(
                    priority: Priority(rawValue: priorities[Int(random.next() % UInt64(priorities.count))]),
                    policy: random.next() % 2 == 0 ? .override : .enqueue,
                    whenPreempted: random.next() % 3 == 0 ? .requeue : .drop,
                    timeToLive: random.next() % 4 == 0 ? .milliseconds(Int64(random.next() % 2000)) : nil,
                    dedupeKey: random.next() % 5 == 0 ? "key\(random.next() % 3)" : nil)
                shown.append(chef.show(request))
            case 40..<60:
                if let id = shown.randomElement(using: &random) { chef.dismiss(id) }
            case 60..<62:
                chef.dismissAll()
            case 62..<64:
                #expect(chef.hideAllIfCan(), "built-in handlers never veto; \(context(step))")
            case 64..<67:
                if let id = shown.randomElement(using: &random) { chef.reshow(id) }
            case 67..<69:
                chef.dismiss(priorityAtMost: Priority(rawValue: Int32(random.next() % 1001)))
            case 69..<70:
                chef.dismiss(dedupeKey: "key\(random.next() % 3)")
            default:
                chef.advance(by: .milliseconds(Int64(random.next() % 300)))
            }
            if shown.count > 64 { shown.removeFirst(32) }

            // At most one popup per layer on screen.
            let visible = chef.popups.values.filter { $0.state.isVisible }
            for layer in Layer.allCases {
                #expect(visible.filter { $0.layer == layer }.count <= 1, "\(context(step))")
            }
            // Never two final events for one request.
            #expect(repeated.isEmpty, "second final event for \(repeated); \(context(step))")
            // The queue is in priority order, first come first served among equals.
            let queue = chef.layers[.modal].queue.elements
            #expect(
                zip(queue, queue.dropFirst()).allSatisfy { a, b in
                    a.options.priority > b.options.priority || (a.options.priority == b.options.priority && a.id < b.id)
                }, "\(context(step))")
        }

        chef.dismissAll()
        chef.runUntilIdle()
        #expect(chef.liveCount == 0, "seed \(Self.seed)")
        #expect(chef.queued.isEmpty, "seed \(Self.seed)")
        #expect(!chef.isAnyVisible, "seed \(Self.seed)")
        let total = chef.lastRequestID
        #expect(finals.count == Int(total), "every request ended; seed \(Self.seed)")
        #expect(finals.values.allSatisfy { $0 == 1 }, "exactly one final event each; seed \(Self.seed)")
        #expect(chef.clock.isIdle, "no timer left; seed \(Self.seed)")
    }
}
