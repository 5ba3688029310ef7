/// The host's clock: time moves only when the host advances it, and timers fire in time order
/// (ties in the order they were scheduled), so every run is reproducible.
public final class VirtualClock {
    public private(set) var now = VirtualTime.zero
    private var timers = TimerHeap()
    private var nextSequence: UInt64 = 0
    /// Cancelled timers still in the heap; when they are most of it, it is rebuilt without them.
    private var cancelledInHeap = 0

    public init() {}

    /// A scheduled timer, to cancel it. Cancelling one that has fired does nothing.
    public final class Token {
        fileprivate var isCancelled = false
        fileprivate var isDone = false
    }

    /// Runs `action` when the clock reaches `now + delay`.
    @discardableResult
    public func schedule(after delay: VirtualTime, _ action: @escaping () -> Void) -> Token {
        nextSequence += 1
        let token = Token()
        timers.push(Timer(due: now + delay, sequence: nextSequence, token: token, action: action))
        return token
    }

    public func cancel(_ token: Token?) {
        guard let token, !token.isCancelled, !token.isDone else { return }
        token.isCancelled = true
        cancelledInHeap += 1
        if cancelledInHeap > 64 && cancelledInHeap * 2 > timers.count {
            timers.removeAll { $0.token.isCancelled }
            cancelledInHeap = 0
        }
    }

    /// The time of the earliest pending timer.
    public var nextDue: VirtualTime? {
        while let first = timers.first, first.token.isCancelled {
            _ = timers.pop()
            cancelledInHeap -= 1
        }
        return timers.first?.due
    }

    /// Fires, in order, every timer due at or before `time`, then sets the clock to `time`. Timers
    /// scheduled while firing run too when they are due by then.
    public func advance(to time: VirtualTime, between: () -> Void = {}) {
        while let due = nextDue, due <= time {
            let timer = timers.pop()!
            timer.token.isDone = true
            now = max(now, timer.due)
            timer.action()
            between()
        }
        now = max(now, time)
    }

    /// Whether any timer is pending.
    public var isIdle: Bool { nextDue == nil }

    /// Timers in the heap, cancelled ones not yet dropped included.
    public var pendingCount: Int { timers.count }
}

/// A timer in the clock's queue.
private struct Timer {
    let due: VirtualTime
    let sequence: UInt64
    let token: VirtualClock.Token
    let action: () -> Void

    func precedes(_ other: Timer) -> Bool {
        due < other.due || (due == other.due && sequence < other.sequence)
    }
}

/// A binary min-heap of timers by (due, sequence).
private struct TimerHeap {
    private var items: [Timer] = []

    var first: Timer? { items.first }
    var count: Int { items.count }

    /// Drops the timers `shouldRemove` picks and restores the heap order.
    mutating func removeAll(where shouldRemove: (Timer) -> Bool) {
        let kept = items.filter { !shouldRemove($0) }
        items = []
        for timer in kept { push(timer) }
    }

    mutating func push(_ timer: Timer) {
        items.append(timer)
        var child = items.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard items[child].precedes(items[parent]) else { break }
            items.swapAt(child, parent)
            child = parent
        }
    }

    mutating func pop() -> Timer? {
        guard !items.isEmpty else { return nil }
        items.swapAt(0, items.count - 1)
        let top = items.removeLast()
        var parent = 0
        while true {
            let left = 2 * parent + 1, right = left + 1
            var smallest = parent
            if left < items.count && items[left].precedes(items[smallest]) { smallest = left }
            if right < items.count && items[right].precedes(items[smallest]) { smallest = right }
            guard smallest != parent else { return top }
            items.swapAt(parent, smallest)
            parent = smallest
        }
    }
}

/// One actor's: its chef's.
@available(*, unavailable)
extension VirtualClock: Sendable {}
