import Glibc
import PluginABI
import PopModel
import Synchronization
import Testing

@testable import PopLoader

/// C descriptors built in this process, read as the loader reads a plugin's: their strings copied
/// into one `DescriptorStrings`, checked there, and made into `String`s only when read.
@Suite struct DescriptorReadingTests {
    /// C strings and descriptor structs kept alive for one test.
    final class CDescriptors {
        private var strings: [UnsafeMutablePointer<CChar>] = []
        private var lists: [UnsafeMutablePointer<UnsafePointer<CChar>?>] = []
        private(set) var descriptors: [UnsafeMutablePointer<pop_descriptor_t>] = []

        deinit {
            for string in strings { free(string) }
            for list in lists { list.deallocate() }
            for descriptor in descriptors { descriptor.deallocate() }
        }

        /// A C copy of `bytes` (which may be invalid UTF-8).
        func cString(_ bytes: [UInt8]) -> UnsafePointer<CChar> {
            let copy = malloc(bytes.count + 1)!.assumingMemoryBound(to: CChar.self)
            for (index, byte) in bytes.enumerated() { copy[index] = CChar(bitPattern: byte) }
            copy[bytes.count] = 0
            strings.append(copy)
            return UnsafePointer(copy)
        }

        func cString(_ text: String?) -> UnsafePointer<CChar>? { text.map { cString(Array($0.utf8)) } }

        @discardableResult
        func add(
            id: [UInt8]?, name: [UInt8]?, vendor: String? = nil, version: String? = nil, description: [UInt8]? = nil,
            features: [[UInt8]]? = nil
        ) -> UnsafePointer<pop_descriptor_t> {
            var raw = pop_descriptor_t()
            raw.abi_version = pop_version_t(major: 1, minor: 1, patch: 0)
            raw.struct_size = UInt32(MemoryLayout<pop_descriptor_t>.size)
            raw.id = id.map(cString)
            raw.name = name.map(cString)
            raw.vendor = cString(vendor)
            raw.version = cString(version)
            raw.description = description.map(cString)
            if let features {
                let list = UnsafeMutablePointer<UnsafePointer<CChar>?>.allocate(capacity: features.count + 1)
                for (index, feature) in features.enumerated() { list[index] = cString(feature) }
                list[features.count] = nil
                lists.append(list)
                raw.features = UnsafePointer(list)
            }
            let descriptor = UnsafeMutablePointer<pop_descriptor_t>.allocate(capacity: 1)
            descriptor.initialize(to: raw)
            descriptors.append(descriptor)
            return UnsafePointer(descriptor)
        }
    }

    /// Reads `pointers` into one small builder (so that it grows), as a plugin's components.
    private func read(_ pointers: [UnsafePointer<pop_descriptor_t>]) throws(PluginError) -> [Descriptor] {
        let reader = ABIReader(path: "/plugins/test.so")
        var builder = DescriptorStrings.Builder(bytes: 16, strings: 2)
        var found: [ABIReader.Found] = []
        for (index, pointer) in pointers.enumerated() {
            found.append(try reader.readDescriptor(pointer, what: .component(.handler, UInt32(index)), into: &builder))
        }
        let strings = builder.finish()
        return found.map { Descriptor(copy: strings, first: $0.first, featureCount: $0.featureCount, sampleData: nil) }
    }

    private func readError(_ pointer: UnsafePointer<pop_descriptor_t>) -> String? {
        do {
            _ = try read([pointer])
            return nil
        } catch {
            return error.cause
        }
    }

    @Test("a read descriptor equals, hashes and encodes like the same descriptor made in Swift")
    func sameAsSwift() throws {
        let c = CDescriptors()
        let pointer = c.add(
            id: Array("com.example.pay".utf8), name: Array("Pay — 支付".utf8), vendor: "Example", version: "1.4.2",
            description: Array("Asks for the password.".utf8), features: [Array("alert".utf8), Array("secure-input".utf8)])
        let read = try #require(try read([pointer]).first)
        let swift = Descriptor(
            id: "com.example.pay", name: "Pay — 支付", vendor: "Example", version: "1.4.2", description: "Asks for the password.",
            features: ["alert", "secure-input"])
        #expect(read == swift)
        #expect(read.hashValue == swift.hashValue)
        #expect(try ValueEncoder().encode(read).json == ValueEncoder().encode(swift).json)
        let decoded = try ValueDecoder().decode(Descriptor.self, json: Array(try ValueEncoder().encode(read).json.utf8))
        #expect(decoded == swift)
    }

    @Test("NULL optional strings read as empty; a changed field leaves the others as they were")
    func optionalsAndSetters() throws {
        let c = CDescriptors()
        var read = try #require(try read([c.add(id: Array("com.example.a".utf8), name: Array("A".utf8))]).first)
        #expect(read.vendor.isEmpty && read.version.isEmpty && read.description.isEmpty && read.features.isEmpty)
        read.name = "Renamed"
        read.features.append("x")
        #expect(read == Descriptor(id: "com.example.a", name: "Renamed", features: ["x"]))
    }

    @Test("two hundred descriptors grow the buffer and keep every string in place")
    func growth() throws {
        let c = CDescriptors()
        let pointers = (0..<200).map { index in
            c.add(
                id: Array("com.example.component\(index)".utf8), name: Array("Component \(index)".utf8), vendor: "Example",
                description: Array(String(repeating: "\(index % 10)", count: 100).utf8),
                features: (0..<(index % 4)).map { Array("feature-\($0)".utf8) })
        }
        let descriptors = try read(pointers)
        for (index, descriptor) in descriptors.enumerated() {
            #expect(descriptor.id == "com.example.component\(index)")
            #expect(descriptor.name == "Component \(index)")
            #expect(descriptor.description == String(repeating: "\(index % 10)", count: 100))
            #expect(descriptor.features == (0..<(index % 4)).map { "feature-\($0)" })
        }
    }

    @Test(
        "each bad field is named",
        arguments: [
            (field: "id", bytes: [0x63, 0x6F, 0x6D, 0x2E, 0xFF], expected: "has an id that is not valid UTF-8"),
            (field: "id", bytes: Array("com..example".utf8), expected: "which is not reverse-DNS"),
            (field: "name", bytes: [], expected: "(com.example.a) has no name"),
            (field: "name", bytes: [0x41, 0xC3], expected: "(com.example.a) has a name that is not valid UTF-8"),
            (field: "name", bytes: Array(repeating: 0x41, count: 1025), expected: "has a name longer than 1024 bytes"),
            (field: "description", bytes: [0xED, 0xA0, 0x80], expected: "has a description that is not valid UTF-8"),
            (field: "features", bytes: [0x41, 0xFF], expected: "has a features[1] that is not valid UTF-8"),
            (field: "duplicate feature", bytes: [], expected: "lists the feature \"a\" twice"),
            (field: "many features", bytes: [], expected: "has more than 64 features"),
        ] as [(field: String, bytes: [UInt8], expected: String)])
    func badField(field: String, bytes: [UInt8], expected: String) throws {
        let c = CDescriptors()
        let id = Array("com.example.a".utf8), name = Array("A".utf8)
        let pointer =
            switch field {
            case "id": c.add(id: bytes, name: name)
            case "name": c.add(id: id, name: bytes)
            case "description": c.add(id: id, name: name, description: bytes)
            case "features": c.add(id: id, name: name, features: [Array("ok".utf8), bytes])
            case "duplicate feature": c.add(id: id, name: name, features: [[0x61], [0x62], [0x61]])
            default: c.add(id: id, name: name, features: (0...64).map { Array("f\($0)".utf8) })
            }
        let message = try #require(readError(pointer))
        #expect(message.contains(expected), "\(message)")
        #expect(message.hasPrefix("handler descriptor 0"), "\(message)")
    }

    /// A handler factory over `ManyComponents.current`'s descriptors, for `readComponents`.
    final class ManyComponents: @unchecked Sendable {
        nonisolated(unsafe) static var current: [UnsafePointer<pop_descriptor_t>] = []
        static let lock = Mutex(())
        nonisolated(unsafe) static let factory: UnsafeMutablePointer<pop_component_factory_t> = {
            let factory = UnsafeMutablePointer<pop_component_factory_t>.allocate(capacity: 1)
            factory.initialize(
                to: pop_component_factory_t(
                    abi_version: pop_version_t(major: 1, minor: 1, patch: 0),
                    struct_size: UInt32(MemoryLayout<pop_component_factory_t>.size),
                    count: { _ in UInt32(ManyComponents.current.count) },
                    get_descriptor: { _, index in Int(index) < ManyComponents.current.count ? ManyComponents.current[Int(index)] : nil },
                    create: { _, _, _ in nil }))
            return factory
        }()

        /// Reads `descriptors` as the handlers of a plugin whose own id is `pluginID`.
        static func read(_ descriptors: [UnsafePointer<pop_descriptor_t>], pluginID: String) throws(PluginError) -> [PluginInfo.Component] {
            try lock.withLock { (_) throws(PluginError) in try readLocked(descriptors, pluginID: pluginID) }
        }

        private static func readLocked(
            _ descriptors: [UnsafePointer<pop_descriptor_t>], pluginID: String
        ) throws(PluginError)
            -> [PluginInfo.Component]
        {
            current = descriptors
            var entry = pop_plugin_entry_t()
            entry.get_factory = { id in
                guard let id, strcmp(id, POP_FACTORY_HANDLER) == 0 else { return nil }
                return UnsafeRawPointer(ManyComponents.factory)
            }
            return try withUnsafePointer(to: entry) { (pointer) throws(PluginError) in
                try ABIReader(path: "/plugins/many.so").readComponents(pointer, pluginID: pluginID)
            }
        }
    }

    @Test("duplicate ids are found among a handful and among hundreds (hashed past 64), and against the plugin's own id")
    func duplicateIDs() throws {
        let c = CDescriptors()
        let many = (0..<300).map { c.add(id: Array("com.example.c\($0)".utf8), name: Array("C".utf8)) }
        #expect(try ManyComponents.read(many, pluginID: "com.example").count == 300)
        for duplicateAt in [5, 250] {
            let withDuplicate = Array(many[..<duplicateAt]) + [c.add(id: Array("com.example.c3".utf8), name: Array("C".utf8))]
            let failure = #expect(throws: PluginError.self) { try ManyComponents.read(withDuplicate, pluginID: "com.example") }
            #expect(
                failure?.cause == "duplicate id \"com.example.c3\" (handler descriptor \(duplicateAt))", "\(String(describing: failure))")
        }
        let pluginsOwn = #expect(throws: PluginError.self) { try ManyComponents.read(Array(many[..<3]), pluginID: "com.example.c1") }
        #expect(pluginsOwn?.cause.hasPrefix("duplicate id \"com.example.c1\"") == true)
    }
}
