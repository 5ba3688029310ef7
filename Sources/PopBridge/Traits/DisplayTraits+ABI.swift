import PluginABI
import PopLoader
import PopModel

extension DisplayTraits {
    /// The traits as "pop.traits/1" hands them to a plugin (ext/traits.h).
    var raw: pop_traits_t {
        pop_traits_t(
            abi_version: ABIVersion.host.raw, struct_size: UInt32(MemoryLayout<pop_traits_t>.size),
            appearance: appearance.abiValue, content_size: contentSize.rawValue, layout_direction: layoutDirection.abiValue,
            reduce_motion: reduceMotion)
    }
}
