import Foundation
import PopModel
import PopTestSupport

@testable import PopBridge
@testable import PopChef

/// Tests/Fixtures/ffi_targets.c, compiled with `cc` once per test process and opened with dlopen.
struct FFITargets: @unchecked Sendable {
    /// The library, or why it could not be built.
    static let shared = Result { () throws -> FFITargets in
        let directory = TemporaryDirectory()
        let library = directory.file("libffi_targets.so")
        let result = try run(
            "/usr/bin/env", ["cc", "-std=c11", "-O1", "-shared", "-fPIC", "-pthread", "-o", library, Repository.ffiTargetsSource])
        guard result.status == 0 else { throw BuildError(message: "cc failed: \(result.stderr)") }
        // The mapping outlives the file, which goes with the directory.
        guard let handle = dlopen(library, RTLD_NOW | RTLD_LOCAL) else { throw BuildError(message: String(cString: dlerror())) }
        return FFITargets(handle: handle)
    }

    struct BuildError: Error { let message: String }

    let handle: UnsafeMutableRawPointer

    /// The address of the function or variable `name`.
    func symbol(_ name: String) -> UnsafeRawPointer {
        guard let address = dlsym(handle, name) else { fatalError("ffi_targets.c has no \(name)") }
        return UnsafeRawPointer(address)
    }

    /// Element `index` of the C array `got_<name>` of `T`s.
    func got<T>(_ name: String, _ index: Int, as type: T.Type = T.self) -> T {
        symbol("got_" + name).load(fromByteOffset: index * MemoryLayout<T>.stride, as: T.self)
    }

    /// The size of each `got_str` copy (`TEXT` in the fixture).
    static let textSize = 2048

    /// The copy of the string argument in slot `index`, or nil when it was NULL.
    func gotString(_ index: Int) -> String? {
        if got("str_null", index, as: Bool.self) { return nil }
        return String(cString: (symbol("got_str") + index * Self.textSize).assumingMemoryBound(to: CChar.self))
    }

    /// How many action calls the library has seen.
    var calls: Int32 { symbol("calls").load(as: Int32.self) }

    /// The interfaces every test shares.
    static let interfaces = CallInterfaceCache()

    /// Calls the fixture function `name` as `signature`.
    func invoke(_ name: String, _ signature: String, _ arguments: TestArguments = TestArguments()) throws -> ActionOutcome {
        let parsed = try ActionSignature.parse(signature)
        return ActionInvoker.invoke(
            symbol(name), signature: parsed, interface: Self.interfaces.interface(for: parsed), arguments: arguments)
    }
}

/// Arguments from dictionaries.
struct TestArguments: ActionArgumentProvider {
    var handler = UnsafeRawPointer(bitPattern: 0xfeed_f00d)!
    var actionName = "confirm"
    var requestID: Int64 = 77
    var fields: [String: String] = [:]
    var nodes: [String: UnsafeRawPointer] = [:]
    var values: [String: Value] = [:]

    func fieldText(_ id: String) -> String? { fields[id] }
    func dataNode(at path: ValuePath) -> UnsafeRawPointer? { nodes[path.text] }
    func dataScalar(at path: ValuePath) -> DataScalar? { DataScalar(values[path.text]) }
    func dataText(at path: ValuePath) -> String? { values[path.text]?.text }
}
