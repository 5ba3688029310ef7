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
        var builder = DescriptorStrings.Builder(bytes: 256, strings: 8)
        let read = try readDescriptor(plugin, what: .plugin, into: &builder)
        return (version, Descriptor(copy: builder.finish(), first: read.first, featureCount: read.featureCount, sampleData: nil))
    }

    /// Reads every component of every kind from the (initialised) plugin's factories, their
    /// strings into one `DescriptorStrings`.
    func readComponents(_ entry: UnsafePointer<pop_plugin_entry_t>, pluginID: String) throws(PluginError) -> [PluginInfo.Component] {
        var builder = DescriptorStrings.Builder(bytes: 4096, strings: 128)
        var found: [Found] = []
        found.reserveCapacity(16)
        var seen: Set<String>? = nil
        for kind in ComponentKind.allCases {
            guard let raw = kind.factoryID.withCString({ entry.pointee.get_factory($0) }) else { continue }
            let factory = raw.assumingMemoryBound(to: pop_component_factory_t.self)
            _ = try checkHeader(factory, what: "the \(kind.rawValue) factory", minimumSize: MemoryLayout<pop_component_factory_t>.size)
            guard let count = factory.pointee.count, let get = factory.pointee.get_descriptor, factory.pointee.create != nil else {
                throw PluginError(.structTooSmall, path: path, "the \(kind.rawValue) factory lacks count, get_descriptor or create")
            }
            let total = count(factory)
            guard total <= 1024 else {
                throw PluginError(.invalidDescriptor, path: path, "the \(kind.rawValue) factory claims \(total) components (at most 1024)")
            }
            for index in 0..<total {
                guard let pointer = get(factory, index) else {
                    throw PluginError(
                        .invalidDescriptor, path: path, "the \(kind.rawValue) factory returns no descriptor at index \(index) of \(total)")
                }
                var component = try readDescriptor(pointer, what: .component(kind, index), into: &builder)
                if isDuplicate(id: component.first, among: found, in: builder, pluginID: pluginID, seen: &seen) {
                    throw PluginError(
                        .invalidDescriptor, path: path,
                        "duplicate id \"\(builder.string(component.first))\" (\(kind.rawValue) descriptor \(index))")
                }
                component.kind = kind
                found.append(component)
            }
        }
        try readSampleData(entry, into: &found, in: builder)
        let strings = builder.finish()
        return found.map { component in
            PluginInfo.Component(
                kind: component.kind,
                descriptor: Descriptor(
                    copy: strings, first: component.first, featureCount: component.featureCount, sampleData: component.sampleData))
        }
    }

    /// One descriptor read into a `DescriptorStrings.Builder`: where its strings start and how many
    /// features it has (see `Descriptor.init(copy:first:featureCount:)`).
    struct Found {
        var first: Int
        var featureCount: Int
        var kind = ComponentKind.viewLoader
        var sampleData: String? = nil
    }

    /// Whether the id at `id` equals the plugin's or one already found, then remembers it. Ids share
    /// their reverse-DNS prefix: comparing lengths first skips most byte comparisons. Plugins have a
    /// handful of components; past 64, the ids seen are kept in a set, built once.
    private func isDuplicate(
        id: Int, among found: [Found], in builder: borrowing DescriptorStrings.Builder, pluginID: String, seen: inout Set<String>?
    ) -> Bool {
        let bytes = builder.bytes(id)
        var plugin = pluginID
        let matchesPlugin = plugin.withUTF8 { $0.count == bytes.count && memcmp($0.baseAddress!, bytes.baseAddress!, bytes.count) == 0 }
        if matchesPlugin { return true }
        if seen == nil && found.count < 64 { return found.contains { builder.equal($0.first, id) } }
        if seen == nil { seen = Set(found.map { builder.string($0.first) }) }
        return !seen!.insert(builder.string(id)).inserted
    }

    /// Each component's sample data from the plugin's "pop.factory.sample-data/1" (ext/sample_data.h),
    /// when it offers that factory: its text, checked for length and UTF-8 only.
    private func readSampleData(
        _ entry: UnsafePointer<pop_plugin_entry_t>, into found: inout [Found], in builder: borrowing DescriptorStrings.Builder
    ) throws(PluginError) {
        guard let raw = entry.pointee.get_factory(POP_FACTORY_SAMPLE_DATA) else { return }
        let what = "the sample-data factory"
        _ = try checkHeader(raw, what: what, minimumSize: MemoryLayout<pop_sample_data_factory_t>.size)
        let factory = raw.assumingMemoryBound(to: pop_sample_data_factory_t.self)
        guard let get = factory.pointee.get else { throw PluginError(.structTooSmall, path: path, "\(what) lacks get") }
        for index in found.indices {
            let id = found[index].first
            guard let text = get(factory, builder.cString(id)) else { continue }
            let limit = Int(POP_SAMPLE_DATA_MAX_BYTES)
            guard strnlen(text, limit + 1) <= limit else {
                throw PluginError(.invalidDescriptor, path: path, "the sample data of \(builder.string(id)) is longer than \(limit) bytes")
            }
            guard let json = String(validatingCString: text) else {
                throw PluginError(.invalidDescriptor, path: path, "the sample data of \(builder.string(id)) is not valid UTF-8")
            }
            // Parsed where it is used: a malformed sample is `pophost test`'s to report.
            found[index].sampleData = json
        }
    }

    /// Validates one descriptor and copies its strings into `builder`, in `Descriptor`'s order (id,
    /// name, vendor, version, description, features). The copy is what is checked, so what was
    /// checked is what is kept.
    func readDescriptor(
        _ pointer: UnsafePointer<pop_descriptor_t>, what site: Site, into builder: inout DescriptorStrings.Builder
    ) throws(PluginError) -> Found {
        _ = try checkHeader(pointer, what: site.description, minimumSize: MemoryLayout<pop_descriptor_t>.size)
        let raw = pointer.pointee
        guard raw.id != nil else { throw PluginError(.invalidDescriptor, path: path, "\(site) has no id") }
        let id = try append(raw.id, to: &builder, field: "id", of: site, id: nil)
        let idBytes = builder.bytes(id)
        guard !idBytes.isEmpty else { throw PluginError(.invalidDescriptor, path: path, "\(site) has no id") }
        // A reverse-DNS id is ASCII, so UTF-8 needs checking only to say which problem it has.
        guard Descriptor.isReverseDNS(bytes: idBytes) else {
            guard UTF8Validation.firstInvalidByte(in: idBytes) == nil else {
                throw PluginError(.invalidDescriptor, path: path, "\(site) has an id that is not valid UTF-8")
            }
            throw PluginError(
                .invalidDescriptor, path: path,
                "\(site) has id \"\(builder.string(id))\", which is not reverse-DNS (like com.example.popup)")
        }
        guard raw.name != nil else { throw PluginError(.invalidDescriptor, path: path, "\(site) (\(builder.string(id))) has no name") }
        let name = try append(raw.name, to: &builder, field: "name", of: site, id: id)
        _ = try append(raw.vendor, to: &builder, field: "vendor", of: site, id: id)
        _ = try append(raw.version, to: &builder, field: "version", of: site, id: id)
        _ = try append(raw.description, to: &builder, field: "description", of: site, id: id)
        let owner = { (builder: borrowing DescriptorStrings.Builder) in "\(site) (\(builder.string(id)))" }
        var featureCount = 0
        if let list = raw.features {
            while let feature = list[featureCount] {
                guard featureCount < Int(POP_DESCRIPTOR_MAX_FEATURES) else {
                    throw PluginError(
                        .invalidDescriptor, path: path, "\(owner(builder)) has more than \(POP_DESCRIPTOR_MAX_FEATURES) features")
                }
                _ = try append(feature, to: &builder, field: "features[\(featureCount)]", of: site, id: id)
                featureCount += 1
            }
        }
        // One UTF-8 pass over all its other strings (the NULs between them are ASCII); the fields
        // are looked at one by one only to name a bad one.
        let fields = name..<name + 4 + featureCount
        if UTF8Validation.firstInvalidByte(in: builder.bytes(fields)) != nil {
            let names = ["name", "vendor", "version", "description"]
            let bad = fields.first { UTF8Validation.firstInvalidByte(in: builder.bytes($0)) != nil }!
            let field = bad - name < 4 ? names[bad - name] : "features[\(bad - name - 4)]"
            throw PluginError(.invalidDescriptor, path: path, "\(owner(builder)) has a \(field) that is not valid UTF-8")
        }
        guard !builder.bytes(name).isEmpty else { throw PluginError(.invalidDescriptor, path: path, "\(owner(builder)) has no name") }
        for feature in name + 4..<name + 4 + featureCount where (name + 4..<feature).contains(where: { builder.equal($0, feature) }) {
            throw PluginError(.invalidDescriptor, path: path, "\(owner(builder)) lists the feature \"\(builder.string(feature))\" twice")
        }
        return Found(first: id, featureCount: featureCount)
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

    /// Copies a C string (NULL: an empty one) into `builder` after checking its length; returns its
    /// index. `site` and the index of the descriptor's `id`, once read, name it in an error.
    private func append(
        _ pointer: UnsafePointer<CChar>?, to builder: inout DescriptorStrings.Builder, field: @autoclosure () -> String,
        of site: Site, id: Int?
    ) throws(PluginError) -> Int {
        let limit = Int(POP_DESCRIPTOR_MAX_STRING)
        let length = pointer.map { strnlen($0, limit + 1) } ?? 0
        guard length <= limit else {
            let owner = id.map { "\(site) (\(builder.string($0)))" } ?? site.description
            let name = field()
            throw PluginError(
                .invalidDescriptor, path: path, "\(owner) has \(name == "id" ? "an" : "a") \(name) longer than \(limit) bytes")
        }
        return builder.append(pointer, length: length)
    }
}
