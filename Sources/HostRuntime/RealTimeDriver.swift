import PopModel

/// Runs a `PopupRuntime` in real time: a frame loop on `ContinuousClock` that, every frame, moves
/// the runtime's virtual clock to the real time elapsed since the loop began — delivering
/// completions, firing timers, moving animations — and hands the screen to the app to draw.
///
///     let stop = await RealTimeDriver(framesPerSecond: 60).run(runtime) { frame in screen.draw(frame) }
///
/// It runs on the caller's actor (the runtime's), sleeping between frames, so the actor stays free
/// for input in between; a frame that comes late is drawn late and those missed are skipped, the
/// virtual clock following real time all the same. It returns once the runtime is idle (unless
/// `stopsWhenIdle` is false), once its task is cancelled, or after `shutdown`: start it again when
/// the app shows a popup.
///
/// Tests keep the virtual clock instead: `runtime.runUntilIdle()` (or `advance(by:)`) jumps from
/// timer to timer with no waiting and gives the same frames at the same virtual times on every run.
public struct RealTimeDriver: Sendable {
    /// Why `run` returned.
    public enum Stop: Sendable, Hashable {
        /// Nothing was pending any more (`PopupRuntime.isIdle`).
        case idle
        /// Its task was cancelled.
        case cancelled
        /// The runtime was shut down.
        case shutDown
    }

    /// Frames a second (at least 1).
    public var framesPerSecond: Int
    /// Whether `run` returns when the runtime is idle; false: only when cancelled or shut down (an
    /// app that keeps drawing while nothing moves).
    public var stopsWhenIdle: Bool

    public init(framesPerSecond: Int = 60, stopsWhenIdle: Bool = true) {
        self.framesPerSecond = framesPerSecond
        self.stopsWhenIdle = stopsWhenIdle
    }

    /// Runs `runtime` frame by frame, calling `onFrame` with each frame (the first at once), on the
    /// caller's actor; returns why it stopped.
    @discardableResult
    public func run(
        _ runtime: PopupRuntime, isolation: isolated (any Actor)? = #isolation, onFrame: (Frame) -> Void = { _ in }
    ) async -> Stop {
        let clock = ContinuousClock()
        let start = clock.now
        let origin = runtime.now
        let interval = Duration.seconds(1) / max(1, framesPerSecond)
        var frameNumber = 0
        while true {
            let elapsed = clock.now - start
            runtime.advance(to: origin + Self.virtualTime(elapsed))
            onFrame(runtime.frame())
            if runtime.isShutDown { return .shutDown }
            if stopsWhenIdle && runtime.isIdle { return .idle }
            // The next frame's moment; those already past are skipped.
            frameNumber = max(frameNumber + 1, Int(elapsed / interval) + 1)
            do {
                try await clock.sleep(until: start + interval * frameNumber)
            } catch {
                return .cancelled
            }
        }
    }

    /// A real duration as virtual time (microseconds, rounded down).
    static func virtualTime(_ duration: Duration) -> VirtualTime {
        let (seconds, attoseconds) = duration.components
        return VirtualTime(microseconds: seconds * 1_000_000 + attoseconds / 1_000_000_000_000)
    }
}
