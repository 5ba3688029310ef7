import CFFI
import Foundation
import HostRuntime
import PluginABI

/// The chef suite: arbitration throughput, an action call through the host against a raw
/// `ffi_call`, a lifecycle call through the host's wrapper against a raw function-pointer call, and
/// a call through a completion closure against a plain C call — each baseline measured in the same
/// run, rounds alternating.
enum ChefBench {
    static func measure(rounds: Int, scratch: String) throws(BenchError) -> ChefMeasurements {
        let targets = try BenchTargets(compiledInto: scratch)
        let handler = try paymentHandler(scratch: scratch)
        var arbitration: [Int] = [], action: [Int] = [], rawAction: [Int] = []
        var lifecycle: [Int] = [], rawLifecycle: [Int] = [], closure: [Int] = [], plainCall: [Int] = []
        let pairs = 200_000, actionCalls = 2_000_000, lifecycleCalls = 20_000_000, closureCalls = 5_000_000
        for round in 0..<(rounds + 1) {  // round 0 warms up and is discarded
            let keep = round > 0
            let a = showAndDismiss(pairs)
            let (host, raw) =
                round.isMultiple(of: 2)
                ? (actionThroughHost(targets, actionCalls), actionThroughFFI(targets, actionCalls))
                : {
                    let raw = actionThroughFFI(targets, actionCalls); return (actionThroughHost(targets, actionCalls), raw)
                }()
            let (wrapped, direct) = (lifecycleThroughWrapper(handler, lifecycleCalls), lifecycleDirect(handler, lifecycleCalls))
            let (viaClosure, plain) = (callsThroughClosure(targets, closureCalls), plainCalls(targets, closureCalls))
            guard keep else { continue }
            arbitration.append(a); action.append(host); rawAction.append(raw)
            lifecycle.append(wrapped); rawLifecycle.append(direct); closure.append(viaClosure); plainCall.append(plain)
        }
        func perCall(_ samples: [Int], _ count: Int) -> Double { median(samples) / Double(count) }
        let pairNanoseconds = perCall(arbitration, pairs)
        return ChefMeasurements(
            showDismissPerSecond: 1e9 / pairNanoseconds, showDismissNanoseconds: pairNanoseconds,
            action: .init(host: perCall(action, actionCalls), baseline: perCall(rawAction, actionCalls), target: 1.2),
            lifecycle: .init(host: perCall(lifecycle, lifecycleCalls), baseline: perCall(rawLifecycle, lifecycleCalls), target: 1.5),
            closure: .init(host: perCall(closure, closureCalls), baseline: perCall(plainCall, closureCalls), target: nil))
    }

    /// Show + dismiss pairs with the trace off: one popup holds the layer, each request is queued
    /// and then dismissed (arbitration, queueing, the final event). Returns nanoseconds.
    static func showAndDismiss(_ pairs: Int) -> Int {
        let chef = Chef()
        chef.show(PopupRequest(priority: .max))
        chef.runUntilIdle()
        let request = PopupRequest(policy: .enqueue)
        return timed {
            for _ in 0..<pairs { chef.dismiss(chef.show(request)) }
        }.nanoseconds
    }

    static func actionThroughHost(_ targets: BenchTargets, _ calls: Int) -> Int {
        let arguments = BenchArguments()
        var yes = 0
        let time = timed {
            for _ in 0..<calls {
                if ActionInvoker.invoke(targets.action, signature: targets.signature, interface: targets.interface, arguments: arguments)
                    == .dismiss
                {
                    yes += 1
                }
            }
        }.nanoseconds
        precondition(yes == calls, "the action must return true")
        return time
    }

    static func actionThroughFFI(_ targets: BenchTargets, _ calls: Int) -> Int {
        var handler = UnsafeRawPointer(bitPattern: 0x1000)
        var amount = 12.5
        var yes = 0
        return "4242".withCString { pin in
            var pinPointer = pin
            return withUnsafeMutablePointer(to: &handler) { handlerSlot in
                withUnsafeMutablePointer(to: &pinPointer) { pinSlot in
                    withUnsafeMutablePointer(to: &amount) { amountSlot in
                        var values: [UnsafeMutableRawPointer?] = [
                            UnsafeMutableRawPointer(handlerSlot), UnsafeMutableRawPointer(pinSlot), UnsafeMutableRawPointer(amountSlot),
                        ]
                        var result: ffi_arg = 0
                        let time = timed {
                            for _ in 0..<calls {
                                ffi_call(
                                    targets.interface, unsafeBitCast(targets.action, to: (@convention(c) () -> Void).self), &result, &values
                                )
                                yes += Int(result & 1)
                            }
                        }.nanoseconds
                        precondition(yes == calls, "the action must return true")
                        return time
                    }
                }
            }
        }
    }

    static func lifecycleThroughWrapper(_ handler: BenchHandler, _ calls: Int) -> Int {
        let component = handler.component
        var yes = 0
        let time = timed { for _ in 0..<calls where component.shouldDismiss(.requested) { yes += 1 } }.nanoseconds
        precondition(yes == calls)
        return time
    }

    static func lifecycleDirect(_ handler: BenchHandler, _ calls: Int) -> Int {
        let function = handler.pointer.pointee.should_dismiss!, pointer = handler.pointer
        var yes = 0
        let time = timed { for _ in 0..<calls where function(pointer, Int32(POP_REASON_REQUESTED)) { yes += 1 } }.nanoseconds
        precondition(yes == calls)
        return time
    }

    static func callsThroughClosure(_ targets: BenchTargets, _ calls: Int) -> Int {
        let done = CompletionClosure.done(
            Completion<Void> { _ in
            } repeated: { _ in
            })
        defer { done.free() }
        let function = unsafeBitCast(done.functionPointer, to: (@convention(c) () -> Void).self)
        return timed { targets.callDone(function, Int64(calls)) }.nanoseconds
    }

    static func plainCalls(_ targets: BenchTargets, _ calls: Int) -> Int {
        timed { targets.callDone(targets.noop, Int64(calls)) }.nanoseconds
    }

    /// The C sample's payment handler, created through a catalog like the chef does.
    static func paymentHandler(scratch: String) throws(BenchError) -> BenchHandler {
        let registry = PluginRegistry(
            searchPath: SearchPath(directories: [RunningExecutable.directory], source: .flags),
            cacheFile: scratch + "/chef-registry.cache",
            scanner: PluginScanner(executable: RunningExecutable.directory + "/pophost-scanner"))
        let discovery: PluginRegistry.Discovery
        do { discovery = try registry.discover() } catch { throw BenchError("\(error)") }
        let source = PluginComponents(discovery: discovery)
        do {
            return BenchHandler(
                source: source,
                component: try source.makeHandler("com.pophost.samples.c.payment-handler", context: .detached()) as! PluginHandler)
        } catch {
            throw BenchError("cannot create the C sample's payment handler: \(error)")
        }
    }
}

/// A handler created for the benchmark, with its plugins kept alive.
struct BenchHandler {
    let source: PluginComponents
    let component: PluginHandler
    var pointer: UnsafePointer<pop_handler_t> { component.pointer }
}

/// The benchmark's C functions (Benchmarks/fixtures/bench_targets.c), compiled and opened.
struct BenchTargets {
    let action: UnsafeRawPointer
    let noop: @convention(c) () -> Void
    let callDone: @convention(c) (@convention(c) () -> Void, Int64) -> Void
    let signature: ActionSignature
    /// Owns `interface`: a cache frees its call interfaces when it goes.
    let interfaces = CallInterfaceCache()
    let interface: UnsafeMutablePointer<ffi_cif>

    init(compiledInto scratch: String) throws(BenchError) {
        let source =
            URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().path + "/fixtures/bench_targets.c"
        // POPHOST_BENCH_TARGETS names a library built beforehand (`cc -O2 -shared -fPIC`): under
        // valgrind, which refuses the file actions Foundation's Process spawns cc with.
        var library = scratch + "/libbench_targets.so"
        if let prebuilt = ProcessInfo.processInfo.environment["POPHOST_BENCH_TARGETS"] {
            library = prebuilt
        } else {
            let cc = Process()
            cc.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            cc.arguments = ["cc", "-O2", "-shared", "-fPIC", "-o", library, source]
            do { try cc.run() } catch { throw BenchError("cannot run cc: \(error)") }
            cc.waitUntilExit()
            guard cc.terminationStatus == 0 else { throw BenchError("cannot build \(library) from \(source)") }
        }
        guard let handle = dlopen(library, RTLD_NOW | RTLD_LOCAL) else {
            throw BenchError("cannot open \(library)")
        }
        func symbol(_ name: String) throws(BenchError) -> UnsafeMutableRawPointer {
            guard let address = dlsym(handle, name) else { throw BenchError("\(library) lacks \(name)") }
            return address
        }
        action = UnsafeRawPointer(try symbol("bench_action"))
        noop = unsafeBitCast(try symbol("bench_noop"), to: (@convention(c) () -> Void).self)
        callDone = unsafeBitCast(try symbol("bench_call_done"), to: (@convention(c) (@convention(c) () -> Void, Int64) -> Void).self)
        do { signature = try ActionSignature.parse("bool(self:ptr, field.pin:str, data.amount:f64)") } catch {
            throw BenchError("\(error)")
        }
        interface = interfaces.interface(for: signature)
    }
}

/// The arguments of the benchmark's action, as a popup would provide them.
struct BenchArguments: ActionArgumentProvider {
    let handler = UnsafeRawPointer(bitPattern: 0x1000)!
    let actionName = "pay"
    let requestID: Int64 = 1
    func fieldText(_ id: String) -> String? { id == "pin" ? "4242" : nil }
    func dataNode(at path: ValuePath) -> UnsafeRawPointer? { nil }
    func dataScalar(at path: ValuePath) -> DataScalar? { path.text == "amount" ? .double(12.5) : nil }
    func dataText(at path: ValuePath) -> String? { nil }
}

/// What the chef suite measured (nanoseconds per call unless said otherwise).
struct ChefMeasurements: Codable {
    struct Comparison: Codable {
        let host: Double
        let baseline: Double
        let ratio: Double
        let target: Double?
        let pass: Bool?

        init(host: Double, baseline: Double, target: Double?) {
            self.host = host
            self.baseline = baseline
            ratio = host / baseline
            self.target = target
            pass = target.map { host / baseline <= $0 }
        }
    }

    let showDismissPerSecond: Double
    let showDismissNanoseconds: Double
    var throughputTarget: Double { 1_000_000 }
    var throughputPass: Bool { showDismissPerSecond >= throughputTarget }
    /// An action through the host's invoker against a raw `ffi_call` with a cached cif.
    let action: Comparison
    /// `should_dismiss` through the host's handler wrapper against a raw function-pointer call.
    let lifecycle: Comparison
    /// A call through a completion closure (after it fired: the ignored path) against a plain call.
    let closure: Comparison
}
