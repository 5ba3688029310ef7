// Declaring the simple kinds — a view loader that only builds, a controller loader that only
// configures — in one call each.

import PluginABI

extension ComponentSpec {
    /// `pop_view_loader_t.build`.
    typealias Build = @convention(c) (UnsafePointer<pop_view_loader_t>?, OpaquePointer?, UnsafePointer<pop_content_builder_t>?) -> Bool
    /// `pop_controller_loader_t.configure`.
    typealias Configure = @convention(c) (UnsafePointer<pop_controller_loader_t>?, OpaquePointer?, UnsafeMutablePointer<pop_presentation_t>?) -> Void

    /// A view loader whose instances build their content with `build`.
    static func viewLoader(id: String, name: String, description: String, features: [String], build: Build) -> ComponentSpec {
        ComponentSpec(id: id, name: name, description: description, features: features) { host, descriptor in
            let instance = Instance(pop_view_loader_t.self, descriptor: descriptor, host: host)
            instance.kind(pop_view_loader_t.self).pointee.build = build
            return instance.publish()
        }
    }

    /// A controller loader whose instances set up the presentation with `configure` (it arrives
    /// filled with the host's defaults: set only what the style needs).
    static func controllerLoader(id: String, name: String, description: String, features: [String],
                                 configure: Configure) -> ComponentSpec {
        ComponentSpec(id: id, name: name, description: description, features: features) { host, descriptor in
            let instance = Instance(pop_controller_loader_t.self, descriptor: descriptor, host: host)
            instance.kind(pop_controller_loader_t.self).pointee.configure = configure
            return instance.publish()
        }
    }
}
