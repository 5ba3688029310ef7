import PopModel

#if canImport(Glibc)
import Glibc
#endif

/// Runs a `TerminalApp` in a `TerminalSession` until the app quits, Ctrl-C is pressed or the terminal goes
/// away: waits up to `frameInterval` for input, hands it to the app, advances the app's clock by the real time
/// elapsed, and draws what changed; a resized terminal is redrawn in full.
public struct TerminalLoop {
    public let app: any TerminalApp
    public let session: TerminalSession
    /// The longest wait for input between two frames, in milliseconds.
    public var frameInterval: Int32 = 16

    public init(app: any TerminalApp, session: TerminalSession) {
        self.app = app
        self.session = session
    }

    /// Runs the app, then restores the terminal. Throws when the terminal cannot be written to.
    public func run() throws {
        defer { session.restore() }
        let size = session.size()
        var screen = TerminalScreen(screen: app.screen, columns: size.columns, rows: size.rows)
        var input = TerminalInput()
        var last = ContinuousClock.now
        while true {
            if session.takeResize() {
                let size = session.size()
                screen.resize(columns: size.columns, rows: size.rows)
            }
            let bytes = screen.render(app.frame(), statusLine: app.statusLine)
            if !bytes.isEmpty { try session.write(bytes) }

            guard let received = session.read(timeout: frameInterval) else { return }
            let events = received.isEmpty ? (input.hasPending ? input.flush() : []) : input.feed(received)
            for event in events {
                if event == .interrupt { return }
                if let appEvent = screen.event(for: event), app.handle(appEvent) == .quit { return }
            }

            let now = ContinuousClock.now
            app.advance(by: VirtualTime(microseconds: Int64((now - last).seconds * 1_000_000)))
            last = now
        }
    }
}
