import CFFI
import Synchronization

/// Prepared libffi call interfaces, one per `ActionSignature.typeKey`, so `ffi_prep_cif` runs once
/// per distinct list of types and never on the call path. Each `ffi_cif` and its argument type array
/// are allocated once and never freed: the set of type keys is small and the interfaces are
/// handed out as raw pointers that must stay valid for the process.
package final class CallInterfaceCache: Sendable {
    /// Interfaces by type key, as pointer bit patterns (raw pointers are not `Sendable`).
    private let interfaces = Mutex<[String: UInt]>([:])

    /// An empty cache.
    package init() {}

    /// The prepared interface for `signature`'s types, prepared on first use.
    package func interface(for signature: ActionSignature) -> UnsafeMutablePointer<ffi_cif> {
        let key = signature.typeKey
        let address = interfaces.withLock { table in
            if let address = table[key] { return address }
            let cif = Self.prepare(result: signature.result, arguments: signature.parameters.map(\.type))
            let address = UInt(bitPattern: cif)
            table[key] = address
            return address
        }
        return UnsafeMutablePointer(bitPattern: address)!
    }

    /// A new interface for a C function of `arguments` returning `result`; never freed.
    static func prepare(result: ResultType, arguments: [ArgumentType]) -> UnsafeMutablePointer<ffi_cif> {
        let cif = UnsafeMutablePointer<ffi_cif>.allocate(capacity: 1)
        let types = UnsafeMutablePointer<UnsafeMutablePointer<ffi_type>?>.allocate(capacity: max(arguments.count, 1))
        for (index, argument) in arguments.enumerated() { types[index] = ffiType(argument) }
        let status = ffi_prep_cif(cif, FFI_DEFAULT_ABI, UInt32(arguments.count), ffiType(result), types)
        precondition(status == FFI_OK, "ffi_prep_cif failed (\(status)) for \(result)\(arguments)")
        return cif
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
