import PluginABI
import PopModel

/// The component extensions this host asks a component of each kind for (component.h's
/// `get_extension`), with the size of each table's first version: what `pophost inspect` lists and
/// what `pophost test`'s `library.struct-sizes` checks.
package enum ComponentExtensions {
    package static func known(for kind: ComponentKind) -> [(id: String, minimumSize: Int)] {
        switch kind {
        case .handler: [(POP_EXT_PAGE_HANDLER, MemoryLayout<pop_page_handler_ext_t>.size)]
        case .controllerLoader:
            [
                (POP_EXT_LAYOUT, MemoryLayout<pop_layout_ext_t>.size),
                (POP_EXT_ANIMATION, MemoryLayout<pop_animation_ext_t>.size),
                (POP_EXT_SHEET, MemoryLayout<pop_sheet_ext_t>.size),
                (POP_EXT_PAGE, MemoryLayout<pop_page_ext_t>.size),
                (POP_EXT_FLOATING, MemoryLayout<pop_floating_ext_t>.size),
                (POP_EXT_TRAIT_OBSERVER, MemoryLayout<pop_trait_observer_ext_t>.size),
            ]
        case .viewLoader:
            [
                (POP_EXT_TRAIT_OBSERVER, MemoryLayout<pop_trait_observer_ext_t>.size),
                (POP_EXT_LIST, MemoryLayout<pop_list_ext_t>.size),
            ]
        case .reformer: []
        }
    }
}
