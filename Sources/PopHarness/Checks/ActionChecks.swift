import PluginABI
import PopBridge
import PopChef
import PopModel

/// Handlers' actions: their declarations, and calls with any arguments.
enum ActionChecks {
    static let all = [signatures, fuzzedArguments]

    static let signatures = ConformanceTest(
        "component.action-signatures", level: 1,
        "every handler's actions have unique valid names and signatures that parse (handler.h's grammar)"
    ) { context throws(TestIssue) in
        let plugin = try context.loadedPlugin()
        let handlers = plugin.ids(of: .handler)
        guard !handlers.isEmpty else { throw .skipped("the plugin has no handler") }
        let source = plugin.source()
        var problems: [String] = []
        for id in handlers {
            do throws(ComponentFailure) {
                try context.watchdog.within("create of \(id)") { () throws(ComponentFailure) in
                    try source.makeHandler(id, context: .detached())
                }.destroy()
            } catch {
                problems.append(error.description)
            }
        }
        try TestIssue.check(problems)
    }

    static let fuzzedArguments = ConformanceTest(
        "component.actions-fuzzed", level: 4,
        "every action can be called with any arguments its signature allows: random field text, data and request ids"
    ) { context throws(TestIssue) in
        let plugin = try context.loadedPlugin()
        let handlers = plugin.ids(of: .handler)
        guard !handlers.isEmpty else { throw .skipped("the plugin has no handler") }
        let source = plugin.source()
        var calls = 0
        var unmade: [String] = []
        for id in handlers {
            guard let handler = try? source.makeHandler(id, context: .detached()) as? PluginHandler else {
                unmade.append(id)
                continue
            }
            defer { handler.destroy() }
            for action in handler.declared.values.sorted(by: { $0.name < $1.name }) {
                for _ in 0..<context.repetitions(20) {
                    let arguments = FuzzedArguments(
                        handler: UnsafeRawPointer(handler.pointer), actionName: action.name, random: &context.random)
                    _ = context.watchdog.within("action \(action.name) of \(id)") {
                        ActionInvoker.invoke(
                            action.function, signature: action.signature, interface: action.interface, arguments: arguments)
                    }
                    calls += 1
                }
            }
        }
        guard calls == 0 else { return }
        // Nothing to call: because no handler declares an action, or because those that might cannot be made.
        if unmade.isEmpty { throw .skipped("the plugin's handlers declare no actions") }
        throw .skipped(
            "\(unmade.count == 1 ? "the handler" : "the handlers") \(unmade.joined(separator: ", ")) cannot be made "
                + "(see component.action-signatures), so no action could be called")
    }
}

/// Random arguments for an action: what any user might type, any data an app might send.
struct FuzzedArguments: ActionArgumentProvider {
    let handler: UnsafeRawPointer
    let actionName: String
    let requestID: Int64
    private let fields: [String]
    private let data: RequestData

    init(handler: UnsafeRawPointer, actionName: String, random: inout HarnessRandom) {
        self.handler = handler
        self.actionName = actionName
        requestID = Int64.random(in: 1...Int64.max, using: &random)
        fields = (0..<4).map { _ in random.string() }
        data = RequestData(random.value())
    }

    func fieldText(_ id: String) -> String? { fields[id.utf8.reduce(0) { ($0 + Int($1)) % 4 }] }
    func dataNode(at path: ValuePath) -> UnsafeRawPointer? { data.tree.node(atPath: path.text).map { UnsafeRawPointer($0) } }
    func dataScalar(at path: ValuePath) -> DataScalar? { DataScalar(data.value.lookup(path)) }
    func dataText(at path: ValuePath) -> String? { data.value.lookup(path)?.text }
}
