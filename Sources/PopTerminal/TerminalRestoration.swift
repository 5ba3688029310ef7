import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// What it takes to give the terminal back, kept where a signal handler can use it: the saved termios and
/// the bytes that undo the session's screen modes live in memory allocated once, and the handler only calls
/// async-signal-safe functions (write, tcsetattr, sigaction, raise).
enum TerminalRestoration {
    /// Whether the terminal is in the session's modes now; restoring clears it, so it happens once.
    static let active = Atomic<Bool>(false)
    /// Set by SIGWINCH.
    static let resized = Atomic<Bool>(false)
    static let inputDescriptor = Atomic<Int32>(-1)
    static let outputDescriptor = Atomic<Int32>(-1)
    private static let atexitRegistered = Atomic<Bool>(false)

    /// The terminal's attributes before the session.
    nonisolated(unsafe) static let savedAttributes: UnsafeMutablePointer<termios> = {
        let pointer = UnsafeMutablePointer<termios>.allocate(capacity: 1)
        pointer.initialize(to: termios())
        return pointer
    }()

    /// The alternate screen, hidden cursor and SGR mouse reporting.
    static let enterSequence = Array("\u{1B}[?1049h\u{1B}[?25l\u{1B}[?1000h\u{1B}[?1002h\u{1B}[?1006h".utf8)

    /// Undoes `enterSequence`, and resets colours.
    nonisolated(unsafe) static let leaveSequence: UnsafeBufferPointer<UInt8> = {
        let bytes = Array("\u{1B}[?1006l\u{1B}[?1002l\u{1B}[?1000l\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l".utf8)
        let pointer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: bytes.count)
        _ = pointer.initialize(from: bytes)
        return UnsafeBufferPointer(pointer)
    }()

    /// Signals that end the process: the terminal is restored, then the signal does what it did before.
    static let terminatingSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]
    static let fatalSignals: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE]
    private static let signalCount = 65

    /// Each handled signal's action before the session, by signal number.
    nonisolated(unsafe) private static let previousActions: UnsafeMutablePointer<sigaction> = {
        let pointer = UnsafeMutablePointer<sigaction>.allocate(capacity: signalCount)
        pointer.initialize(repeating: sigaction(), count: signalCount)
        return pointer
    }()
    /// Which entries of `previousActions` are set (1) and must be put back.
    nonisolated(unsafe) private static let installed: UnsafeMutablePointer<Int32> = {
        let pointer = UnsafeMutablePointer<Int32>.allocate(capacity: signalCount)
        pointer.initialize(repeating: 0, count: signalCount)
        return pointer
    }()

    /// Remembers `attributes` and the descriptors, marks the terminal taken, and installs the handlers
    /// (signals, `atexit`) that give it back.
    static func begin(input: Int32, output: Int32, attributes: termios) {
        savedAttributes.pointee = attributes
        _ = leaveSequence  // made now: a signal handler must not be the first to use it
        inputDescriptor.store(input, ordering: .releasing)
        outputDescriptor.store(output, ordering: .releasing)
        resized.store(false, ordering: .releasing)
        active.store(true, ordering: .releasing)
        if !atexitRegistered.exchange(true, ordering: .acquiringAndReleasing) {
            atexit { TerminalRestoration.restoreTerminal() }
        }
        for signal in terminatingSignals + fatalSignals {
            install(signal) { TerminalRestoration.handleEndingSignal($0) }
        }
        install(SIGWINCH) { _ in TerminalRestoration.resized.store(true, ordering: .releasing) }
    }

    /// Gives the terminal back and puts the previous signal actions back.
    static func end() {
        restoreTerminal()
        for signal in 0..<Int32(signalCount) where installed[Int(signal)] != 0 {
            sigaction(signal, previousActions + Int(signal), nil)
            installed[Int(signal)] = 0
        }
    }

    /// Leaves the session's screen modes and puts the saved attributes back, once. Async-signal-safe.
    static func restoreTerminal() {
        guard active.exchange(false, ordering: .acquiringAndReleasing) else { return }
        let output = outputDescriptor.load(ordering: .acquiring)
        var offset = 0
        while offset < leaveSequence.count {
            let written = write(output, leaveSequence.baseAddress! + offset, leaveSequence.count - offset)
            if written > 0 {
                offset += written
            } else if written < 0 && errno == EINTR {
                continue
            } else {
                break
            }
        }
        tcsetattr(inputDescriptor.load(ordering: .acquiring), TCSAFLUSH, savedAttributes)
    }

    /// Installs `handler` for `signal`, remembering the previous action; a signal that was ignored stays so.
    private static func install(_ signal: Int32, _ handler: @convention(c) (Int32) -> Void) {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = handler
        sigemptyset(&action.sa_mask)
        action.sa_flags = SA_ONSTACK
        var previous = sigaction()
        guard sigaction(signal, nil, &previous) == 0 else { return }
        if signal != SIGWINCH, previous.sa_flags & SA_SIGINFO == 0,
            unsafeBitCast(previous.__sigaction_handler.sa_handler, to: Int.self) == 1
        {  // SIG_IGN
            return
        }
        if installed[Int(signal)] == 0 { previousActions[Int(signal)] = previous }
        if sigaction(signal, &action, nil) == 0 { installed[Int(signal)] = 1 }
    }

    /// Restores the terminal, puts the signal's previous action back (the default, or e.g. the Swift
    /// runtime's crash reporter) and raises it again; it is delivered when this handler returns.
    private static func handleEndingSignal(_ signal: Int32) {
        restoreTerminal()
        if signal >= 0, signal < Int32(signalCount), installed[Int(signal)] != 0 {
            sigaction(signal, previousActions + Int(signal), nil)
        } else {
            var fallback = sigaction()
            sigemptyset(&fallback.sa_mask)
            sigaction(signal, &fallback, nil)
        }
        raise(signal)
    }
}
