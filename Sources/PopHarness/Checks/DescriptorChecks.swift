import PluginABI
import PopLoader
import PopModel

/// Descriptors, factories and the pointers they hand out.
enum DescriptorChecks {
    static let all = [fields, consistency, pointersStable]

    static let fields = ConformanceTest(
        "component.descriptor-fields", level: 1,
        "every descriptor has a reverse-DNS id unique in the plugin, a name, valid UTF-8 within the limits and no duplicate feature; a version (a warning without)"
    ) { context throws(TestIssue) in
        let loaded: LoadedPlugin
        do throws(PluginError) { loaded = try PluginLoader.load(path: context.pluginPath) } catch {
            if error.category == .invalidDescriptor { throw .failed(error.cause) }
            throw .skipped("the plugin does not load (\(error.category.rawValue)); see library.loads")
        }
        let info: PluginInfo
        do throws(PluginError) {
            info = try context.watchdog.within("init and reading the descriptors") { () throws(PluginError) in try loaded.describe() }
        } catch {
            if error.category == .invalidDescriptor { throw .failed(error.cause) }
            throw .skipped("the plugin's components cannot be read (\(error.category.rawValue)): \(error.cause)")
        }
        for descriptor in [info.plugin] + info.components.map(\.descriptor) where descriptor.version.isEmpty {
            context.warn("\(descriptor.id) has no version (hosts and crash reports show it)")
        }
    }

    static let consistency = ConformanceTest(
        "component.descriptor-consistency", level: 2,
        "factories list the same descriptors on every call, NULL past the end, and each instance points at its factory's descriptor"
    ) { context throws(TestIssue) in
        let plugin = try context.loadedPlugin()
        var problems: [String] = []
        try plugin.initialized { () throws(TestIssue) in
            for kind in ComponentKind.allCases {
                guard let factory = plugin.factory(kind), let count = factory.pointee.count, let get = factory.pointee.get_descriptor else {
                    continue
                }
                let total = count(factory)
                if count(factory) != total { problems.append("the \(kind.rawValue) factory's count changes between calls") }
                if get(factory, total) != nil {
                    problems.append("the \(kind.rawValue) factory returns a descriptor at index \(total), past its count")
                }
                if get(factory, UInt32.max) != nil {
                    problems.append("the \(kind.rawValue) factory returns a descriptor at index 4294967295")
                }
                for id in plugin.ids(of: kind) {
                    guard let descriptor = plugin.descriptor(kind, id) else {
                        problems.append("the \(kind.rawValue) factory no longer lists \(id)")
                        continue
                    }
                    let instance = try plugin.create(kind, id)
                    let header = instance.pointee
                    if header.desc != descriptor {
                        let other = header.desc?.pointee.id.map { String(cString: $0) } ?? "NULL"
                        problems.append("an instance of \(id) points at another descriptor (\(other)) than its factory's")
                    }
                    if !ABIVersion(header.abi_version).isReadable {
                        problems.append("an instance of \(id) is for ABI \(ABIVersion(header.abi_version)), not \(ABIVersion.host)")
                    }
                    plugin.destroy(instance)
                }
            }
        }
        try TestIssue.check(problems)
    }

    static let pointersStable = ConformanceTest(
        "component.pointers-stable", level: 3,
        "the entry, factories, descriptors and extensions are the same pointers on every call"
    ) { context throws(TestIssue) in
        let plugin = try context.loadedPlugin()
        var problems: [String] = []
        try plugin.initialized { () throws(TestIssue) in
            if let symbol = plugin.loaded.entryFunction, unsafeBitCast(symbol, to: pop_plugin_entry_fn.self)() != plugin.loaded.entry {
                problems.append("\(POP_PLUGIN_ENTRY_SYMBOL)() returns another table on a second call")
            }
            for kind in ComponentKind.allCases {
                guard let factory = plugin.factory(kind) else { continue }
                if plugin.factory(kind) != factory {
                    problems.append("get_factory(\(kind.factoryID)) returns another pointer on a second call")
                }
                for id in plugin.ids(of: kind) where plugin.descriptor(kind, id) != plugin.descriptor(kind, id) {
                    problems.append("the descriptor of \(id) moves between calls")
                }
                for id in plugin.ids(of: kind) {
                    let instance = try plugin.create(kind, id)
                    if let getExtension = instance.pointee.get_extension {
                        for extensionID in ExtensionIDs.probed {
                            let first = extensionID.withCString { getExtension(instance, $0) }
                            let second = extensionID.withCString { getExtension(instance, $0) }
                            if first != second {
                                problems.append("\(id)'s extension \"\(extensionID)\" is another pointer on a second call")
                            }
                        }
                    }
                    plugin.destroy(instance)
                }
            }
        }
        try TestIssue.check(problems)
    }
}

/// Extension ids the harness asks components and the host about.
enum ExtensionIDs {
    /// Ids no component may answer: unknown, empty, a known extension's id with another revision,
    /// and with trailing characters, and a draft id that does not exist.
    static let unknown = [
        "pop.unknown/1", "", "pop.log/2", "pop.log/1x", "pop.animation/2", "pop.layout/1x", "pop.timer/2", "pop.sheet/2",
        "pop.sheet-host/2",
        "pop.draft.unknown/0", "com.example.nothing",
    ]
    /// Ids whose answer must be the same on every call (unknown ones answer NULL twice).
    static let probed =
        unknown + [POP_HOST_EXT_LOG, POP_HOST_EXT_VALUE, POP_HOST_EXT_TIMER, POP_EXT_LAYOUT, POP_EXT_ANIMATION, POP_EXT_SHEET]
    /// The host's extensions, which the harness withholds to see that plugins cope.
    static let host = [POP_HOST_EXT_LOG, POP_HOST_EXT_VALUE, POP_HOST_EXT_TIMER, POP_HOST_EXT_SHEET]
}
