import Foundation
import HostRuntime

/// The isolation suite's two calls without the rest of the suite, in a process of their own so that
/// callgrind can count both sides (`--child isolated-action DIR`): the C sample's payment handler
/// made in a plugin host — `POPHOST_PLUGIN_HOST`, else the one beside this executable; a wrapper
/// script there may run it under valgrind, hence the long timeouts — then `calls` calls of one kind.
enum IsolatedCalls {
    static let calls = 2_000

    /// Makes the calls of `mode` on the samples in `directory`; the nanoseconds they took.
    static func run(_ mode: ChildMode, directory: String) throws(BenchError) -> Int {
        let scratch = try makeTemporaryDirectory("pophost-bench-isolated")
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let discovery = try PresentationBench.discovery(of: directory, scratch: scratch)
        let handlers = try IsolationBench.Handlers(
            IsolatedComponents(discovery: discovery, options: IsolationOptions(callTimeout: 600, startTimeout: 600)))
        return mode == .isolatedAction ? handlers.action(calls) : handlers.shouldDismiss(calls)
    }
}
