import Logging
import PluginABI
import PopLoader
import PopModel

/// The host extension "pop.traits/1" (ext/traits.h): the traits of the call the host is making
/// into the plugin (`TraitScope`), and semantic colours and text sizes resolved for them.
package enum PluginTraits {
    /// The table plugins get from `get_extension("pop.traits/1")`, offered to every plugin loaded in
    /// this process from the first use of the bridge on (`PluginComponents` makes sure of it).
    package static let offered: Void = {
        HostExtensions.offer(POP_HOST_EXT_TRAITS) { (traits: inout pop_host_traits_t) in
            traits.get = { host, out in
                guard HostTable.owner(of: host) != nil, let out, let current = TraitScope.current else { return false }
                out.pointee = current.raw
                return true
            }
            traits.resolve_color = { host, color in
                guard let owner = HostTable.owner(of: host) else { return 0 }
                guard let semantic = SemanticColor(rawValue: color) else {
                    owner.log(level: .warning, "pop.traits/1 resolve_color was given the unknown colour \(color); it gives 0")
                    return 0
                }
                return semantic.resolved(for: (TraitScope.current ?? DisplayTraits()).appearance).rawValue
            }
            traits.text_size = { host, style in
                guard let owner = HostTable.owner(of: host) else { return 0 }
                guard let textStyle = TextStyle(rawValue: style) else {
                    owner.log(level: .warning, "pop.traits/1 text_size was given the unknown text style \(style); it gives 0")
                    return 0
                }
                return textStyle.size(at: (TraitScope.current ?? DisplayTraits()).contentSize)
            }
        }
    }()
}
