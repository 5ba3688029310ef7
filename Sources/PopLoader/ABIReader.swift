import PluginABI
import PopModel

#if canImport(Glibc)
import Glibc
#endif

/// Reads and validates the C structs a plugin hands over, copying what it needs into Swift values.
/// Checks every struct's version and size before reading past its header, and every descriptor's
/// strings for presence, limits and UTF-8.
struct ABIReader {
    /// The file the structs came from, for error messages.
    let path: String

    /// Checks the `{abi_version, struct_size}` header found at `pointer` by the growth rule.
    func checkHeader(_ pointer: UnsafeRawPointer, what: @autoclosure () -> String, minimumSize: Int) throws(PluginError) -> ABIVersion {
        let header = StructHeader(pointer)
        switch header.problem(minimumSize: minimumSize) {
        case nil:
            return header.version
        case .majorMismatch:
            throw PluginError(
                .abiMajorMismatch, path: path,
                "\(what()) is for ABI \(header.version); this host implements ABI \(ABIVersion.host) (major versions differ)")
        case .tooSmall(let minimum):
            throw PluginError(.structTooSmall, path: path, "\(what()) has struct_size \(header.size); ABI 1 needs at least \(minimum)")
        }
    }

    /// Validates the entry struct and returns it with its plugin descriptor.
    func readEntry(_ entry: UnsafePointer<pop_plugin_entry_t>) throws(PluginError) -> (ABIVersion, Descriptor) {
        let version = try checkHeader(entry, what: "the entry struct", minimumSize: MemoryLayout<pop_plugin_entry_t>.size)
        let table = entry.pointee
        guard table.`init` != nil, table.deinit != nil, table.get_factory != nil else {
            throw PluginError(.structTooSmall, path: path, "the entry struct lacks init, deinit or get_factory")
        }
        guard let plugin = table.plugin else {
            throw PluginError(.invalidDescriptor, path: path, "the entry struct has no plugin descriptor")
        }
        return (version, try readDescriptor(plugin, what: .plugin))
    }

    /// Reads every component of every kind from the (initialised) plugin's factories.
    func readComponents(_ entry: UnsafePointer<pop_plugin_entry_t>, pluginID: String) throws(PluginError) -> [PluginInfo.Component] {
        var components: [PluginInfo.Component] = []
        components.reserveCapacity(4)
        var seen = UniqueIDs(pluginID)
        for kind in ComponentKind.allCases {
            guard let raw = kind.factoryID.withCString({ entry.pointee.get_factory($0) }) else { continue }
            let factory = raw.assumingMemoryBound(to: pop_component_factory_t.self)
            let what = { "the \(kind.rawValue) factory" }
            _ = try checkHeader(factory, what: what(), minimumSize: MemoryLayout<pop_component_factory_t>.size)
            guard let count = factory.pointee.count, let get = factory.pointee.get_descriptor, factory.pointee.create != nil else {
                throw PluginError(.structTooSmall, path: path, "\(what()) lacks count, get_descriptor or create")
            }
            let total = count(factory)
            guard total <= 1024 else {
                throw PluginError(.invalidDescriptor, path: path, "\(what()) claims \(total) components (at most 1024)")
            }
            for index in 0..<total {
                guard let pointer = get(factory, index) else {
                    throw PluginError(.invalidDescriptor, path: path, "\(what()) returns no descriptor at index \(index) of \(total)")
                }
                let descriptor = try readDescriptor(pointer, what: .component(kind, index))
                guard seen.insert(descriptor.id) else {
                    throw PluginError(
                        .invalidDescriptor, path: path, "duplicate id \"\(descriptor.id)\" (\(kind.rawValue) descriptor \(index))")
                }
                components.append(PluginInfo.Component(kind: kind, descriptor: descriptor))
            }
        }
        try readSampleData(entry, into: &components)
        return components
    }

    /// Each component's sample data from the plugin's "pop.factory.sample-data/1" (ext/sample_data.h),
    /// when it offers that factory: its text, checked for length and UTF-8 only.
    private func readSampleData(
        _ entry: UnsafePointer<pop_plugin_entry_t>, into components: inout [PluginInfo.Component]
    )
        throws(PluginError)
    {
        guard let raw = entry.pointee.get_factory(POP_FACTORY_SAMPLE_DATA) else { return }
        let what = "the sample-data factory"
        _ = try checkHeader(raw, what: what, minimumSize: MemoryLayout<pop_sample_data_factory_t>.size)
        let factory = raw.assumingMemoryBound(to: pop_sample_data_factory_t.self)
        guard let get = factory.pointee.get else { throw PluginError(.structTooSmall, path: path, "\(what) lacks get") }
        for index in components.indices {
            let id = components[index].descriptor.id
            guard let text = id.withCString({ get(factory, $0) }) else { continue }
            let limit = Int(POP_SAMPLE_DATA_MAX_BYTES)
            guard strnlen(text, limit + 1) <= limit else {
                throw PluginError(.invalidDescriptor, path: path, "the sample data of \(id) is longer than \(limit) bytes")
            }
            guard let json = String(validatingCString: text) else {
                throw PluginError(.invalidDescriptor, path: path, "the sample data of \(id) is not valid UTF-8")
            }
            // Parsed where it is used: a malformed sample is `pophost test`'s to report.
            components[index].descriptor.sampleData = json
        }
    }

    /// Copies and validates one descriptor.
    func readDescriptor(_ pointer: UnsafePointer<pop_descriptor_t>, what site: Site) throws(PluginError) -> Descriptor {
        let what = { site.description }
        _ = try checkHeader(pointer, what: what(), minimumSize: MemoryLayout<pop_descriptor_t>.size)
        let raw = pointer.pointee
        guard let id = try string(raw.id, field: "id", of: what()), !id.isEmpty else {
            throw PluginError(.invalidDescriptor, path: path, "\(what()) has no id")
        }
        guard Descriptor.isReverseDNS(id) else {
            throw PluginError(
                .invalidDescriptor, path: path, "\(what()) has id \"\(id)\", which is not reverse-DNS (like com.example.popup)")
        }
        let owner = { "\(what()) (\(id))" }
        guard let name = try string(raw.name, field: "name", of: owner()), !name.isEmpty else {
            throw PluginError(.invalidDescriptor, path: path, "\(owner()) has no name")
        }
        var features: [String] = []
        if let list = raw.features {
            var count = 0
            while count <= Int(POP_DESCRIPTOR_MAX_FEATURES), list[count] != nil { count += 1 }
            features.reserveCapacity(count)
            var index = 0
            while let feature = list[index] {
                guard index < Int(POP_DESCRIPTOR_MAX_FEATURES) else {
                    throw PluginError(.invalidDescriptor, path: path, "\(owner()) has more than \(POP_DESCRIPTOR_MAX_FEATURES) features")
                }
                let text = try string(feature, field: "features[\(index)]", of: owner()) ?? ""
                guard !features.contains(text) else {
                    throw PluginError(.invalidDescriptor, path: path, "\(owner()) lists the feature \"\(text)\" twice")
                }
                features.append(text)
                index += 1
            }
        }
        return Descriptor(
            id: id, name: name,
            vendor: try string(raw.vendor, field: "vendor", of: owner()) ?? "",
            version: try string(raw.version, field: "version", of: owner()) ?? "",
            description: try string(raw.description, field: "description", of: owner()) ?? "",
            features: features)
    }

    /// Where a descriptor was found, for error messages (built only when one is needed).
    enum Site: CustomStringConvertible {
        case plugin
        case component(ComponentKind, UInt32)

        var description: String {
            switch self {
            case .plugin: "the plugin descriptor"
            case .component(let kind, let index): "\(kind.rawValue) descriptor \(index)"
            }
        }
    }

    /// A C string copied as validated UTF-8 within the length limit; nil for a NULL pointer.
    private func string(
        _ pointer: UnsafePointer<CChar>?, field: @autoclosure () -> String, of owner: @autoclosure () -> String
    ) throws(PluginError) -> String? {
        guard let pointer else { return nil }
        let limit = Int(POP_DESCRIPTOR_MAX_STRING)
        let length = strnlen(pointer, limit + 1)
        guard length <= limit else {
            throw PluginError(.invalidDescriptor, path: path, "\(owner()) has a \(field()) longer than \(limit) bytes")
        }
        guard let text = String(validatingCString: pointer) else {
            throw PluginError(.invalidDescriptor, path: path, "\(owner()) has a \(field()) that is not valid UTF-8")
        }
        return text
    }
}

/// The ids seen so far in one plugin. Plugins have a handful of components: a linear scan is
/// cheaper than hashing until there are many.
private struct UniqueIDs {
    private var list: [String]
    private var set: Set<String> = []

    init(_ first: String) { list = [first] }

    /// Adds `id`; false when it was already there.
    mutating func insert(_ id: String) -> Bool {
        if set.isEmpty {
            // Ids share their reverse-DNS prefix: comparing the (stored) lengths first skips most
            // byte-by-byte comparisons.
            let length = id.utf8.count
            if list.contains(where: { $0.utf8.count == length && $0 == id }) { return false }
            list.append(id)
            if list.count > 16 { set = Set(list) }
            return true
        }
        return set.insert(id).inserted
    }
}
