import Logging
import PopChef
import PopLoader
import PopModel
import PopProcess

#if canImport(Glibc)
import Glibc
#endif

/// One plugin host process serving one plugin file, seen from the parent: started with `start`,
/// then called one call at a time with a deadline each; the events the child reports (completions
/// called, callbacks asked for, log messages) are acted on as they arrive. When the process dies, a
/// call overruns or the child breaks the protocol, the process is killed and reaped, `failure` says
/// what happened, `onFailure` hears it once, and every later call returns nil at once. Used on the
/// chef's thread only.
final class PluginHostConnection {
    let pluginPath: String
    /// The plugin's descriptor and components, as the plugin host read them after `init`.
    let info: PluginInfo
    /// How it stopped serving, once it has.
    private(set) var failure: HostFailure?
    /// Told once, when it fails.
    var onFailure: ((HostFailure) -> Void)?

    private let child: ChildProcess
    private let callTimeout: Duration
    private var serial: UInt64 = 0
    /// The plugin asked for `on_main_thread`, which has not run since.
    private var callbackPending: Bool
    /// The completions handed to its components, by the id the child knows them by.
    private var completions: [UInt64: CompletionTarget] = [:]
    private var lastCompletion: UInt64 = 0
    /// The remote components alive on it: what is lost when it fails.
    private var instances: [ObjectIdentifier: WeakComponent] = [:]
    /// The chef contexts of the instances made on it, by their number in the child.
    private var contexts: [UInt64: RemoteContext] = [:]
    /// Due times told for an instance before its context was attached (a timer scheduled in its
    /// `create`).
    private var unclaimedDue: [UInt64: VirtualTime?] = [:]

    private init(pluginPath: String, info: PluginInfo, child: ChildProcess, callTimeout: Double, callbackPending: Bool) {
        self.pluginPath = pluginPath
        self.info = info
        self.child = child
        self.callTimeout = .milliseconds(Int64((callTimeout * 1000).rounded()))
        self.callbackPending = callbackPending
    }

    /// Ends the plugin host: it reads the end of its channel, deinitialises its plugin and exits;
    /// one that does not within half a second is killed.
    deinit {
        guard failure == nil else { return }
        child.finishSending()
        guard let termination = child.wait(until: .now + .milliseconds(500)) else {
            child.kill()
            _ = child.wait()
            IsolatedComponents.logger.warning(
                "the plugin host of \(pluginPath) did not end within 0.5 s of being told to (its plugin's deinit runs then); it was killed")
            return
        }
        // Its plugin's deinit is the last plugin code it runs: a crash there is said, not lost.
        if termination != .exited(0) {
            IsolatedComponents.logger.warning(
                "the plugin host of \(pluginPath) \(termination.description) as it ended (in its plugin's deinit)\(Self.lastOutput(child))")
        }
    }

    /// Why a plugin host could not be started.
    enum StartFailure: Error {
        /// It cannot serve this plugin (no executable, another protocol, a plugin that does not
        /// load): a failure of the plugin's file or of the installation, not a crash.
        case unusable(ComponentFailure)
        /// It died or hung while opening the plugin (a crash in `init`, say).
        case failed(HostFailure)
    }

    /// Starts a plugin host for the plugin file at `path` and waits (up to the start timeout) until
    /// it has opened and initialised the plugin.
    static func start(plugin path: String, options: IsolationOptions) throws(StartFailure) -> PluginHostConnection {
        let launch = PluginHostLaunch(plugin: path, parent: getpid(), logLevel: PluginLogging.logger().logLevel)
        let child: ChildProcess
        do {
            let input = Array(try ValueEncoder().encode(launch).json.utf8) + [0x0A]
            child = try ChildProcess(executable: options.executable, arguments: [], input: input, duplex: true)
        } catch {
            throw .unusable(
                ComponentFailure(
                    .unavailable, "cannot start a plugin host for \(path): \(error) (set POPHOST_PLUGIN_HOST or build pophost-plugin-host)")
            )
        }
        let deadline = ContinuousClock.now + .milliseconds(Int64((options.startTimeout * 1000).rounded()))
        let opening = "the opening of the plugin"
        switch child.readLine(deadline: deadline) {
        case .line(let hello):
            if let problem = ChildProtocol.pluginHost.mismatch(in: hello) {
                child.kill()
                _ = child.wait()
                throw .unusable(ComponentFailure(.unavailable, "the plugin host \(options.executable) cannot be used: \(problem)"))
            }
        case .overlong:
            throw .failed(brokeProtocol(child, path, nil, during: opening))
        case .end(.exited):
            throw .failed(died(child, path, during: opening))
        case .end(.timedOut):
            throw .failed(overran(child, path, "opening it", seconds: options.startTimeout))
        }
        var callbackRequested = false
        while true {
            switch child.readFrame(deadline: deadline) {
            case .frame(let frame):
                guard let message = ChildMessage.read(frame) else {
                    throw .failed(brokeProtocol(child, path, frame, during: opening))
                }
                for event in message.events {
                    if case .log(let record) = event { record.log() }
                    if event == .callbackRequested { callbackRequested = true }
                }
                switch (message.serial, message.reply) {
                case (nil, nil):
                    continue
                case (0?, .ready(let info)?):
                    return PluginHostConnection(
                        pluginPath: path, info: info, child: child, callTimeout: options.callTimeout,
                        callbackPending: callbackRequested)
                case (0?, .failure(let failure)?):
                    _ =
                        child.wait(until: deadline)
                        ?? {
                            child.kill(); return child.wait()
                        }()
                    throw .unusable(failure.failure)
                default:
                    throw .failed(brokeProtocol(child, path, frame, during: opening))
                }
            case .overlong:
                throw .failed(brokeProtocol(child, path, nil, during: opening))
            case .end(.exited):
                throw .failed(died(child, path, during: opening))
            case .end(.timedOut):
                throw .failed(overran(child, path, "opening it", seconds: options.startTimeout))
            }
        }
    }

    // MARK: Calls

    /// Makes `call` and returns its answer, after acting on the events that came with it; nil when
    /// the plugin host failed, during this call or before. `what` names the call for the failure's
    /// message ("did_present of com.example.handler"). `traits` are the display traits the call is
    /// made under (those of the instance's chef; nil for the defaults).
    func call(_ call: HostCall, _ what: @autoclosure () -> String, traits: DisplayTraits? = nil) -> ChildReply? {
        guard failure == nil else { return nil }
        serial += 1
        // A call made while answering this one's question takes the next serial.
        let serial = self.serial
        let deadline = ContinuousClock.now + callTimeout
        let traits = traits?.isDefault == false ? traits : nil
        guard let request = HostRequest(serial: serial, call: call, traits: traits).frame(),
            child.send(frame: request, deadline: deadline)
        else {
            return fail(
                with: child.wait(until: .now) == nil && ContinuousClock.now >= deadline
                    ? Self.overran(child, pluginPath, what(), seconds: callTimeout.seconds)
                    : Self.died(child, pluginPath, during: what()))
        }
        while failure == nil {
            switch child.readFrame(deadline: deadline) {
            case .frame(let frame):
                guard let message = ChildMessage.read(frame) else {
                    return fail(with: Self.brokeProtocol(child, pluginPath, frame, during: what()))
                }
                handle(message.events)
                if let question = message.question {
                    guard message.serial == nil, message.reply == nil,
                        let answer = MessageFrame.encode(QuestionAnswer(answer: self.answer(question)))
                    else { return fail(with: Self.brokeProtocol(child, pluginPath, frame, during: what())) }
                    guard failure == nil else { return nil }
                    guard child.send(frame: answer, deadline: deadline) else {
                        return fail(with: Self.died(child, pluginPath, during: what()))
                    }
                    continue
                }
                if message.serial == nil && message.reply == nil { continue }
                guard message.serial == serial, let reply = message.reply else {
                    return fail(with: Self.brokeProtocol(child, pluginPath, frame, during: what()))
                }
                return reply
            case .overlong:
                return fail(with: Self.brokeProtocol(child, pluginPath, nil, during: what()))
            case .end(.exited):
                return fail(with: Self.died(child, pluginPath, during: what()))
            case .end(.timedOut):
                return fail(with: Self.overran(child, pluginPath, what(), seconds: callTimeout.seconds))
            }
        }
        return nil  // a call made while answering a question found the plugin host dead
    }

    /// What the parent answers a plugin waiting in a call: the sheet control goes to the chef of the
    /// instance that asks.
    private func answer(_ question: ChildQuestion) -> Bool {
        switch question {
        case .controlSheet(let instance, let control): contexts[instance]?.context.controlSheet(control) ?? false
        }
    }

    /// Acts on what the plugin host wrote on its own since the last call (completions called on the
    /// plugin's threads, callbacks asked for, log messages); notices that it has closed its channel
    /// (it died between calls). One system call when there is nothing.
    func takeNotices() {
        while failure == nil, let read = child.availableFrame() {
            switch read {
            case .frame(let frame):
                guard let message = ChildMessage.read(frame), message.serial == nil, message.reply == nil, message.question == nil
                else {
                    _ = fail(with: Self.brokeProtocol(child, pluginPath, frame, during: "a pause between calls"))
                    return
                }
                handle(message.events)
            case .overlong:
                _ = fail(with: Self.brokeProtocol(child, pluginPath, nil, during: "a pause between calls"))
                return
            case .end:
                _ = fail(with: Self.died(child, pluginPath, during: "a pause between calls"))
            }
        }
    }

    /// Runs the plugin's `on_main_thread` when it asked for it; true when it ran.
    func deliverCallbacks() -> Bool {
        takeNotices()
        guard callbackPending, failure == nil else { return false }
        callbackPending = false
        guard case .answer(let delivered)? = call(.deliverCallbacks, "on_main_thread") else { return false }
        return delivered
    }

    private func handle(_ events: [ChildEvent]) {
        for event in events {
            switch event {
            case .completed(let id, let value): completions[id]?.call(value)
            case .callbackRequested: callbackPending = true
            case .log(let record): record.log()
            case .timerDue(let instance, let due):
                if let context = contexts[instance] { context.due(at: due) } else { unclaimedDue[instance] = due }
            case .misbehaved(let instance, let message):
                contexts[instance]?.context.reportMisbehaviour(message)
            }
        }
    }

    // MARK: What its components hold

    /// Registers a completion handed to one of its components; returns the id the child knows it by.
    func hand(_ target: CompletionTarget) -> UInt64 {
        lastCompletion += 1
        completions[lastCompletion] = target
        return lastCompletion
    }

    /// Keeps the chef context of an instance made on it, for its timers and misbehaviour reports
    /// (a timer its plugin scheduled while the instance was made is scheduled now).
    func attach(_ context: RemoteContext) {
        contexts[context.instance] = context
        if let due = unclaimedDue.removeValue(forKey: context.instance) { context.due(at: due) }
    }

    /// Forgets the context of a destroyed instance; its pending timer with it.
    func detachContext(of instance: UInt64) {
        contexts.removeValue(forKey: instance)?.due(at: nil)
    }

    /// Forgets completions whose component is gone: the child ignores their calls from then on.
    func forget(_ ids: [UInt64]) {
        for id in ids { completions[id] = nil }
    }

    /// Notes a remote component made on it, to be reported as lost if it fails.
    func adopt(_ component: AnyObject) {
        instances[ObjectIdentifier(component)] = WeakComponent(object: component)
    }

    /// Forgets a remote component that was destroyed.
    func release(_ component: AnyObject) {
        instances[ObjectIdentifier(component)] = nil
    }

    /// The remote components alive on it.
    var liveInstances: [AnyObject] { instances.values.compactMap(\.object) }

    // MARK: Failing

    /// Records `failure` (the process is already dead or killed), tells `onFailure`; returns nil,
    /// the answer a failed call gets.
    private func fail(with failure: HostFailure) -> ChildReply? {
        self.failure = failure
        onFailure?(failure)
        return nil
    }

    /// The process ended (or closed its channel) during `what`: reaped, and described with its last
    /// line of output.
    private static func died(_ child: ChildProcess, _ path: String, during what: String) -> HostFailure {
        let termination: ChildProcess.Termination
        if let ended = child.wait(until: .now + .milliseconds(200)) {
            termination = ended
        } else {
            // Alive, but its channel is closed (a plugin closed descriptor 3): it cannot serve.
            child.kill()
            _ = child.wait()
            return HostFailure(
                cause: .crashed, message: "the plugin host of \(path) closed its channel during \(what)\(lastOutput(child)); it was killed")
        }
        return HostFailure(
            cause: .crashed, message: "the plugin host of \(path) \(termination.description) during \(what)\(lastOutput(child))")
    }

    /// `what` did not finish within `seconds`: the process is killed and reaped.
    private static func overran(_ child: ChildProcess, _ path: String, _ what: String, seconds: Double) -> HostFailure {
        child.kill()
        _ = child.wait()
        return HostFailure(
            cause: .timedOut,
            message: "\(what) did not return within \(format(seconds)) s; the plugin host of \(path) was killed\(lastOutput(child))")
    }

    /// The child wrote `frame` (nil: a frame longer than `ChannelLines.limit`), which is not the
    /// protocol: it is killed.
    private static func brokeProtocol(_ child: ChildProcess, _ path: String, _ frame: [UInt8]?, during what: String) -> HostFailure {
        child.kill()
        _ = child.wait()
        let wrote =
            frame.map {
                "something that is not \(ChildProtocol.pluginHost) during \(what): \"\(String(decoding: $0.prefix(80), as: UTF8.self))\""
            }
            ?? "a message longer than \(ChannelLines.limit >> 20) MiB, the most one may carry, during \(what)"
        return HostFailure(cause: .crashed, message: "the plugin host of \(path) wrote \(wrote); it was killed")
    }

    private static func lastOutput(_ child: ChildProcess) -> String {
        child.drainOutput()
        let last = child.lastOutputLines(1).joined()
        return last.isEmpty ? "" : " (last output: \(last))"
    }

    private static func format(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
    }
}

/// A remote component, held weakly.
struct WeakComponent {
    weak var object: AnyObject?
}
