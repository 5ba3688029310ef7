// An app that embeds pophost, as docs/embedding.md teaches it: Swift components of each kind
// composed with the sample plugins' components, discovery off the main actor, a popup that preempts
// another, input, final events read with `for await`, the clock driven in real time, rendering, a
// plugin run isolated, and a clean shutdown. It checks what it sees and exits 1 if anything differs.
//
//     swift build && swift build --product PopSampleC && swift build --product PopSampleSwift
//     .build/debug/EmbeddingApp [PLUGIN_DIRECTORY] [--svg FILE]
import Foundation
import HostRuntime

// What a plugin starts ends with the app, on Ctrl-C too.
_ = LiveChildren.adoptDescendants()
LiveChildren.killOnTerminationSignals()

var problems = 0
@MainActor func check(_ condition: Bool, _ what: String) {
    if !condition { problems += 1 }
    print(condition ? "ok   \(what)" : "FAIL \(what)")
}

let arguments = Array(CommandLine.arguments.dropFirst())
let svgFile = arguments.firstIndex(of: "--svg").flatMap { arguments.indices.contains($0 + 1) ? arguments[$0 + 1] : nil }
// Where `swift build --product PopSampleC` put the samples: beside the app.
let pluginDirectory = arguments.first { !$0.hasPrefix("--") && $0 != svgFile } ?? RunningExecutable.directory

// The runtime, its Swift components, and the plugins' components.
let runtime = PopupRuntime()
runtime.catalog.register(viewLoader: "com.example.app.welcome") { WelcomeView() }
runtime.catalog.register(controllerLoader: "com.example.app.card") { CardController() }
runtime.catalog.register(reformer: "com.example.app.order") { OrderReformer() }
runtime.catalog.register(handler: "com.example.app.offer") { OfferHandler() }
runtime.catalog.register(viewLoader: "com.example.app.offer-view") { OfferView() }

let discovery = try await runtime.discover(PluginRegistry(searchPath: SearchPath(directories: [pluginDirectory])))
for entry in discovery.entries where entry.status != .ok {
    print("pophost could not use \(entry.file.path): \(entry.problem.map { "\($0)" } ?? "\(entry.status)")")
}
let plugins = discovery.entries.compactMap { $0.info?.plugin.id }
check(plugins.contains("com.pophost.samples.c") && plugins.contains("com.pophost.samples.swift"), "discovered the samples: \(plugins)")

// Every request's end, read by a task of its own.
let endings = runtime.finalEvents
let listener = Task {
    var ended: [RequestID: FinalEvent] = [:]
    for await (request, event) in endings { ended[request] = event }
    return ended
}

// A welcome composed of Swift components only; it comes back if something preempts it.
let welcome = runtime.show(
    PopupRequest(
        viewLoader: "com.example.app.welcome", controllerLoader: "com.example.app.card", reformer: "com.example.app.order",
        data: ["customer": "Ada"], whenPreempted: .requeue))
runtime.runUntilIdle()
check(runtime.chef.state(of: welcome) == .shown, "the welcome is shown")

// An offer from a Swift handler, presented by a plugin's controller loader: it takes the screen.
let offer = runtime.show(
    PopupRequest(
        handler: "com.example.app.offer", viewLoader: "com.example.app.offer-view",
        controllerLoader: "com.pophost.samples.swift.pop-controller", data: ["eligible": true]))
// The handler answers from another task: drive the clock in real time until all is settled.
let stop = await RealTimeDriver(framesPerSecond: 60).run(runtime) { frame in
    // An app draws `frame` here; this one only looks at it.
    _ = frame.nodes.count
}
check(stop == .idle, "the real-time driver stopped when idle")
check(runtime.chef.state(of: offer) == .shown, "the offer is shown")
check(runtime.chef.queued.map(\.id) == [welcome], "the welcome waits behind it, queued again")

// Input: focus the field, type, tap the button; the handler's action dismisses the offer.
@MainActor func node(_ matches: (FrameNode) -> Bool) -> FrameNode? { runtime.frame().nodes.first(where: matches) }
if let field = node({ $0.field == "code" }) { runtime.tap(at: field.bounds.center) }
check(runtime.type("SAVE10"), "typed the code")
if let redeem = node({ $0.action == "redeem" }) { runtime.tap(at: redeem.bounds.center) }
runtime.runUntilIdle()
check(runtime.chef.finalEvent(of: offer) == .dismissed(.action), "the offer ended by its action")
check(runtime.chef.state(of: welcome) == .shown, "the welcome came back")

// Rendering: the screen as SVG (or JSON, `FrameJSON.encode`), for a file, a test, a snapshot.
let svg = SVGRenderer().render(runtime.frame())
check(svg.contains("Welcome, Ada"), "the SVG shows the welcome")
if let svgFile { try svg.write(toFile: svgFile, atomically: true, encoding: .utf8) }
if let thanks = node({ $0.action == HostAction.dismiss }) { runtime.tap(at: thanks.bounds.center) }
runtime.runUntilIdle()

// A plugin's own handler and view, in this process.
let payment = runtime.show(
    PopupRequest(handler: "com.pophost.samples.c.payment-handler", viewLoader: "com.pophost.samples.c.payment-view", data: ["amount": 12.5])
)
runtime.runUntilIdle()
check(runtime.chef.state(of: payment) == .shown, "the C sample's payment dialog is shown")
_ = runtime.dismiss(payment)
runtime.runUntilIdle()

// The same plugins isolated: each in a plugin host process of its own, so a crash ends its popups only.
let isolated = PopupRuntime()
let sameDirectory = PluginRegistry(searchPath: SearchPath(directories: [pluginDirectory]))
try await isolated.discover(sameDirectory, isolated: IsolationOptions(callTimeout: 1))
let remote = isolated.show(
    PopupRequest(handler: "com.pophost.samples.c.payment-handler", viewLoader: "com.pophost.samples.c.payment-view", data: ["amount": 3]))
isolated.runUntilIdle()
check(isolated.chef.state(of: remote) == .shown, "the payment dialog is shown from a plugin host")
isolated.shutdown()
check(isolated.chef.finalEvent(of: remote) != nil, "shutting down ended it")

// Shutting down ends what is left and finishes every event stream.
runtime.shutdown()
let ended = await listener.value
check(ended[welcome] == .dismissed(.action), "final event of the welcome: \(ended[welcome].map { "\($0)" } ?? "none")")
check(ended[offer] == .dismissed(.action), "final event of the offer: \(ended[offer].map { "\($0)" } ?? "none")")
check(ended[payment] == .dismissed(.requested), "final event of the payment: \(ended[payment].map { "\($0)" } ?? "none")")

if problems > 0 {
    print("EmbeddingApp: \(problems) check(s) failed")
    exit(1)
}
print("EmbeddingApp: all checks passed")
