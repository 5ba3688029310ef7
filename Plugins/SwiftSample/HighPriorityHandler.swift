// com.pophost.samples.swift.high-priority-handler: CSPopKit's CSCustomPopHighProprityHandler.

import PluginABI

/// Shows at high priority and preempts what is on screen. No actions: its test view's only button
/// uses the host action "pop.dismiss".
enum HighPriorityHandler {
    static let spec = ComponentSpec(
        id: "com.pophost.samples.swift.high-priority-handler",
        name: "High-priority handler",
        description: "Shows at high priority and preempts lower-priority popups.",
        features: ["priority-high"],
        create: { host, descriptor in create(host: host, descriptor: descriptor) }
    )

    static func create(host: UnsafePointer<pop_host_t>?, descriptor: UnsafePointer<pop_descriptor_t>)
        -> UnsafePointer<pop_component_t>
    {
        let instance = Instance(pop_handler_t.self, descriptor: descriptor, host: host)
        instance.kind(pop_handler_t.self).pointee.get_options = { _, _, options in
            guard let options else { return }
            options.pointee.priority = Int32(POP_PRIORITY_HIGH)
            options.pointee.policy = Int32(POP_POLICY_OVERRIDE)  // show now, preempting a lower priority
        }
        return instance.publish()
    }
}
