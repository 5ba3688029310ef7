// my-popup: a pophost popup plugin (com.example.my-popup), written in Swift on PopPluginKit, pophost's
// Swift glue over the plugin C ABI (both vendored: PopPluginKit/ and PluginABI/; see README.md).
//
//   com.example.my-popup.handler     handler: when the popup shows, and its action "confirm"
//   com.example.my-popup.view        view loader: a title, a message, OK (confirm) and Not now
//   com.example.my-popup.controller  controller loader: a dimmed alert that fades in and out
//
// This file: the plugin's descriptor, its entry table and the only exported symbol (exports.map).
// Then one file per component.
//
// The host calls everything on its main thread unless the header says [thread-safe]. The plugin
// starts no threads and never relies on DispatchQueue.main or @MainActor: the host owns the loop.

import PluginABI
import PopPluginKit

/// The descriptor of the plugin and of its components: vendor and version are the same for all.
func describe(_ id: String, _ name: String, _ description: String, features: [String] = []) -> Descriptor {
    Descriptor(id: id, name: name, vendor: "", version: "0.1.0", description: description, features: features)
}

/// The entry table. Everything the host reads is built when the entry is first called, so init and
/// get_factory do no work. To add a component, declare it (like Handler.component) and append it to
/// the list: never reorder or remove, ids are what apps ask for. No reformer, so the host's
/// get_factory answers NULL for that kind.
let entry = PluginEntry(
    plugin: describe("com.example.my-popup", "my-popup", "A popup plugin made with pophost new."),
    components: [Handler.component, View.component, Controller.component]
)

/// The plugin's only exported symbol (`public` is required for it to exist).
@_cdecl("pop_plugin_entry_v1")
public func popPluginEntryV1() -> UnsafePointer<pop_plugin_entry_t> {
    entry.table
}
