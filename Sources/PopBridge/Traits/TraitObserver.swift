import PluginABI
import PopModel

/// A component's "pop.trait_observer/1" (ext/traits.h): UIKit's `traitCollectionDidChange`.
struct TraitObserver {
    let component: UnsafePointer<pop_component_t>
    let hook: @convention(c) (UnsafePointer<pop_component_t>?, UnsafePointer<pop_traits_t>?) -> Void

    /// Tells the component that the traits are now `traits`; "pop.traits/1" answers them during the call.
    func traitsChanged(to traits: DisplayTraits) {
        TraitScope.with(traits) {
            var raw = traits.raw
            hook(component, &raw)
        }
    }
}
