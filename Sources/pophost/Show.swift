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
            --keep is given it is dismissed. Exits with status 1 when the request ended with a plugin error \
            (or, with --isolate, when its plugin crashed or hung: plugin-crashed, plugin-timeout).
            Example: pophost show --handler com.pophost.samples.c.payment-handler \\
                     --view-loader com.pophost.samples.c.payment-view --data '{"amount": 12.5}' \\
                     --type password=123456 --tap confirm
            """
    )

    @Option(help: ArgumentHelp("The handler's component id.", valueName: "id")) var handler: String?
    @Option(help: ArgumentHelp("The view loader's component id.", valueName: "id")) var viewLoader: String?
    @Option(help: ArgumentHelp("The controller loader's component id.", valueName: "id")) var controllerLoader: String?
    @Option(help: ArgumentHelp("The reformer's component id.", valueName: "id")) var reformer: String?
    @Option(help: ArgumentHelp("The request's data, as JSON.", valueName: "json")) var data: String = "null"
    @Option(help: ArgumentHelp("Override the priority (0-1000).", valueName: "n")) var priority: Int32?
    @Option(help: ArgumentHelp("Override the policy: override or enqueue.", valueName: "policy")) var policy: String?
    @Option(name: .customLong("type"), help: ArgumentHelp("Type TEXT into the text field FIELD (repeatable, in order).", valueName: "field=text"))
    var typing: [String] = []
    @Option(name: .customLong("tap"), help: ArgumentHelp("Tap the button with this action (repeatable, in order).", valueName: "action"))
    var taps: [String] = []
    @Flag(help: "Leave the popup on screen instead of dismissing it at the end.") var keep = false
    @Option(help: ArgumentHelp("Also write the trace as JSON lines to this file.", valueName: "file")) var trace: String?
    @Flag(help: "Print the trace as JSON lines instead of a table.") var json = false
    @Flag(help: "Run each plugin in a plugin host process of its own: one that crashes or hangs ends its popup, not pophost.")
    var isolate = false
    @OptionGroup var isolation: IsolationArguments
    @OptionGroup var options: PluginOptions

    func run() throws {
        let requestData: Value
        do { requestData = try Value(json: data) } catch { throw ValidationError("--data is not valid JSON: \(error)") }
        let policyValue: Policy? = try policy.map {
            switch $0 {
            case "override": .override
            case "enqueue": .enqueue
            default: throw ValidationError("--policy must be override or enqueue, not \($0)")
            }
        }
        for entry in typing where !entry.contains("=") { throw ValidationError("--type needs FIELD=TEXT, got \(entry)") }

        let chef = Chef(catalog: try options.catalog(isolation: isolation.options(isolate: isolate)).catalog)
        // On a stage, as in a host: the controller loader's layout and animation hooks run too.
        let stage = Stage(chef: chef)
        let recorder = TraceRecorder()
        chef.trace = recorder
        let file = try trace.map { try TraceFileWriter(path: $0) }
        let id = chef.show(PopupRequest(
            handler: handler, viewLoader: viewLoader, controllerLoader: controllerLoader, reformer: reformer,
            data: requestData, priority: priority.map { Priority(rawValue: $0) }, policy: policyValue))
        chef.runUntilIdle(limit: .seconds(60))
        for step in Step.inCommandLineOrder(CommandLine.arguments) {
            switch step {
            case .type(let field, let text):
                if !chef.setText(text, field: field, on: id) {
                    FileHandle.standardError.write(Data("pophost: warning: no text field \"\(field)\" on the popup\n".utf8))
                }
            case .tap(let action):
                if !chef.tap(action: action, on: id) {
                    FileHandle.standardError.write(Data("pophost: warning: no button with action \"\(action)\" on the popup\n".utf8))
                }
                chef.runUntilIdle(limit: .seconds(60))
            }
        }
        if !keep { chef.dismiss(id) }
        chef.runUntilIdle(limit: .seconds(60))

        for event in recorder.events {
            file?.record(event)
            print(json ? event.jsonLine : TraceTable.row(event))
        }
        if !json, let final = chef.finalEvent(of: id) { print("request \(id): \(final)") }
        withExtendedLifetime(stage) {}
        let failed: Set<Reason> = [.pluginError, .pluginCrashed, .pluginTimeout]
        if let reason = chef.finalEvent(of: id)?.reason, failed.contains(reason) { throw ExitCode.failure }
    }
}

/// A --type or --tap, applied in the order given on the command line (the parser keeps each option's
/// values in order, but not their order relative to each other).
enum Step {
    case type(field: String, text: String)
    case tap(String)

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
        var row = "\(time)  #\(event.request)  \(event.kind.rawValue.padding(toLength: 14, withPad: " ", startingAt: 0))"
        if let reason = event.reason { row += " (\(reason))" }
        if let detail = event.detail { row += "  \(detail)" }
        return row
    }
}
