import PopModel

/// Arbitration: which request is on screen in each layer. See docs/arbitration.md for the full
/// ordering beside CSPopKit's and SwiftEntryKit's rules.
extension Chef {
    /// A request that may be shown (should_present said yes) enters arbitration.
    func admit(_ popup: Popup) {
        if let elsewhere = navigation.pageElsewhere(for: popup.id) {
            record(popup, .lost, detail: "its page \(elsewhere) is not on screen")
            return finish(popup, .cancelled(.preempted))
        }
        if let key = popup.options.dedupeKey, let holder = holder(of: key, besides: popup) {
            record(popup, .duplicate, detail: "\(key) (request \(holder.id))")
            return finish(popup, .cancelled(.duplicate))
        }
        let layer = popup.layer
        // Sheets stack, as UIKit presents from the topmost presented controller: no queue, no override.
        if layer == .sheet { return start(popup) }
        switch popup.options.policy {
        case .enqueue:
            if layers[layer].isFree { start(popup) } else { enqueue(popup) }
        case .override:
            override(with: popup, in: layer)
        }
    }

    /// The request that holds dedupe key `key`, other than `popup`: one presenting or shown, waiting
    /// as its layer's next, queued, or leaving only to be requeued. A popup that has started leaving
    /// for good frees its key, as CSPopKit's handler leaves the manager (`removePop:`) before its
    /// dismissal animation starts (CSCustomPopHandler.m `dismissPopView:`).
    func holder(of key: String, besides popup: Popup) -> Popup? {
        popups.values.first { other in
            guard other !== popup, other.options.dedupeKey == key else { return false }
            switch other.state {
            case .presenting, .shown: return true
            case .dismissing: return other.requeueWhenDismissed
            case .idle: return other.isQueued || layers[other.layer].next === other
            case .dismissed, .cancelled: return false
            }
        }
    }

    /// An override competes with the popup that owns the layer: the one waiting to start, else the
    /// one on screen unless it is already leaving.
    private func override(with newcomer: Popup, in layer: Layer) {
        let state = layers[layer]
        let waiting = state.next
        let incumbent = waiting ?? (state.current?.state == .dismissing ? nil : state.current)
        guard let incumbent else {
            if state.current != nil {
                layers[layer].next = newcomer  // the leaving popup's teardown comes first
                record(newcomer, .waiting)
            } else {
                start(newcomer)
            }
            return
        }
        let wins =
            newcomer.options.priority > incumbent.options.priority
            || (newcomer.options.priority == incumbent.options.priority && configuration.equalPriorityRule == .newcomerWins)
        guard wins else {
            record(
                newcomer, .lost,
                detail: "priority \(newcomer.options.priority) against \(incumbent.options.priority) (request \(incumbent.id))")
            return finish(newcomer, .cancelled(.lowerPriority))
        }
        state.next = newcomer
        record(newcomer, .waiting, detail: "preempting request \(incumbent.id)")
        if incumbent === waiting {
            // It never got on screen: requeued, or cancelled as preempted.
            if incumbent.options.whenPreempted == .requeue {
                enqueue(incumbent)
            } else {
                finish(incumbent, .cancelled(.preempted))
            }
        } else {
            incumbent.requeueWhenDismissed = incumbent.options.whenPreempted == .requeue
            beginDismiss(incumbent, reason: .preempted)
        }
    }

    /// Puts a request in its layer's queue, with its time-to-live.
    func enqueue(_ popup: Popup) {
        popup.isQueued = true
        layers[popup.layer].enqueue(popup, order: configuration.queueOrder)
        record(popup, .queued, detail: "priority \(popup.options.priority)")
        if let timeToLive = popup.options.timeToLive {
            popup.timeToLiveTimer = clock.schedule(after: timeToLive) { [weak self, weak popup] in
                guard let self, let popup, popup.isQueued else { return }
                self.finish(popup, .cancelled(.expired))
            }
        }
    }

    /// Starts the next request of a layer that has nothing on screen: the override waiting for it,
    /// else the head of its queue.
    /// A loop, not a recursion: a request that fails to start ends, and the loop takes the next, so
    /// a long queue of failing requests cannot grow the stack.
    func startNext(in layer: Layer) {
        guard !isShuttingDown, !layers[layer].isStarting else { return }
        layers[layer].isStarting = true
        defer { layers[layer].isStarting = false }
        while layers[layer].current == nil {
            if let next = layers[layer].next {
                layers[layer].next = nil
                start(next)
            } else if let head = layers[layer].popQueue() {
                head.isQueued = false
                clock.cancel(head.timeToLiveTimer)
                start(head)
            } else {
                return
            }
        }
    }
}
