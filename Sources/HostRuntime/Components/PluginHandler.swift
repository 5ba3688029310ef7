import PluginABI

/// A plugin's handler. Function pointers are read once, when it is created; lifecycle calls are
/// direct calls through them (libffi is only for actions, whose signatures are declared at run time).
final class PluginHandler: HandlerComponent {
    let id: String
    let pointer: UnsafePointer<pop_handler_t>
    let actions: [String: DeclaredAction]
    private let instance: PluginInstance
    private let functions: pop_handler_t

    /// Reads the handler's functions and validates its actions (a malformed one fails creation).
    init(_ instance: PluginInstance, id: String, interfaces: CallInterfaceCache) throws(ComponentFailure) {
        self.instance = instance
        let pointer = instance.kind(pop_handler_t.self)
        self.pointer = pointer
        self.id = id
        functions = pointer.pointee
        var actions: [String: DeclaredAction] = [:]
        let count = functions.action_count.map { $0(pointer) } ?? 0
        guard count <= 256 else { throw ComponentFailure(description: "handler \(id) declares \(count) actions (at most 256)") }
        for index in 0..<count {
            guard let raw = functions.get_action?(pointer, index) else {
                throw ComponentFailure(description: "handler \(id) returns no action at index \(index) of \(count)")
            }
            let action = raw.pointee
            guard action.struct_size >= MemoryLayout<pop_action_t>.size, action.abi_version.major == ABIVersion.host.major else {
                throw ComponentFailure(description: "handler \(id): action \(index) has an incompatible version or size")
            }
            guard let namePointer = action.name, let name = String(validatingCString: namePointer), !name.isEmpty, !name.hasPrefix("pop.") else {
                throw ComponentFailure(description: "handler \(id): action \(index) has no valid name (UTF-8, not empty, not in the reserved \"pop.\" namespace)")
            }
            guard actions[name] == nil else { throw ComponentFailure(description: "handler \(id) declares the action \"\(name)\" twice") }
            guard let signatureText = action.signature.flatMap({ String(validatingCString: $0) }) else {
                throw ComponentFailure(description: "handler \(id): action \"\(name)\" has no signature")
            }
            guard let function = action.function else {
                throw ComponentFailure(description: "handler \(id): action \"\(name)\" has no function")
            }
            do {
                let signature = try ActionSignature.parse(signatureText)
                actions[name] = DeclaredAction(name: name, signature: signature, function: UnsafeRawPointer(function),
                                               interface: interfaces.interface(for: signature))
            } catch {
                throw ComponentFailure(description: "handler \(id): action \"\(name)\" has a malformed signature: \(error)")
            }
        }
        self.actions = actions
    }

    var asksShouldPresent: Bool { functions.should_present != nil }
    var address: UnsafeRawPointer? { UnsafeRawPointer(pointer) }

    func adjust(_ options: inout RequestOptions, data: RequestData) {
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
        options.priority = Priority(rawValue: raw.priority)
        if let policy = Policy(rawValue: raw.policy) { options.policy = policy }
        if let rule = PreemptionRule(rawValue: raw.when_preempted) { options.whenPreempted = rule }
        options.timeToLive = raw.time_to_live.isFinite && raw.time_to_live > 0 ? .seconds(raw.time_to_live) : nil
        options.dedupeKey = newKey?.isEmpty == false ? newKey : nil
    }

    func shouldPresent(data: RequestData, answer: UnsafeRawPointer) {
        functions.should_present?(pointer, data.tree.root, unsafeBitCast(answer, to: pop_answer_fn.self))
    }

    func willPresent() { functions.will_present?(pointer) }
    func didPresent() { functions.did_present?(pointer) }
    func shouldDismiss(_ reason: Reason) -> Bool { functions.should_dismiss?(pointer, reason.rawValue) ?? true }
    func willDismiss(_ reason: Reason) { functions.will_dismiss?(pointer, reason.rawValue) }
    func didDismiss(_ reason: Reason) { functions.did_dismiss?(pointer, reason.rawValue) }
    func finished(_ event: FinalEvent) { functions.finished?(pointer, event.outcome, event.reason.rawValue) }

    func destroy() { instance.destroy() }
}
