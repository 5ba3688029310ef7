import PopModel

/// A layer's queue, in the order its requests will be shown: by priority (highest first), then by
/// arrival (request id), or by arrival alone (`ChefConfiguration.QueueOrder`). It is held as one run
/// of requests a priority (one run in all for chronological order), each run in id order from its
/// `start`, so that what a long queue does most — a newcomer joining the end of its priority's run,
/// the head leaving, a request found by its priority and id to be cancelled — finds its place by
/// binary search and moves nothing it does not have to (issue 30: show + dismiss with 10,000 requests
/// queued within 2x of an empty queue). A run that empties stays, with a small storage kept, so that
/// a request that is queued and leaves again allocates nothing; there is at most one a priority.
struct PopupQueue {
    /// The requests of one rank, in id order from `start` (those before it have left from the front).
    private struct Run {
        let rank: Int32
        var popups: [Popup]
        var start = 0

        var isEmpty: Bool { start == popups.count }

        /// The position of the first request after `id`, from `start` (binary search).
        func position(after id: RequestID) -> Int {
            popups.partitioningIndex(from: start) { $0.id > id }
        }
    }

    /// Highest rank first; empty ones among them.
    private var runs: [Run] = []
    /// The storage an emptied run keeps, in requests.
    private static let keptCapacity = 64
    private(set) var count = 0

    var isEmpty: Bool { count == 0 }

    /// Every request, in the order they will be shown.
    var elements: [Popup] { runs.flatMap { $0.popups[$0.start...] } }

    /// Inserts `popup` among those of its `rank` by its id (a newcomer goes last of its rank; a
    /// requeued one goes back to its original place).
    mutating func insert(_ popup: Popup, rank: Int32) {
        count += 1
        guard let index = runs.firstIndex(where: { $0.rank <= rank }), runs[index].rank == rank else {
            let index = runs.firstIndex { $0.rank < rank } ?? runs.count
            runs.insert(Run(rank: rank, popups: [popup]), at: index)
            return
        }
        if let last = runs[index].popups.last, !runs[index].isEmpty, last.id > popup.id {
            runs[index].popups.insert(popup, at: runs[index].position(after: popup.id))
        } else {
            runs[index].popups.append(popup)
        }
    }

    /// Removes `popup`, which was inserted with `rank`; nothing when it is not there.
    mutating func remove(_ popup: Popup, rank: Int32) {
        guard let index = runs.firstIndex(where: { $0.rank == rank }) else { return }
        let position = runs[index].position(after: popup.id) - 1
        guard position >= runs[index].start, runs[index].popups[position] === popup else { return }
        count -= 1
        if position == runs[index].start {
            dropFirst(ofRun: index)
        } else {
            runs[index].popups.remove(at: position)
        }
    }

    /// Removes and returns the first request.
    mutating func popFirst() -> Popup? {
        guard count > 0, let index = runs.firstIndex(where: { !$0.isEmpty }) else { return nil }
        let head = runs[index].popups[runs[index].start]
        count -= 1
        dropFirst(ofRun: index)
        return head
    }

    /// Moves a run's start past its first request; an emptied run starts again from nothing (keeping
    /// its storage when small), and a run whose front has grown to half its storage gives that
    /// storage back.
    private mutating func dropFirst(ofRun index: Int) {
        runs[index].start += 1
        if runs[index].isEmpty {
            runs[index].popups.removeAll(keepingCapacity: runs[index].popups.capacity <= Self.keptCapacity)
            runs[index].start = 0
        } else if runs[index].start >= 64, runs[index].start * 2 >= runs[index].popups.count {
            runs[index].popups.removeFirst(runs[index].start)
            runs[index].start = 0
        }
    }
}

extension Array {
    /// The first index from `start` whose element satisfies `belongsAfter`, for an array already
    /// partitioned by it (binary search).
    func partitioningIndex(from start: Int = 0, where belongsAfter: (Element) -> Bool) -> Int {
        var low = start, high = count
        while low < high {
            let middle = (low + high) / 2
            if belongsAfter(self[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
