// com.pophost.samples.swift.high-priority-handler: CSPopKit's CSCustomPopHighProprityHandler.

import PluginABI
import PopPluginKit

/// Shows at high priority and preempts what is on screen. No actions: its test view's only button
/// uses the host action "pop.dismiss".
enum HighPriorityHandler {
    static let component = Component.handler(
        .sample(
            id: "com.pophost.samples.swift.high-priority-handler",
            name: "High-priority handler",
            description: "Shows at high priority and preempts lower-priority popups.",
            features: ["priority-high"]
        )
    ) { handler in
        handler.get_options = { _, _, options in
            guard let options else { return }
            options.pointee.priority = Int32(POP_PRIORITY_HIGH)
            options.pointee.policy = Int32(POP_POLICY_OVERRIDE)  // show now, preempting a lower priority
        }
    }
}
