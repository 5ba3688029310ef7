import CFFI
import PluginABI

/// Component instances on their own: creating, destroying, and their extensions.
enum InstanceChecks {
    static let all = [noGrowth, destroyWithoutShow, unknownExtension]

    /// Heap growth per create/destroy cycle above which an instance is taken to leak.
    static let leakBytesPerCycle = 32

    static let noGrowth = ConformanceTest(
        "component.create-destroy-no-growth", level: 4,
        "creating and destroying each component 100 times, twice (at strictness 5), does not grow the heap in both rounds"
    ) { context throws(TestIssue) in
        let plugin = try context.loadedPlugin()
        let cycles = context.repetitions(100)
        var problems: [String] = []
        try plugin.initialized { () throws(TestIssue) in
            for component in plugin.components {
                let kind = component.kind, id = component.descriptor.id
                // Two rounds, each measured: a leak grows the heap in both, while caches that the
                // plugin or the host set up on first use grow it in the first only.
                var growth = Int.max
                for _ in 0..<2 {
                    let before = pop_heap_bytes_in_use()
                    for _ in 0..<cycles { plugin.destroy(try plugin.create(kind, id)) }
                    let after = pop_heap_bytes_in_use()
                    growth = min(growth, after > before ? Int(after - before) : 0)
                }
                if growth > leakBytesPerCycle * cycles {
                    problems.append(
                        "\(id): the heap grew by \(growth) bytes over \(cycles) create/destroy cycles (\(growth / cycles) bytes each): destroy must free what create allocated"
                    )
                }
            }
        }
        try TestIssue.check(problems)
    }

    static let destroyWithoutShow = ConformanceTest(
        "component.destroy-without-show", level: 1,
        "instances that were never shown can be destroyed, several alive at once and in any order"
    ) { context throws(TestIssue) in
        let plugin = try context.loadedPlugin()
        try plugin.initialized { () throws(TestIssue) in
            var instances: [UnsafePointer<pop_component_t>] = []
            for component in plugin.components {
                for _ in 0..<3 { instances.append(try plugin.create(component.kind, component.descriptor.id)) }
            }
            for instance in instances.shuffled(using: &context.random) { plugin.destroy(instance) }
        }
    }

    static let unknownExtension = ConformanceTest(
        "component.unknown-extension-null", level: 2,
        "a component's get_extension returns NULL for extension ids it does not know"
    ) { context throws(TestIssue) in
        let plugin = try context.loadedPlugin()
        var problems: [String] = []
        try plugin.initialized { () throws(TestIssue) in
            for component in plugin.components {
                let instance = try plugin.create(component.kind, component.descriptor.id)
                if let getExtension = instance.pointee.get_extension {
                    for id in ExtensionIDs.unknown where id.withCString({ getExtension(instance, $0) }) != nil {
                        problems.append(
                            "\(component.descriptor.id).get_extension(\(id.debugDescription)) returned an extension instead of NULL")
                    }
                }
                plugin.destroy(instance)
            }
        }
        try TestIssue.check(problems)
    }
}
