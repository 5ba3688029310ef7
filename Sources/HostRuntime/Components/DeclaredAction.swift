import CFFI

/// An action a handler declares, validated once when the handler is created: its parsed signature,
/// its function, and the prepared libffi call interface shared by every signature of its types.
package struct DeclaredAction {
    let name: String
    let signature: ActionSignature
    let function: UnsafeRawPointer
    let interface: UnsafeMutablePointer<ffi_cif>
}
