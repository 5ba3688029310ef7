import CFFI
import PopChef
import PopModel

/// Calls action functions through libffi with the arguments their signatures declare.
///
/// Conversions (handler.h):
/// - `field.ID`: `str` is the text; `bool` is true when the text is non-empty; `i64` is the text
///   without surrounding whitespace as a decimal integer, else as a finite decimal number
///   (`3.9`, `1e10`) truncated toward zero and saturated to the range; `f64` is that number;
///   text that is not a number (including hexadecimal, "nan" and "inf") gives 0.
/// - `data…`: `ptr` is the node or NULL; `bool` only from a bool; `i64` from an int, or a double
///   with an integral value in range (as `pop_host_value_t.get_int`); `f64` from an int or a double
///   (as `get_double`); `str` only from a string; false, 0, 0.0 or "" otherwise.
/// - `i32` is the `i64` value saturated to `Int32.min...Int32.max` (a number read as 3e9 is 2^31 − 1,
///   not a wrapped negative).
@usableFromInline package enum ActionInvoker {
    /// Stack bytes for the C strings of one call's `str` arguments; longer ones go to the heap.
    @usableFromInline static let stringSpace = 768

    /// Calls `function`, whose C type `signature` declares, through `interface` (prepared for
    /// `signature.typeKey`), with arguments from `arguments`. `str` arguments are NUL-terminated
    /// copies valid only during the call. Allocates nothing on the heap unless the strings need
    /// more than `stringSpace` bytes.
    ///
    /// Inlinable so that every caller, in this module or another of the package, gets a copy
    /// specialized for its provider (a generic call costs about as much again as `ffi_call`); hence
    /// the `@usableFromInline` on the types it uses, without which a `package` body is not exported.
    @inlinable
    package static func invoke<Arguments: ActionArgumentProvider>(
        _ function: UnsafeRawPointer, signature: borrowing ActionSignature, interface: UnsafeMutablePointer<ffi_cif>,
        arguments: Arguments
    ) -> ActionOutcome {
        let maximum = ActionSignature.maximumParameters
        // One stack block: libffi's `void *` array, an 8-byte slot per argument, then string bytes.
        return withUnsafeTemporaryAllocation(byteCount: 2 * maximum * 8 + stringSpace, alignment: 8) { block in
            let values = block.baseAddress!.bindMemory(to: UnsafeMutableRawPointer?.self, capacity: maximum)
            let slots = block.baseAddress! + maximum * 8
            var strings = CStringArena(slots + maximum * 8, end: block.baseAddress! + block.count)
            defer { strings.release() }
            signature.steps.withUnsafeBufferPointer { steps in
                signature.keys.withUnsafeBufferPointer { keys in
                    signature.paths.withUnsafeBufferPointer { paths in
                        precondition(steps.count <= maximum && interface.pointee.nargs == steps.count)
                        for index in 0..<steps.count {
                            let slot = slots + index * 8
                            values[index] = slot
                            let type = steps[index].type
                            switch steps[index].source {
                            case .handler: slot.storeBytes(of: arguments.handler, as: UnsafeRawPointer.self)
                            case .actionName: slot.storeBytes(of: strings.copy(arguments.actionName), as: UnsafeRawPointer.self)
                            case .requestID: slot.storeBytes(of: arguments.requestID, as: Int64.self)
                            case .field:
                                // Each branch keeps its own string, so that a literal the provider returns
                                // (or the empty one) needs no release.
                                if let text = arguments.fieldText(keys[index]) {
                                    storeField(text, as: type, into: slot, &strings)
                                } else {
                                    storeField("", as: type, into: slot, &strings)
                                }
                            case .data: storeData(at: paths[index], as: type, from: arguments, into: slot, &strings)
                            }
                        }
                    }
                }
            }
            // libffi widens integral results narrower than ffi_arg into a full ffi_arg.
            var returned: ffi_arg = 0
            ffi_call(interface, unsafeBitCast(function, to: (@convention(c) () -> Void).self), &returned, values)
            return outcome(signature.result, returned)
        }
    }

    /// Stores a text field's text as `type`: a copy for `str`, else its number or flag.
    @inlinable
    static func storeField(_ text: String, as type: ArgumentType, into slot: UnsafeMutableRawPointer, _ strings: inout CStringArena) {
        if type == .str {
            slot.storeBytes(of: strings.copy(text), as: UnsafeRawPointer.self)
        } else {
            storeField(number: text, as: type, into: slot)
        }
    }

    /// Stores a text field's text as `type`, which is not `str`.
    @usableFromInline
    static func storeField(number text: String, as type: ArgumentType, into slot: UnsafeMutableRawPointer) {
        switch type {
        case .bool: slot.storeBytes(of: text.isEmpty ? 0 : 1, as: UInt8.self)
        case .i32: slot.storeBytes(of: Int32(clamping: integer(fromText: text)), as: Int32.self)
        case .i64: slot.storeBytes(of: integer(fromText: text), as: Int64.self)
        case .f64: slot.storeBytes(of: double(fromText: text), as: Double.self)
        case .ptr, .str: preconditionFailure("a field gives no ptr, and invoke copies a str")
        }
    }

    /// Stores the request data at `path` as `type`: the node for `ptr`, else its converted scalar.
    @inlinable
    static func storeData(
        at path: ValuePath, as type: ArgumentType, from arguments: some ActionArgumentProvider, into slot: UnsafeMutableRawPointer,
        _ strings: inout CStringArena
    ) {
        switch type {
        case .ptr: slot.storeBytes(of: arguments.dataNode(at: path), as: UnsafeRawPointer?.self)
        case .str: slot.storeBytes(of: strings.copy(arguments.dataText(at: path) ?? ""), as: UnsafeRawPointer.self)
        case .bool:
            guard case .bool(let flag) = arguments.dataScalar(at: path) else { return slot.storeBytes(of: 0, as: UInt8.self) }
            slot.storeBytes(of: flag ? 1 : 0, as: UInt8.self)
        case .i32: slot.storeBytes(of: Int32(clamping: integer(arguments.dataScalar(at: path))), as: Int32.self)
        case .i64: slot.storeBytes(of: integer(arguments.dataScalar(at: path)), as: Int64.self)
        case .f64:
            let number: Double =
                switch arguments.dataScalar(at: path) {
                case .int(let integer): Double(integer)
                case .double(let double): double
                default: 0
                }
            slot.storeBytes(of: number, as: Double.self)
        }
    }

    /// A data scalar as an integer: an int, or a double with an integral value in range; else 0.
    @inlinable
    static func integer(_ value: DataScalar?) -> Int64 {
        switch value {
        case .int(let integer): integer
        case .double(let double): Int64(exactly: double) ?? 0
        default: 0
        }
    }

    /// Whether a returned value dismisses the popup: `void` always, the others when non-zero in
    /// their own width.
    @inlinable
    static func outcome(_ result: ResultType, _ returned: ffi_arg) -> ActionOutcome {
        let dismisses =
            switch result {
            case .void: true
            case .bool: UInt8(truncatingIfNeeded: returned) != 0
            case .i32: Int32(truncatingIfNeeded: returned) != 0
            case .i64: returned != 0
            }
        return dismisses ? .dismiss : .keep
    }

    /// A text field's text as an integer: a decimal integer, else a decimal number truncated
    /// toward zero and saturated; 0 when it is not a number.
    static func integer(fromText text: String) -> Int64 {
        let trimmed = trimmingWhitespace(text)
        if let value = Int64(trimmed) { return value }
        guard let number = decimalNumber(trimmed) else { return 0 }
        if number >= 0x1p63 { return .max }
        if number < -0x1p63 { return .min }
        return Int64(number)
    }

    /// A text field's text as a decimal number; 0 when it is not one.
    static func double(fromText text: String) -> Double {
        decimalNumber(trimmingWhitespace(text)) ?? 0
    }

    /// `text` as a finite number in decimal notation (`-12`, `3.5`, `.5`, `1e-3`), or nil; unlike
    /// `Double(_:)` alone, hexadecimal, "nan" and "inf" are not numbers here.
    private static func decimalNumber(_ text: Substring) -> Double? {
        guard text.utf8.allSatisfy({ (0x30...0x39).contains($0) || "+-.eE".utf8.contains($0) }),
            let number = Double(text), number.isFinite
        else { return nil }
        return number
    }

    private static func trimmingWhitespace(_ text: String) -> Substring {
        guard let first = text.firstIndex(where: { !$0.isWhitespace }), let last = text.lastIndex(where: { !$0.isWhitespace }) else {
            return ""
        }
        return text[first...last]
    }
}
