import BenchLoadFloor
import Foundation
import HostRuntime
import PopLoader

#if canImport(Glibc)
import Glibc
#endif

/// A measuring child: loads every `*.so` of one directory in this fresh process and prints
/// `<elapsed nanoseconds> <files loaded>`. Only the loading loop is timed, not process start-up.
enum ChildMode: String, CaseIterable {
    /// What the host does in-process: `PluginLoader.load` (ELF check, dlopen, entry, plugin
    /// descriptor) and `describe()` (init, every component descriptor, deinit).
    case hostLoad = "host-load"
    /// The bare minimum: `dlopen`, `dlsym` of the entry, one call of it.
    case dlopenBaseline = "dlopen-baseline"
    /// The part of `hostLoad` that keeps a truncated file from `dlopen` (where it would raise
    /// SIGBUS): the ELF pre-check alone, open + fstat + one pread + close.
    case preCheck = "pre-check"
    /// What `hostLoad` does, written in C (Benchmarks/load-floor): the same checks, one allocation a
    /// plugin, no Swift values. How close to the baseline any loader with these guarantees comes.
    case cFloor = "c-floor"
    /// Warm cached discovery, in a process of its own so that callgrind can count it: the search path
    /// is the directory's subdirectories in name order (a sample's copies each), the cache the file
    /// `registry.cache` in it. A first discovery fills the cache when it is cold (with `pophost-scanner`
    /// beside this executable); then `warmDiscoveries` warm ones are timed, and the line gives the
    /// plugins found in all of them.
    case warmDiscovery = "warm-discovery"
    /// The isolation suite's action (`forgot`) made `IsolatedCalls.calls` times on the C sample in
    /// `directory` in a plugin host, so that callgrind can count both processes (`IsolatedCalls`).
    case isolatedAction = "isolated-action"
    /// As `isolatedAction`, with the suite's lifecycle call (`should_dismiss`).
    case isolatedLifecycle = "isolated-lifecycle"

    static let warmDiscoveries = 10
    /// The modes the loading suite times against each other (every one but those of other suites).
    static let coldLoads: [ChildMode] = [.hostLoad, .dlopenBaseline, .preCheck, .cFloor]

    /// Runs the child and returns its exit status.
    func run(directory: String) -> Int32 {
        do {
            if self == .warmDiscovery {
                let (found, elapsed) = try Self.discoverWarm(in: directory)
                print(elapsed, found)
                return 0
            }
            if self == .isolatedAction || self == .isolatedLifecycle {
                print(try IsolatedCalls.run(self, directory: directory), IsolatedCalls.calls)
                return 0
            }
            let paths = try Self.libraries(in: directory)
            let elapsed = try timed { () throws(BenchError) in try load(paths) }.nanoseconds
            print(elapsed, paths.count)
            return 0
        } catch {
            printToStandardError("pophost-bench --child \(rawValue): error: \(error)")
            return 1
        }
    }

    private func load(_ paths: [String]) throws(BenchError) {
        switch self {
        case .hostLoad:
            for path in paths {
                do {
                    let plugin = try PluginLoader.load(path: path)
                    _ = try plugin.describe()
                } catch {
                    throw BenchError("\(error) [\(error.category.rawValue)]")
                }
            }
        case .preCheck:
            for path in paths {
                do { try ELFCheck.validate(path: path) } catch { throw BenchError("\(error) [\(error.category.rawValue)]") }
            }
        case .cFloor:
            for path in paths {
                if let problem = pop_bench_floor_load(path) {
                    throw BenchError("\(path): the C floor loader refused it: \(String(cString: problem))")
                }
            }
        case .warmDiscovery, .isolatedAction, .isolatedLifecycle:
            break  // `run` times discoveries or calls instead
        case .dlopenBaseline:
            typealias Entry = @convention(c) () -> UnsafeRawPointer?
            for path in paths {
                guard let handle = dlopen(path, RTLD_NOW | RTLD_LOCAL | RTLD_NODELETE) else {
                    throw BenchError("dlopen failed: \(dlerror().map { String(cString: $0) } ?? path)")
                }
                guard let symbol = dlsym(handle, "pop_plugin_entry_v1") else {
                    throw BenchError("\(path): no pop_plugin_entry_v1")
                }
                guard unsafeBitCast(symbol, to: Entry.self)() != nil else {
                    throw BenchError("\(path): pop_plugin_entry_v1 returned NULL")
                }
            }
        }
    }

    /// `warmDiscoveries` warm discoveries of `directory`'s subdirectories: the plugins they found, and
    /// the time they took.
    private static func discoverWarm(in directory: String) throws(BenchError) -> (found: Int, nanoseconds: Int) {
        let subdirectories: [String]
        do { subdirectories = try FileManager.default.contentsOfDirectory(atPath: directory).sorted() } catch {
            throw BenchError("cannot list \(directory): \(error)")
        }
        let registry = PluginRegistry(
            searchPath: SearchPath(
                directories: subdirectories.map { directory + "/" + $0 }.filter(LocalFiles.isDirectory), source: .flags),
            cacheFile: directory + "/registry.cache", scanner: PluginScanner(executable: RunningExecutable.directory + "/pophost-scanner"))
        do {
            _ = try registry.discover()
            let (found, elapsed) = try timed { () throws(PluginScanner.Failure) in
                var found = 0
                for _ in 0..<warmDiscoveries {
                    let discovery = try registry.discover()
                    guard discovery.scanned.isEmpty else { continue }
                    found += discovery.entries.count
                }
                return found
            }
            return (found, elapsed)
        } catch {
            throw BenchError("\(error)")
        }
    }

    /// The `*.so` files of `directory`, in name order.
    private static func libraries(in directory: String) throws(BenchError) -> [String] {
        let names: [String]
        do { names = try FileManager.default.contentsOfDirectory(atPath: directory) } catch {
            throw BenchError("cannot list \(directory): \(error)")
        }
        let libraries = names.filter { $0.hasSuffix(".so") }.sorted().map { directory + "/" + $0 }
        guard !libraries.isEmpty else { throw BenchError("no *.so files in \(directory)") }
        return libraries
    }
}
