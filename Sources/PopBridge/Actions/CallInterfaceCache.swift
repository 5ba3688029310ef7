import CFFI
import Synchronization

/// Prepared libffi call interfaces, one per `ActionSignature.typeKey`, so `ffi_prep_cif` runs once
/// per distinct list of types and never on the call path. Each `ffi_cif` and its argument type array
/// live as long as the cache: the interfaces are handed out as raw pointers, so every holder of one
/// (a handler's declared actions) also holds the cache, and the last to go frees them all.
package final class CallInterfaceCache: Sendable {
    /// Interfaces by type key, as pointer bit patterns (raw pointers are not `Sendable`).
    private let interfaces = Mutex<[String: UInt]>([:])
    /// How many interfaces caches hold in this process: what a test watches for a leak.
    private static let live = Atomic<Int>(0)

    /// An empty cache.
    package init() {}

    deinit {
        let freed = interfaces.withLock { table in
            for address in table.values { Self.free(UnsafeMutablePointer<ffi_cif>(bitPattern: address)!) }
            return table.count
        }
        Self.live.subtract(freed, ordering: .relaxed)
    }

    /// The interfaces held by every cache alive now.
    package static var liveInterfaces: Int { live.load(ordering: .relaxed) }

    /// The prepared interface for `signature`'s types, prepared on first use.
    package func interface(for signature: ActionSignature) -> UnsafeMutablePointer<ffi_cif> {
        let key = signature.typeKey
        let address = interfaces.withLock { table in
            if let address = table[key] { return address }
            let cif = Self.prepare(result: signature.result, arguments: signature.parameters.map(\.type))
            let address = UInt(bitPattern: cif)
            table[key] = address
            Self.live.add(1, ordering: .relaxed)
            return address
        }
        return UnsafeMutablePointer(bitPattern: address)!
    }

    /// A new interface for a C function of `arguments` returning `result`, to be given back with
    /// `free(_:)` (the completions' two interfaces are kept for the process).
    static func prepare(result: ResultType, arguments: [ArgumentType]) -> UnsafeMutablePointer<ffi_cif> {
        let cif = UnsafeMutablePointer<ffi_cif>.allocate(capacity: 1)
        let types = UnsafeMutablePointer<UnsafeMutablePointer<ffi_type>?>.allocate(capacity: max(arguments.count, 1))
        for (index, argument) in arguments.enumerated() { types[index] = ffiType(argument) }
        let status = ffi_prep_cif(cif, FFI_DEFAULT_ABI, UInt32(arguments.count), ffiType(result), types)
        precondition(status == FFI_OK, "ffi_prep_cif failed (\(status)) for \(result)\(arguments)")
        return cif
    }

    /// Frees an interface made by `prepare` and its argument type array (the types themselves are
    /// libffi's constants).
    private static func free(_ cif: UnsafeMutablePointer<ffi_cif>) {
        cif.pointee.arg_types?.deallocate()
        cif.deallocate()
    }

    private static func ffiType(_ type: ArgumentType) -> UnsafeMutablePointer<ffi_type> {
        switch type {
        case .bool: boolType
        case .i32: pop_ffi_type_sint32()
        case .i64: pop_ffi_type_sint64()
        case .f64: pop_ffi_type_double()
        case .ptr, .str: pop_ffi_type_pointer()
        }
    }

    private static func ffiType(_ type: ResultType) -> UnsafeMutablePointer<ffi_type> {
        switch type {
        case .void: pop_ffi_type_void()
        case .bool: boolType
        case .i32: pop_ffi_type_sint32()
        case .i64: pop_ffi_type_sint64()
        }
    }

    /// C `bool` (Swift's `CBool`) as libffi sees it: an unsigned byte on every platform we support.
    private static var boolType: UnsafeMutablePointer<ffi_type> {
        precondition(MemoryLayout<CBool>.size == 1, "C bool is \(MemoryLayout<CBool>.size) bytes here; only 1 is supported")
        return pop_ffi_type_uint8()
    }
}
