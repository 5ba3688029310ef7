import PluginABI
import PopChef
import PopLoader
import PopModel

/// A plugin's handler. Function pointers are read once, when it is created; lifecycle calls are
/// direct calls through them (libffi is only for actions, whose signatures are declared at run time).
package final class PluginHandler: HandlerComponent {
    package let id: String
    package let pointer: UnsafePointer<pop_handler_t>
    package let actions: [String: ActionDeclaration]
    /// The actions as the invoker calls them.
    package let declared: [String: DeclaredAction]
    private let instance: PluginInstance
    /// Where the actions' call interfaces live: held so they outlive every call through them.
    private let interfaces: CallInterfaceCache
    private let functions: pop_handler_t
    /// The handler was written against ABI 1.0: the reasons 1.1 added reach it as plugin-error
    /// (`Reason.raw(abi10:)`).
    private let isABI10: Bool
    /// ABI 1.1's should_present, when the handler is that new and sets it: it wins over the 1.0 one.
    private let shouldPresentEx: (@convention(c) (UnsafePointer<pop_handler_t>?, OpaquePointer?, pop_completion_t) -> Void)?
    /// "pop.page-handler/1"'s page_event (PluginHandler+Page.swift).
    let pageEventHook: (@convention(c) (UnsafePointer<pop_handler_t>?, pop_page_event_t, Bool) -> Void)?
    /// should_present's answers handed to a 1.0 handler as function pointers, freed when it is destroyed.
    private var closures: [CompletionClosure] = []
    /// should_present's answers handed to a 1.1 handler as tokens, revoked when its request ends.
    private var tokens: [UInt64] = []

    /// Reads the handler's functions and validates its actions (a malformed one fails creation).
    init(_ instance: PluginInstance, id: String, interfaces: CallInterfaceCache, pluginPath: String) throws(ComponentFailure) {
        self.instance = instance
        self.interfaces = interfaces
        let pointer = instance.kind(pop_handler_t.self)
        self.pointer = pointer
        self.id = id
        functions = pointer.pointee
        isABI10 = instance.header.version.minor == 0
        shouldPresentEx = instance.header.contains(\pop_handler_t.should_present_ex) ? functions.should_present_ex : nil
        pageEventHook = try instance.extensionTable(
            POP_EXT_PAGE_HANDLER, as: pop_page_handler_ext_t.self, minimumSize: MemoryLayout<pop_page_handler_ext_t>.size
        ).flatMap { $0.header.contains(\pop_page_handler_ext_t.page_event) ? $0.table.pointee.page_event : nil }
        func broken(_ problem: String) -> ComponentFailure { ComponentFailure(.contractBroken, problem) }
        var declared: [String: DeclaredAction] = [:]
        let count = functions.action_count.map { $0(pointer) } ?? 0
        guard count <= 256 else { throw broken("handler \(id) declares \(count) actions (at most 256)") }
        for index in 0..<count {
            guard let raw = functions.get_action?(pointer, index) else {
                throw broken("handler \(id) returns no action at index \(index) of \(count)")
            }
            let action = raw.pointee
            guard StructHeader(raw).problem(minimumSize: MemoryLayout<pop_action_t>.size) == nil else {
                throw broken("handler \(id): action \(index) has an incompatible version or size")
            }
            guard let namePointer = action.name, let name = String(validatingCString: namePointer), !name.isEmpty, !name.hasPrefix("pop.")
            else {
                throw broken("handler \(id): action \(index) has no valid name (UTF-8, not empty, not in the reserved \"pop.\" namespace)")
            }
            guard declared[name] == nil else { throw broken("handler \(id) declares the action \"\(name)\" twice") }
            guard let signatureText = action.signature.flatMap({ String(validatingCString: $0) }) else {
                throw broken("handler \(id): action \"\(name)\" has no signature")
            }
            guard let function = action.function else {
                throw broken("handler \(id): action \"\(name)\" has no function")
            }
            do {
                let signature = try ActionSignature.parse(signatureText)
                declared[name] = DeclaredAction(
                    name: name, text: signatureText, signature: signature, function: UnsafeRawPointer(function),
                    interface: interfaces.interface(for: signature))
            } catch {
                throw broken("handler \(id): action \"\(name)\" has a malformed signature: \(error)")
            }
        }
        self.declared = declared
        actions = declared.mapValues(\.declaration)
    }

    package var decidesPresentation: Bool { shouldPresentEx != nil || functions.should_present != nil }

    package func adjust(_ options: inout RequestOptions, data: RequestData) {
        guard let getOptions = functions.get_options else { return }
        let key = options.dedupeKey
        var raw = pop_request_options_t(
            abi_version: ABIVersion.host.raw, struct_size: UInt32(MemoryLayout<pop_request_options_t>.size),
            priority: options.priority.rawValue, policy: options.policy.rawValue, when_preempted: options.whenPreempted.rawValue,
            time_to_live: options.timeToLive?.seconds ?? 0, dedupe_key: nil)
        // The key the plugin leaves is read while the host's copy it may point at is still alive.
        let newKey: String? = (key ?? "").withCString { hostKey in
            if key != nil { raw.dedupe_key = hostKey }
            getOptions(pointer, data.tree.root, &raw)
            return raw.dedupe_key.flatMap { String(validatingCString: $0) }
        }
        // Values outside the header's ranges are taken as it says (clamped, kept, none) and reported.
        let report = instance.context.reportMisbehaviour
        options.priority = Priority(rawValue: raw.priority)
        if options.priority.rawValue != raw.priority {
            report("get_options set the priority \(raw.priority), outside 0...1000; taken as \(options.priority.rawValue)")
        }
        if let policy = Policy(rawValue: raw.policy) {
            options.policy = policy
        } else {
            report("get_options set the unknown policy \(raw.policy); the policy stays \(options.policy)")
        }
        if let rule = PreemptionRule(rawValue: raw.when_preempted) {
            options.whenPreempted = rule
        } else {
            report("get_options set the unknown when_preempted \(raw.when_preempted); it stays \(options.whenPreempted)")
        }
        if !(raw.time_to_live.isFinite && raw.time_to_live >= 0) {
            report("get_options set the time_to_live \(raw.time_to_live) (seconds, finite and ≥ 0; 0: none); none taken")
        }
        options.timeToLive = raw.time_to_live.isFinite && raw.time_to_live > 0 ? .seconds(raw.time_to_live) : nil
        options.dedupeKey = newKey?.isEmpty == false ? newKey : nil
    }

    package func shouldPresent(data: RequestData, answer: Completion<Bool>) {
        if let shouldPresentEx {
            let completion = CompletionTokens.answer(answer)
            tokens.append(completion.token)
            shouldPresentEx(pointer, data.tree.root, completion)
            return
        }
        let closure = CompletionClosure.answer(answer)
        closures.append(closure)
        functions.should_present?(pointer, data.tree.root, unsafeBitCast(closure.functionPointer, to: pop_answer_fn.self))
    }

    package func willPresent() { functions.will_present?(pointer) }
    package func didPresent() { functions.did_present?(pointer) }
    /// Asked only for the reasons a handler may veto (`Reason.isVetoable`), all of ABI 1.0: passed
    /// as they are.
    package func shouldDismiss(_ reason: Reason) -> Bool { functions.should_dismiss?(pointer, reason.rawValue) ?? true }
    package func willDismiss(_ reason: Reason) { functions.will_dismiss?(pointer, reason.raw(abi10: isABI10)) }
    package func didDismiss(_ reason: Reason) { functions.did_dismiss?(pointer, reason.raw(abi10: isABI10)) }
    /// The final event: from here on the request's answers are void, so its tokens are revoked first
    /// (a call from inside `finished` is already a logged no-op).
    package func finished(_ event: FinalEvent) {
        revokeTokens()
        functions.finished?(pointer, event.outcome, event.reason.raw(abi10: isABI10))
    }

    /// Calls the action through libffi with the arguments its signature declares.
    package func perform(_ name: String, context: ActionContext) -> ActionOutcome {
        guard let action = declared[name] else { return .keep }
        return ActionInvoker.invoke(
            action.function, signature: action.signature, interface: action.interface,
            arguments: TapArguments(handler: UnsafeRawPointer(pointer), context: context))
    }

    package func destroy() {
        revokeTokens()
        instance.destroy()
        for closure in closures { closure.free() }
        closures = []
    }

    private func revokeTokens() {
        CompletionTokens.revoke(tokens, owner: "handler \(id)")
        tokens = []
    }
}

/// Where a tap's action arguments come from: the handler, and the chef's action context.
struct TapArguments: ActionArgumentProvider {
    let handler: UnsafeRawPointer
    let context: ActionContext

    var actionName: String { context.action }
    var requestID: Int64 { Int64(context.request) }
    func fieldText(_ id: String) -> String? { context.text(ofField: id) }
    func dataNode(at path: ValuePath) -> UnsafeRawPointer? { context.data.tree.node(atPath: path.text).map { UnsafeRawPointer($0) } }
    func dataScalar(at path: ValuePath) -> DataScalar? { DataScalar(context.data.value.lookup(path)) }
    func dataText(at path: ValuePath) -> String? { context.data.value.lookup(path)?.text }
}
