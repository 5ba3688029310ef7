import PluginABI
import PopBridge
import PopLoader
import PopModel

#if canImport(Glibc)
import Glibc
#endif

/// The library as a file and as an entry point: loading, exports, versions, `init` and factories.
enum LibraryChecks {
    static let all = [
        loads, exportsOnlyEntry, abiCompatible, structSizes, initIdempotent, initFast, initSilent,
        unknownFactory, trailingGarbage, singleSwiftRuntime, runpathPortable,
    ]

    /// The gate: what the registry's scanner does to a file, so a plugin the registry rejects fails
    /// here, and the tests that need it loaded are skipped (`HarnessRunner`).
    static let loads = ConformanceTest(
        "library.loads", level: 1,
        "loads as the registry loads it: RTLD_NOW | RTLD_LOCAL, a valid entry, versions and sizes, init succeeds, every factory and descriptor reads",
        needsLoading: false
    ) { context throws(TestIssue) in
        let path = context.pluginPath
        do throws(PluginError) {
            let loaded = try context.watchdog.within("opening the library and calling \(POP_PLUGIN_ENTRY_SYMBOL)") {
                () throws(PluginError) in
                try PluginLoader.load(path: path)
            }
            _ = try context.watchdog.within("init, reading the factories and deinit") { () throws(PluginError) in try loaded.describe() }
        } catch {
            throw .failed("\(error.category.rawValue): \(error.cause) (the registry rejects it the same way)")
        }
    }

    static let exportsOnlyEntry = ConformanceTest(
        "library.exports-only-entry", level: 2, "its dynamic symbol table exports pop_plugin_entry_v1 and nothing else", needsLoading: false
    ) { context throws(TestIssue) in
        let info: ELFDynamicInfo
        do throws(PluginError) { info = try ELFDynamicInfo.read(path: context.pluginPath) } catch { throw .failed(error.cause) }
        guard info.exportedSymbols.contains(POP_PLUGIN_ENTRY_SYMBOL) else {
            throw .failed("does not export \(POP_PLUGIN_ENTRY_SYMBOL)")
        }
        let others = info.exportedSymbols.filter { $0 != POP_PLUGIN_ENTRY_SYMBOL }
        guard others.isEmpty else {
            let shown = others.prefix(8).joined(separator: ", ") + (others.count > 8 ? ", …" : "")
            throw .failed(
                "exports \(others.count) symbol\(others.count == 1 ? "" : "s") besides \(POP_PLUGIN_ENTRY_SYMBOL): \(shown) (they can clash with other plugins; \(exportAdvice(others)))"
            )
        }
    }

    /// What to do about exports beyond the entry, by their kind: a Rust crate that is not a cdylib;
    /// C++'s standard-library templates and Swift's metadata, which stay exported under
    /// -fvisibility=hidden, so only a version script hides them; a C++ plugin's own symbols.
    static func exportAdvice(_ symbols: [String]) -> String {
        if symbols.contains(where: isRustSymbol) {
            return "Rust symbols: build the crate as crate-type = [\"cdylib\"], which exports only its #[no_mangle] items"
        }
        if symbols.contains(where: { symbol in standardLibraryPrefixes.contains { symbol.hasPrefix($0) } }) {
            return
                "C++ symbols: the standard library's templates keep default visibility under -fvisibility=hidden, so link with a version script (entry.h; docs/plugin-abi.md, \"C++ plugins\")"
        }
        if symbols.contains(where: { $0.hasPrefix("_Z") }) {
            return
                "C++ symbols: compile with -fvisibility=hidden and link with a version script (entry.h; docs/plugin-abi.md, \"C++ plugins\")"
        }
        if symbols.contains(where: { $0.hasPrefix("$s") }) {
            return "Swift symbols: link with -Xlinker --version-script=FILE (entry.h)"
        }
        return "link with a version script, see entry.h"
    }

    /// Itanium-mangled names in namespace `std` (functions, const members, the `std::string` and
    /// `std::allocator` abbreviations, type info and names, vtables, guard variables).
    private static let standardLibraryPrefixes = [
        "_ZNSt", "_ZNKSt", "_ZSt", "_ZNSs", "_ZNKSs", "_ZNSa", "_ZTISt", "_ZTSSt", "_ZTINSt", "_ZTSNSt", "_ZTVNSt", "_ZGVZNSt",
    ]

    /// Rust's v0 mangling (`_R…`), or its legacy one: an Itanium-style `_ZN…` name that ends in a
    /// hash path segment, `17h` and sixteen hex digits, then `E`.
    private static func isRustSymbol(_ symbol: String) -> Bool {
        if symbol.hasPrefix("_R") { return true }
        guard symbol.hasPrefix("_ZN"), symbol.hasSuffix("E"), symbol.utf8.count > 23 else { return false }
        let hash = symbol.dropLast().suffix(19)
        return hash.hasPrefix("17h") && hash.dropFirst(3).allSatisfy(\.isHexDigit)
    }

    static let abiCompatible = ConformanceTest(
        "library.abi-compatible", level: 1,
        "the entry and plugin descriptor are for this host's ABI major (any minor: version.h's growth rule)"
    ) { context throws(TestIssue) in
        let entry = try loadedFile(context).entry
        var problems: [String] = []
        problems += versionProblem(entry.pointee.abi_version, "the entry struct")
        if let plugin = entry.pointee.plugin { problems += versionProblem(plugin.pointee.abi_version, "the plugin descriptor") }
        try TestIssue.check(problems)
    }

    static let structSizes = ConformanceTest(
        "library.struct-sizes", level: 2, "every struct it hands over gives a struct_size at least its ABI size and below 64 KiB"
    ) { context throws(TestIssue) in
        let entry = try loadedFile(context).entry
        var problems = sizeProblem(entry.pointee.struct_size, minimum: MemoryLayout<pop_plugin_entry_t>.size, "the entry struct")
        if let plugin = entry.pointee.plugin {
            problems += sizeProblem(plugin.pointee.struct_size, minimum: MemoryLayout<pop_descriptor_t>.size, "the plugin descriptor")
        }
        try TestIssue.check(problems)
        let plugin = try context.loadedPlugin()
        try plugin.initialized { () throws(TestIssue) in
            for kind in ComponentKind.allCases {
                guard let factory = plugin.factory(kind) else { continue }
                problems += sizeProblem(
                    factory.pointee.struct_size, minimum: MemoryLayout<pop_component_factory_t>.size, "the \(kind.rawValue) factory")
                for id in plugin.ids(of: kind) {
                    if let descriptor = plugin.descriptor(kind, id) {
                        problems += sizeProblem(
                            descriptor.pointee.struct_size, minimum: MemoryLayout<pop_descriptor_t>.size, "the descriptor of \(id)")
                    }
                    let instance = try plugin.create(kind, id)
                    problems += sizeProblem(instance.pointee.struct_size, minimum: kind.minimumStructSize, "an instance of \(id)")
                    problems += extensionSizeProblems(instance, kind: kind, id, plugin: plugin)
                    plugin.destroy(instance)
                }
            }
        }
        try TestIssue.check(problems)
    }

    static let initIdempotent = ConformanceTest(
        "library.init-idempotent", level: 3, "init, init, deinit, deinit works, and the components stay the same throughout"
    ) { context throws(TestIssue) in
        let plugin = try context.loadedPlugin()
        let loaded = plugin.loaded
        do throws(PluginError) {
            try context.watchdog.within("the first init") { () throws(PluginError) in try loaded.initialize() }
        } catch { throw .failed("the first init returned false") }
        do throws(PluginError) {
            try context.watchdog.within("the second init") { () throws(PluginError) in try loaded.initialize() }
        } catch {
            context.watchdog.within("deinit") { loaded.deinitialize() }
            throw .failed("a second init (without deinit in between) returned false: init must be callable again, balanced by deinit")
        }
        var problems: [String] = []
        for step in ["after two inits", "after one deinit"] {
            do throws(PluginError) {
                let components = try context.watchdog.within("reading the components") { () throws(PluginError) in try loaded.components() }
                if components != plugin.components { problems.append("the components \(step) differ from those after a single init") }
            } catch {
                problems.append("the components cannot be read \(step): \(error.cause)")
            }
            if step == "after two inits" { context.watchdog.within("deinit") { loaded.deinitialize() } }
        }
        context.watchdog.within("the last deinit") { loaded.deinitialize() }
        try TestIssue.check(problems)
    }

    static let initFast = ConformanceTest(
        "library.init-fast", level: 4, "init returns within 100 ms (a warning above)"
    ) { context throws(TestIssue) in
        let loaded = try loadedFile(context)
        let start = ContinuousClock.now
        do throws(PluginError) {
            try context.watchdog.within("init", seconds: 5) { () throws(PluginError) in try loaded.initialize() }
        } catch { throw .skipped("init returned false; see library.init-idempotent") }
        let milliseconds = (ContinuousClock.now - start).seconds * 1000
        context.watchdog.within("deinit") { loaded.deinitialize() }
        if milliseconds > 100 {
            context.warn("init took \(Int(milliseconds)) ms (more than 100 ms delays every host that loads the plugin; do the work lazily)")
        }
    }

    static let initSilent = ConformanceTest(
        "library.init-silent", level: 3, "init and deinit write nothing to standard output or standard error"
    ) { context throws(TestIssue) in
        let loaded = try loadedFile(context)
        let (succeeded, output) = try OutputCapture.capturing { () throws(TestIssue) -> Bool in
            let succeeded = context.watchdog.within("init") { () -> Bool in
                do { try loaded.initialize(); return true } catch { return false }
            }
            if succeeded { context.watchdog.within("deinit") { loaded.deinitialize() } }
            return succeeded
        }
        if !output.isEmpty {
            let text = String(decoding: output.prefix(120), as: UTF8.self).unicodeScalars.map { $0 == "\n" ? "\\n" : String($0) }.joined()
            throw .failed(
                "init and deinit wrote \(output.count) byte\(output.count == 1 ? "" : "s") to stdout/stderr: \"\(text)\" (report through the pop.log/1 host extension instead)"
            )
        }
        if !succeeded { throw .skipped("init returned false; see library.init-idempotent") }
    }

    static let unknownFactory = ConformanceTest(
        "library.unknown-factory-null", level: 2, "get_factory returns NULL for factory ids it does not know"
    ) { context throws(TestIssue) in
        let ids = [
            "pop.factory.unknown/1", "", "pop.factory.handler/2", "POP.FACTORY.HANDLER/1", "pop.factory.handler/0", "com.example.factory",
        ]
        try initialized(context) { entry throws(TestIssue) in
            try TestIssue.check(
                ids.compactMap { id in
                    let factory = context.watchdog.within("get_factory(\"\(id)\")") { id.withCString { entry.get_factory($0) } }
                    return factory == nil ? nil : "get_factory(\"\(id)\") returned a factory instead of NULL"
                })
        }
    }

    static let trailingGarbage = ConformanceTest(
        "library.factory-id-trailing-garbage", level: 3, "get_factory returns NULL for a known id with characters added or cut off"
    ) { context throws(TestIssue) in
        try initialized(context) { entry throws(TestIssue) in
            var problems: [String] = []
            for kind in ComponentKind.allCases {
                let id = kind.factoryID
                for variant in [id + "x", id + " ", id + "/1", id + "\u{1}", String(id.dropLast()), String(id.dropLast(2))] {
                    let factory = context.watchdog.within("get_factory") { variant.withCString { entry.get_factory($0) } }
                    if factory != nil {
                        problems.append("get_factory(\(variant.debugDescription)) returned a factory (compare ids exactly, with strcmp)")
                    }
                }
            }
            try TestIssue.check(problems)
        }
    }

    static let singleSwiftRuntime = ConformanceTest(
        "library.single-swift-runtime", level: 4, "loading it brings no second copy of the Swift runtime into the process"
    ) { context throws(TestIssue) in
        let plugin = try context.loadedPlugin()
        try plugin.initialized { () throws(TestIssue) in
            let runtimes = MappedFiles.current().filter { FilePaths.lastComponent($0).hasPrefix("libswiftCore.so") }
            if runtimes.count > 1 {
                throw .failed(
                    "the process maps \(runtimes.count) Swift runtimes: \(runtimes.joined(separator: ", ")) (link the plugin against the system's shared Swift runtime, never --static-swift-stdlib)"
                )
            }
        }
    }

    static let runpathPortable = ConformanceTest(
        "library.runpath-portable", level: 5, "its RUNPATH names no absolute build-machine directory (a warning)", needsLoading: false
    ) { context throws(TestIssue) in
        let info: ELFDynamicInfo
        do throws(PluginError) { info = try ELFDynamicInfo.read(path: context.pluginPath) } catch { throw .failed(error.cause) }
        for (name, entries) in [("RUNPATH", info.runpath), ("RPATH", info.rpath)] {
            for directory in entries where directory.hasPrefix("/") {
                context.warn(
                    "\(name) has the absolute directory \(directory): on another machine it is missing or another version (use $ORIGIN-relative paths; Swift: link with -no-toolchain-stdlib-rpath)"
                )
            }
        }
    }

    // MARK: Helpers

    /// The plugin opened (entry and descriptor validated) but not initialised, for the tests that
    /// time or watch its first `init`.
    private static func loadedFile(_ context: HarnessContext) throws(TestIssue) -> LoadedPlugin {
        let path = context.pluginPath
        do throws(PluginError) {
            return try context.watchdog.within("loading the library") { () throws(PluginError) in try PluginLoader.load(path: path) }
        } catch {
            throw .skipped("the plugin does not load (\(error.category.rawValue)); see library.loads")
        }
    }

    /// Runs `body` with the plugin's entry between an `init` and its `deinit`, without reading its
    /// components (a test of the entry alone does not depend on them).
    private static func initialized(_ context: HarnessContext, _ body: (pop_plugin_entry_t) throws(TestIssue) -> Void) throws(TestIssue) {
        let loaded = try loadedFile(context)
        do throws(PluginError) {
            try context.watchdog.within("init") { () throws(PluginError) in try loaded.initialize() }
        } catch { throw .skipped("init returned false; see library.init-idempotent") }
        defer { context.watchdog.within("deinit") { loaded.deinitialize() } }
        try body(loaded.entry.pointee)
    }

    private static func versionProblem(_ raw: pop_version_t, _ what: String) -> [String] {
        let version = ABIVersion(raw), host = ABIVersion.host
        if !version.isReadable {
            return [
                "\(what) is for ABI \(version); this host implements ABI \(host) (another major version: rebuild against the \(host.major).x headers)"
            ]
        }
        return []
    }

    /// The struct_size problems of the extension tables `instance` offers.
    private static func extensionSizeProblems(
        _ instance: UnsafePointer<pop_component_t>, kind: ComponentKind, _ id: String, plugin: PluginUnderTest
    ) -> [String] {
        guard let getExtension = instance.pointee.get_extension else { return [] }
        return ComponentExtensions.known(for: kind).flatMap { table -> [String] in
            guard
                let raw = plugin.watchdog.within(
                    "get_extension(\"\(table.id)\") of \(id)", { table.id.withCString { getExtension(instance, $0) } })
            else { return [] }
            let size = UInt32(StructHeader(raw).size)
            let problems = sizeProblem(size, minimum: table.minimumSize, "the \"\(table.id)\" extension table of \(id)")
            // The host refuses a table too small to hold what it reads; a huge size is only odd.
            guard Int(size) < table.minimumSize else { return problems }
            return problems.map { $0 + " (the host refuses to make \(id): set the table's struct_size to sizeof its type)" }
        }
    }

    private static func sizeProblem(_ size: UInt32, minimum: Int, _ what: String) -> [String] {
        if Int(size) < minimum { return ["\(what) has struct_size \(size), below the \(minimum) bytes of its ABI struct"] }
        if size > 65536 { return ["\(what) has struct_size \(size), more than 64 KiB: not a size"] }
        return []
    }
}
