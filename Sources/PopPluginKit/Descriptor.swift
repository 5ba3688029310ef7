import PluginABI

/// What a descriptor says about the plugin or one of its components (descriptor.h): the host copies
/// it when it scans the plugin, shows it in `pophost list` and `inspect`, and finds components by
/// their `id`.
public struct Descriptor: Sendable {
    /// Reverse-DNS, unique within the plugin and stable across releases: apps ask for it.
    public var id: String
    /// Human-readable, e.g. "Payment password dialog".
    public var name: String
    /// Who ships it ("" for none).
    public var vendor: String
    /// The component's own version, e.g. "1.4.2" ("" for none).
    public var version: String
    /// One sentence on what it is for.
    public var description: String
    /// Free-form tags ("alert", "secure-input"), no duplicates.
    public var features: [String]
    /// The data to show it with ("pop.factory.sample-data/1", ext/sample_data.h), as JSON text: an
    /// array of `{"name": …, "data": …}`, the default first; nil for none. Ignored for the plugin's
    /// own descriptor.
    public var sampleData: String?

    public init(
        id: String, name: String, vendor: String = "", version: String = "", description: String = "",
        features: [String] = [], sampleData: String? = nil
    ) {
        self.id = id
        self.name = name
        self.vendor = vendor
        self.version = version
        self.description = description
        self.features = features
        self.sampleData = sampleData
    }

    /// The C descriptor, its strings in memory that is never freed (Immortal.swift).
    func makeC() -> pop_descriptor_t {
        var descriptor = pop_descriptor_t()
        descriptor.abi_version = .current
        descriptor.struct_size = UInt32(MemoryLayout<pop_descriptor_t>.size)
        descriptor.id = immortal(id)
        descriptor.name = immortal(name)
        descriptor.vendor = immortal(vendor)
        descriptor.version = immortal(version)
        descriptor.description = immortal(description)
        descriptor.features = immortal(features)
        return descriptor
    }
}
