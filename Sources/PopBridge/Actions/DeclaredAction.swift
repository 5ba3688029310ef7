import CFFI
import PopChef

/// An action a handler declares, validated once when the handler is created: its parsed signature,
/// its function, and the prepared libffi call interface shared by every signature of its types.
package struct DeclaredAction {
    package let name: String
    /// The signature as the plugin wrote it.
    package let text: String
    package let signature: ActionSignature
    package let function: UnsafeRawPointer
    package let interface: UnsafeMutablePointer<ffi_cif>

    /// What the chef knows of it: its name, signature and the fields it reads.
    var declaration: ActionDeclaration {
        ActionDeclaration(
            name: name, signature: text,
            fields: signature.parameters.compactMap {
                if case .field(let id) = $0.source { id } else { nil }
            })
    }
}
