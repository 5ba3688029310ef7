import PopModel

/// What a successful scan learned about a plugin: its ABI version, its own descriptor and every
/// component its factories list.
public struct PluginInfo: Codable, Hashable, Sendable {
    public var abiVersion: ABIVersion
    public var plugin: Descriptor
    public var components: [Component]

    /// One component as listed by its factory.
    public struct Component: Codable, Hashable, Sendable {
        public var kind: ComponentKind
        public var descriptor: Descriptor

        public init(kind: ComponentKind, descriptor: Descriptor) {
            self.kind = kind
            self.descriptor = descriptor
        }
    }

    public init(abiVersion: ABIVersion, plugin: Descriptor, components: [Component]) {
        self.abiVersion = abiVersion
        self.plugin = plugin
        self.components = components
    }
}
