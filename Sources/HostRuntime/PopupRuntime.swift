import Foundation
import PopBridge
import PopChef
import PopIsolation
import PopLoader
import PopModel
import PopPresentation

/// An app's popup runtime in one object: a chef (composition, arbitration, lifecycle) and a stage
/// (layout, motion, input, frames) over one catalog of components — the app's Swift components and
/// the plugins it discovers —, its events as async sequences, and a clean shutdown.
///
///     let runtime = PopupRuntime()
///     runtime.catalog.register(viewLoader: "com.example.welcome") { WelcomeView() }
///     try await runtime.discover(PluginRegistry(searchPath: SearchPath(directories: [plugins], source: .flags)))
///     let endings = runtime.finalEvents
///     Task { for await (request, event) in endings { print("request \(request): \(event)") } }
///     runtime.show(PopupRequest(viewLoader: "com.example.welcome", controllerLoader: "pop.theme", data: ["name": "Ada"]))
///     await RealTimeDriver().run(runtime) { frame in screen.draw(frame) }
///     runtime.shutdown()
///
/// **Isolation.** Not `Sendable`: it belongs to the actor that creates it — the main actor, in an
/// app's UI code; any actor of the app's own otherwise — and Swift 6 refuses to send it to another
/// once it is used there. Its `async` methods run on the caller's actor (their `isolation`
/// parameter), so awaiting one never takes it off that actor, and every component is called on it:
/// a Swift handler created by a main-actor runtime may use `MainActor.assumeIsolated` to reach the
/// app's main-actor state. What crosses actors is `Sendable`: the event streams (any task may
/// read them), requests, frames, and `Completion`s, which a component may call from any task or
/// thread — the call is applied on the runtime's actor at its next advance (every frame of the
/// `RealTimeDriver`).
///
/// **Time.** Popups move on a virtual clock. Tests and headless runs jump it from timer to timer
/// (`runUntilIdle`, `advance(by:)`), the same frames at the same virtual times on every run; a live
/// app has a `RealTimeDriver` keep it at real time.
///
/// **Ctrl-C.** An app that runs plugins calls `LiveChildren.adoptDescendants()` and
/// `LiveChildren.killOnTerminationSignals()` once, early (docs/isolation.md): then an interrupt or a
/// termination signal ends the scanner, the plugin hosts and whatever a plugin started with the app.
/// An app with a signal handler of its own calls `LiveChildren.killAll()` from it instead.
public final class PopupRuntime {
    /// The chef. Its `onFinalEvent` and `trace` are the runtime's: set the runtime's instead.
    public let chef: Chef
    /// The stage the popups are laid out, animated and drawn on.
    public let stage: Stage
    /// Called with every final event (as `finalEvents` delivers them), after teardown.
    public var onFinalEvent: ((RequestID, FinalEvent) -> Void)?
    /// Where lifecycle events are recorded as well (a `TraceRecorder`, a `TraceFileWriter`); nil
    /// for none.
    public var trace: (any TraceSink)? {
        didSet { installTrace() }
    }
    /// Whether `shutdown` has run.
    public private(set) var isShutDown = false

    private let lifecycle = EventBroadcast<RuntimeEvent>()
    private let endings = EventBroadcast<(request: RequestID, event: FinalEvent)>()
    private var isolatedSources: [IsolatedComponents] = []
    private var listensToLifecycle = false

    /// A runtime over `catalog` (register Swift components on `catalog` before or after), with the
    /// chef's arbitration `configuration`, on a screen `scene` over the app drawn behind the popups.
    public init(
        catalog: ComponentCatalog = ComponentCatalog(), configuration: ChefConfiguration = ChefConfiguration(), scene: Scene = Scene(),
        app: AppScreen = AppScreen()
    ) {
        chef = Chef(catalog: catalog, configuration: configuration)
        stage = Stage(chef: chef, scene: scene, app: app)
        chef.onFinalEvent = { [weak self] id, event in self?.ended(id, event) }
    }

    /// The components popups are composed from.
    public var catalog: ComponentCatalog { chef.catalog }

    // MARK: Plugins

    /// Discovers the plugins on `registry`'s search path and adds their components to the catalog,
    /// each plugin in this process, or in a plugin host process of its own with `isolated` options.
    /// The scan runs on a thread of its own (it may take up to the scanner's timeout per new
    /// file): the caller's actor goes on meanwhile. Fails when the scanner cannot run; a plugin
    /// that cannot be used is an entry with its error in the discovery.
    @discardableResult
    public func discover(
        _ registry: PluginRegistry = PluginRegistry(searchPath: SearchPath.resolve(flags: [])), isolated options: IsolationOptions? = nil,
        isolation: isolated (any Actor)? = #isolation
    ) async throws(PluginScanner.Failure) -> PluginRegistry.Discovery {
        let discovery = try await Self.scan(registry).get()
        guard let options else {
            catalog.add(PluginComponents(discovery: discovery))
            return discovery
        }
        let isolated = IsolatedComponents(discovery: discovery, options: options)
        isolated.onEvent = { [lifecycle] event in lifecycle.yield(.isolation(event)) }
        isolatedSources.append(isolated)
        catalog.add(isolated)
        return discovery
    }

    /// `registry.discover()` on a thread of its own, not on the cooperative pool it could block.
    private static func scan(_ registry: PluginRegistry) async -> Result<PluginRegistry.Discovery, PluginScanner.Failure> {
        await withCheckedContinuation { continuation in
            Thread {
                do throws(PluginScanner.Failure) {
                    continuation.resume(returning: .success(try registry.discover()))
                } catch {
                    continuation.resume(returning: .failure(error))
                }
            }.start()
        }
    }

    // MARK: Requests and input

    /// Starts a request (`Chef.show`); its id names it in events and later calls. After `shutdown`
    /// it is cancelled at once.
    @discardableResult
    public func show(_ request: PopupRequest) -> RequestID { chef.show(request) }

    /// Dismisses a request (or cancels it, if not on screen yet); false when it has already ended.
    @discardableResult
    public func dismiss(_ id: RequestID, reason: Reason = .requested) -> Bool { chef.dismiss(id, reason: reason) }

    /// A tap at `point` on the screen, given to whatever is frontmost there (`Stage.tap(at:)`).
    @discardableResult
    public func tap(at point: Point) -> TapOutcome { stage.tap(at: point) }

    /// Types `text` into the focused text field (a tap on a field focuses it); false when none has
    /// the focus.
    @discardableResult
    public func type(_ text: String) -> Bool { stage.type(text) }

    // MARK: Time and frames

    /// The screen now: draw it with `SVGRenderer`, `FrameJSON`, or the app's own renderer.
    public func frame() -> Frame { stage.frame() }

    /// The virtual time.
    public var now: VirtualTime { chef.now }

    /// Moves the virtual clock to `time` (never back), delivering completions and firing timers.
    public func advance(to time: VirtualTime) { chef.advance(to: time) }

    /// Moves the virtual clock forward by `delta`.
    public func advance(by delta: VirtualTime) { chef.advance(by: delta) }

    /// Jumps the virtual clock from timer to timer until nothing is pending (or `limit` has
    /// passed), with no real waiting: how tests and headless runs drive time. Returns the time
    /// reached.
    @discardableResult
    public func runUntilIdle(limit: VirtualTime = .seconds(3600)) -> VirtualTime { chef.runUntilIdle(limit: limit) }

    /// Whether nothing is pending: no animation, timer, queued request or awaited completion, and
    /// no finger on the screen.
    public var isIdle: Bool { chef.nextDue() == nil && !stage.isTouching }

    // MARK: Events

    /// Every event from now on, in order, until `shutdown`: lifecycle steps, final events, isolated
    /// plugins' failures. Each read makes a new stream: any number of listeners.
    public var events: AsyncStream<RuntimeEvent> {
        let stream = lifecycle.stream()
        if !listensToLifecycle {
            listensToLifecycle = true
            installTrace()
        }
        return stream
    }

    /// Every final event from now on, until `shutdown`: exactly one per request. Each read makes a
    /// new stream.
    ///
    ///     for await (request, event) in runtime.finalEvents { … }
    public var finalEvents: AsyncStream<(request: RequestID, event: FinalEvent)> { endings.stream() }

    private func ended(_ id: RequestID, _ event: FinalEvent) {
        lifecycle.yield(.ended(id, event))
        endings.yield((id, event))
        onFinalEvent?(id, event)
    }

    /// The chef traces into `trace`, and into `events` once something has listened there; with
    /// neither, it traces nothing (the fastest).
    private func installTrace() {
        guard listensToLifecycle else {
            chef.trace = trace
            return
        }
        chef.trace = LifecycleTrace(forwardingTo: trace) { [lifecycle] event in lifecycle.yield(.lifecycle(event)) }
    }

    // MARK: Shutdown

    /// Ends the runtime: every request still alive ends now — dismissed if it is on screen,
    /// cancelled if not, reason requested — and its final event is delivered; no request starts any
    /// more (a later `show` is cancelled at once); the plugin host processes stop; and every event
    /// stream finishes after what it holds. Plugins loaded into this process are deinitialised when
    /// the runtime is released. Calling it again does nothing.
    public func shutdown() {
        guard !isShutDown else { return }
        isShutDown = true
        chef.shutDown()
        for source in isolatedSources { source.stopPluginHosts() }
        lifecycle.finish()
        endings.finish()
    }
}

/// One actor's, like the chef and the stage it owns.
@available(*, unavailable)
extension PopupRuntime: Sendable {}
