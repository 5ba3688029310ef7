import HostRuntime

/// Show + dismiss of one request with `depth` others waiting in its layer's queue, against the same
/// with an empty queue, in the same rounds (depths take turns at going first): one popup of priority
/// max holds the modal layer, the others are queued behind it, and the measured request is queued and
/// then dismissed, as the chef suite's pair is (trace off). Two requests are measured: one of normal
/// priority, which goes to the back of the queue, and one of high priority, which goes to its head.
struct QueueDepth: Codable {
    /// The most a pair may cost with the deepest queue, in pairs with an empty queue (issue 30).
    static let target = 2.0
    /// Pairs timed per depth per round.
    static let pairs = 20_000

    struct Point: Codable {
        let depth: Int
        /// Nanoseconds a pair, the request at the back of the queue, and its ratio to the empty queue.
        let backNanoseconds: Double
        let backRatio: Double
        /// The same for a request of high priority, which goes to the head of the queue.
        let frontNanoseconds: Double
        let frontRatio: Double
    }

    let emptyBackNanoseconds: Double
    let emptyFrontNanoseconds: Double
    /// One point a depth, shallowest first.
    let points: [Point]
    let target: Double
    /// Both requests within the target at the deepest queue.
    let pass: Bool

    init(emptyBack: Double, emptyFront: Double, depths: [(depth: Int, back: Double, front: Double)]) {
        emptyBackNanoseconds = emptyBack
        emptyFrontNanoseconds = emptyFront
        points = depths.map {
            Point(
                depth: $0.depth, backNanoseconds: $0.back, backRatio: $0.back / emptyBack, frontNanoseconds: $0.front,
                frontRatio: $0.front / emptyFront)
        }
        target = Self.target
        pass = points.last.map { $0.backRatio <= Self.target && $0.frontRatio <= Self.target } ?? false
    }

    static func measure(depths: [Int], rounds: Int) throws(BenchError) -> QueueDepth {
        let all = [0] + depths
        var back: [Int: [Int]] = [:], front: [Int: [Int]] = [:]
        for round in 0..<(rounds + 1) {  // round 0 warms up and is discarded
            for offset in all.indices {
                let depth = all[(round + offset) % all.count]
                let b = try pairs(depth: depth, priority: nil), f = try pairs(depth: depth, priority: .high)
                guard round > 0 else { continue }
                back[depth, default: []].append(b)
                front[depth, default: []].append(f)
            }
        }
        func perPair(_ depth: Int, _ samples: [Int: [Int]]) -> Double { median(samples[depth]!) / Double(Self.pairs) }
        return QueueDepth(
            emptyBack: perPair(0, back), emptyFront: perPair(0, front),
            depths: depths.map { ($0, perPair($0, back), perPair($0, front)) })
    }

    /// Nanoseconds for `pairs` show + dismiss of a request of `priority` (nil: the default, normal)
    /// with `depth` requests queued before it, on a chef of its own.
    static func pairs(depth: Int, priority: Priority?) throws(BenchError) -> Int {
        let chef = Chef()
        chef.show(PopupRequest(priority: .max))
        chef.runUntilIdle()
        let waiting = PopupRequest(policy: .enqueue)
        for _ in 0..<depth { chef.show(waiting) }
        guard chef.queued.count == depth else { throw BenchError("\(chef.queued.count) requests queued, expected \(depth)") }
        let request = PopupRequest(priority: priority, policy: .enqueue)
        let time = timed {
            for _ in 0..<Self.pairs { chef.dismiss(chef.show(request)) }
        }.nanoseconds
        guard chef.liveCount == depth + 1 else {
            throw BenchError("\(chef.liveCount) requests alive after the pairs, expected \(depth + 1)")
        }
        return time
    }
}
