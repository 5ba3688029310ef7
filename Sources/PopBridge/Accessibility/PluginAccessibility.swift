import PluginABI
import PopLoader
import PopModel

/// The host extension "pop.accessibility/1" (ext/accessibility.h): content builder modifiers that
/// say what a screen reader reads for a node — its label, role, value, states, or that it is hidden.
/// Each sets the node's `accessibility`; misuse makes the content invalid, as content.h's does.
package enum PluginAccessibility {
    /// The table plugins get from `get_extension("pop.accessibility/1")`, offered to every plugin
    /// loaded in this process from the first use of the bridge on.
    package static let offered: Void = {
        HostExtensions.offer(POP_HOST_EXT_ACCESSIBILITY) { (accessibility: inout pop_host_accessibility_t) in
            accessibility.label = { b, utf8 in
                guard let owner = ContentBuilder.owner(of: b), let label = owner.string(utf8, "label", in: "label", required: true) else {
                    return
                }
                owner.modify("label") { $0.changeAccessibility { $0.label = label } }
            }
            accessibility.role = { b, raw in
                guard let owner = ContentBuilder.owner(of: b), let role = owner.check(AccessibilityRole(abi: raw), "role", raw, in: "role")
                else {
                    return
                }
                owner.modify("role") { $0.changeAccessibility { $0.role = role } }
            }
            accessibility.value = { b, utf8 in
                guard let owner = ContentBuilder.owner(of: b), let value = owner.string(utf8, "value", in: "value", required: true) else {
                    return
                }
                owner.modify("value") { $0.changeAccessibility { $0.value = value } }
            }
            accessibility.traits = { b, raw in
                guard let owner = ContentBuilder.owner(of: b) else { return }
                let traits = AccessibilityTraits(rawValue: raw)
                let known = AccessibilityTraits.named.reduce(AccessibilityTraits()) { $0.union($1.0) }
                guard owner.check(known.isSuperset(of: traits) ? traits : nil, "trait bits", Int32(bitPattern: raw), in: "traits") != nil
                else {
                    return
                }
                owner.modify("traits") { $0.changeAccessibility { $0.traits = traits } }
            }
            accessibility.hidden = { b, hidden in
                guard let owner = ContentBuilder.owner(of: b) else { return }
                owner.modify("hidden") { $0.changeAccessibility { $0.hidden = hidden != 0 } }
            }
        }
    }()
}

extension ContentNode {
    /// Changes what the node tells assistive technologies, starting from nothing said.
    fileprivate mutating func changeAccessibility(_ change: (inout ContentAccessibility) -> Void) {
        var said = accessibility ?? ContentAccessibility()
        change(&said)
        accessibility = said
    }
}
