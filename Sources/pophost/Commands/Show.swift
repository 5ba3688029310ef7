import ArgumentParser
import Foundation
import HostRuntime

/// `pophost show`: compose one popup from plugin components and run it headless on the virtual
/// clock, printing its lifecycle trace.
struct Show: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Compose one popup from plugin components, run its lifecycle, and print the trace.",
        discussion: """
            Components are named by id (see `pophost list`); any left out is the built-in default. The \
            popup is shown on the virtual clock; then each --type and --tap is applied in order, and unless \
            --keep is given it is dismissed; --out writes the popup as it last was on screen, as SVG. Exits \
            with status 1 when the request ended with a plugin error (or, with --isolate, when its plugin \
            crashed or hung: plugin-crashed, plugin-timeout), 64 when a component id, a --tap action \
            or a --type field names nothing (the message lists what exists).
            Example:
              pophost show --handler com.pophost.samples.c.payment-handler \\
                --view-loader com.pophost.samples.c.payment-view \\
                --data '{"amount": 12.5}' --type password=123456 --tap confirm \\
                --out payment.svg
            """
    )

    @Option(help: ArgumentHelp("The handler's component id.", valueName: "id"), completion: ComponentCompletion.ids(.handler))
    var handler: String?
    @Option(help: ArgumentHelp("The view loader's component id.", valueName: "id"), completion: ComponentCompletion.ids(.viewLoader))
    var viewLoader: String?
    @Option(
        help: ArgumentHelp("The controller loader's component id.", valueName: "id"), completion: ComponentCompletion.ids(.controllerLoader)
    )
    var controllerLoader: String?
    @Option(help: ArgumentHelp("The reformer's component id.", valueName: "id"), completion: ComponentCompletion.ids(.reformer))
    var reformer: String?
    @Option(help: ArgumentHelp("The request's data, as JSON.", valueName: "json")) var data: String = "null"
    @Option(help: ArgumentHelp("Override the priority (0-1000).", valueName: "n")) var priority: Int32?
    @Option(help: ArgumentHelp("Override the policy.", valueName: "policy")) var policy: PolicyArgument?
    @Option(
        name: .customLong("type"),
        help: ArgumentHelp(
            "Set the text field <field> to <text>, replacing what it holds (repeatable, in order; a scenario's type step appends instead).",
            valueName: "field=text"))
    var typing: [String] = []
    @Option(name: .customLong("tap"), help: ArgumentHelp("Tap the button with this action (repeatable, in order).", valueName: "action"))
    var taps: [String] = []
    @Flag(help: "Leave the popup on screen instead of dismissing it at the end (a banner still leaves when its display time ends).")
    var keep = false
    @Option(help: ArgumentHelp("Also write the trace as JSON lines to this file.", valueName: "file")) var trace: String?
    @Flag(help: "Print the trace as JSON lines instead of a table.") var json = false
    @Option(help: ArgumentHelp("Also write the popup, as it last was on screen, as SVG to this file.", valueName: "file")) var out: String?
    @Flag(
        help: """
            Also print what a screen reader reaches once the popup has presented: its elements in reading order, \
            the focus, what it hides (with --json, one line {"accessibility": …}). Runs with VoiceOver on (--voice-over).
            """)
    var accessibility = false
    @OptionGroup var traits: TraitOptions
    @OptionGroup var arbitration: ArbitrationOptions
    @Flag(help: "Run each plugin in a plugin host process of its own: one that crashes or hangs ends its popup, not pophost.")
    var isolate = false
    @OptionGroup var isolation: IsolationArguments
    @OptionGroup var options: PluginOptions

    enum PolicyArgument: String, ExpressibleByArgument, CaseIterable {
        case override, enqueue

        var policy: Policy { self == .override ? .override : .enqueue }
    }

    func validate() throws {
        _ = try requestData()
        if let priority, !(0...1000).contains(priority) { throw ValidationError("--priority must be from 0 to 1000, not \(priority)") }
        for entry in typing where !entry.contains("=") { throw ValidationError("--type needs <field>=<text>, not \"\(entry)\"") }
    }

    func run() throws {
        let catalog = try options.catalog(isolation: isolation.options(isolate: isolate)).catalog
        // A component id that names nothing is the caller's mistake: said once, with the nearest id.
        for (id, kind) in [
            (handler, ComponentKind.handler), (viewLoader, .viewLoader), (controllerLoader, .controllerLoader), (reformer, .reformer),
        ] {
            guard let id else { continue }
            do { try catalog.requireComponent(id, of: kind) } catch {
                throw CommandFailure.usage(error.description + options.searchedWhere)
            }
        }
        var configuration = arbitration.applied(to: ChefConfiguration())
        configuration.threadAnswerWait = ChefConfiguration.headlessThreadAnswerWait
        let chef = Chef(catalog: catalog, configuration: configuration)
        // On a stage, as in a host: the controller loader's layout and animation hooks run too.
        let stage = Stage(chef: chef)
        var display = traits.applied(to: DisplayTraits())
        if accessibility { display.voiceOver = true }
        stage.engine.setDisplayTraits(display)
        let recorder = TraceRecorder()
        chef.trace = recorder
        let file = try trace.map { try TraceFileWriter(path: $0) }
        let id = chef.show(
            PopupRequest(
                handler: handler, viewLoader: viewLoader, controllerLoader: controllerLoader, reformer: reformer,
                data: try requestData(), priority: priority.map { Priority(rawValue: $0) }, policy: policy?.policy))
        // The picture --out writes: the screen the last time the popup was there — after each timer
        // while it runs (a banner whose display time ends leaves on its own), before a tap, at the end.
        var picture: Frame?
        let snap = { if chef.content(of: id) != nil { picture = stage.frame() } }
        let runUntilIdle = { _ = chef.runUntilIdle(limit: .seconds(60)) { if out != nil && chef.state(of: id) == .shown { snap() } } }
        runUntilIdle()
        snap()
        let presented = chef.state(of: id) == .shown ? stage.accessibilityTree() : nil
        for step in Step.inCommandLineOrder(Pophost.arguments) {
            switch step {
            case .type(let field, let text):
                if !chef.setText(text, field: field, on: id) { throw missing(step, on: id, chef: chef) }
            case .tap(let action):
                snap()
                if !chef.tap(action: action, on: id) { throw missing(step, on: id, chef: chef) }
                runUntilIdle()
            }
        }
        snap()
        if !keep { chef.dismiss(id) }
        chef.runUntilIdle(limit: .seconds(60))
        if let out {
            guard let picture else { throw CommandFailure("--out \(out): the popup was never on screen, so there is no picture to write") }
            if let reason = OutputFile.write(SVGRenderer().render(picture), to: out) {
                throw CommandFailure("--out \(out): cannot write the file: \(reason)")
            }
        }

        for event in recorder.events {
            file?.record(event)
            StandardOutput.print(json ? event.jsonLine : TraceTable.row(event))
        }
        if !json, let final = chef.finalEvent(of: id) { StandardOutput.print("request \(id): \(printable("\(final)"))") }
        if accessibility { printAccessibility(presented, of: id) }
        if let failure = file?.failure { throw CommandFailure(failure.description) }
        withExtendedLifetime(stage) {}
        // Still going after a minute of virtual time: a plugin's durations, or --keep on a popup
        // that stays; said rather than ending as if all went well.
        if chef.finalEvent(of: id) == nil && !(keep && chef.state(of: id) == .shown) {
            throw CommandFailure(
                "request \(id) had not ended after 60 s of virtual time (it is \(chef.state(of: id)?.rawValue ?? "gone")): "
                    + "a presentation, display or queue time longer than that")
        }
        if let reason = chef.finalEvent(of: id)?.reason, Self.pluginFailures.contains(reason) { throw ExitCode.failure }
    }

    /// --accessibility: the tree once the popup had presented, or why there is none.
    private func printAccessibility(_ tree: AccessibilityTree?, of id: RequestID) {
        if json {
            StandardOutput.print(Value.object(["accessibility": tree.map(AccessibilityJSON.value) ?? .null]).json)
            return
        }
        guard let tree else {
            StandardOutput.print("accessibility: request \(id) never rested on screen, so nothing was read")
            return
        }
        StandardOutput.print("accessibility (once presented):")
        for line in AccessibilityText.lines(tree) { StandardOutput.print("  " + printable(line)) }
    }

    /// The reasons a request ends with when a plugin failed: `show` exits 1 for them.
    private static let pluginFailures: Set<Reason> = [.pluginError, .pluginCrashed, .pluginTimeout]

    /// --data as a value.
    private func requestData() throws -> Value {
        // Parsed from the argument's own bytes: text that is not UTF-8 is an error with its position.
        do { return try Value(jsonBytes: PathBytes.bytes(data)) } catch { throw ValidationError("--data is not valid JSON: \(error)") }
    }

    /// A --type or --tap that matches nothing on the popup: what exists instead, or why there is no popup.
    private func missing(_ step: Step, on id: RequestID, chef: Chef) -> CommandFailure {
        guard let content = chef.content(of: id) else {
            let state = chef.finalEvent(of: id).map { "ended (\($0))" } ?? "is not on screen"
            let message = "\(step.option): request \(id) \(state), so there is nothing to \(step.verb)"
            // A plugin that failed is the plugin's failure (1), not a mistake in the command (64).
            if let reason = chef.finalEvent(of: id)?.reason, Self.pluginFailures.contains(reason) { return CommandFailure(message) }
            return CommandFailure.usage(message)
        }
        let (name, existing, what) =
            switch step {
            case .type(let field, _): (field, unique(content.textFieldIDs), "text field")
            case .tap(let action): (action, unique(content.actionNames), "button with the action")
            }
        let hint = Spelling.nearest(to: name, among: existing).map { " (did you mean \"\($0)\"?)" } ?? ""
        let list = existing.isEmpty ? "it has none" : "it has: " + existing.joined(separator: ", ")
        return CommandFailure.usage("\(step.option): the popup has no \(what) \"\(name)\"\(hint); \(list)")
    }
}

/// A --type or --tap, applied in the order given on the command line (the parser keeps each option's
/// values in order, but not their order relative to each other).
enum Step {
    case type(field: String, text: String)
    case tap(String)

    /// The option as given: "--type password=…", "--tap confirm".
    var option: String {
        switch self {
        case .type(let field, _): "--type \(field)=…"
        case .tap(let action): "--tap \(action)"
        }
    }

    var verb: String {
        switch self {
        case .type: "type into"
        case .tap: "tap"
        }
    }

    static func inCommandLineOrder(_ arguments: [String]) -> [Step] {
        var steps: [Step] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            for option in ["--type", "--tap"] where argument == option || argument.hasPrefix(option + "=") {
                let value: String
                if argument == option {
                    guard index < arguments.count else { break }
                    value = arguments[index]
                    index += 1
                } else {
                    value = String(argument.dropFirst(option.count + 1))
                }
                if option == "--tap" {
                    steps.append(.tap(value))
                } else if let equals = value.firstIndex(of: "=") {
                    steps.append(.type(field: String(value[..<equals]), text: String(value[value.index(after: equals)...])))
                }
            }
        }
        return steps
    }
}

/// One trace event as a table row: time, request, event, reason, detail.
enum TraceTable {
    static func row(_ event: TraceEvent) -> String {
        let time = String(format: "%10.3f ms", event.time.milliseconds)
        // Padded to 14, never cut: "page-will-disappear" is longer.
        let kind = event.kind.rawValue
        var row = "\(time)  #\(event.request)  \(kind + String(repeating: " ", count: max(0, 14 - kind.count)))"
        if let reason = event.reason { row += " (\(printable("\(reason)")))" }
        if let detail = event.detail { row += "  \(printable(detail))" }
        return row
    }
}
