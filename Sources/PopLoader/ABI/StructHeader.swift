import PluginABI

/// The `{abi_version, struct_size}` every ABI struct starts with, read with version.h's growth
/// rule — the one place the host applies it: the version must pass `ABIVersion.isReadable` (same
/// major), the size must reach the struct's size in the minor that introduced it, and a field is
/// read only when it lies wholly inside the size (`contains`). So a plugin of any 1.x minor loads,
/// and a field appended after it was built reads as absent instead of as the bytes that follow.
package struct StructHeader: Sendable {
    package let version: ABIVersion
    package let size: Int

    /// The header at `pointer` (the start of any ABI struct; `pop_component_t` starts a kind struct).
    package init(_ pointer: UnsafeRawPointer) {
        version = ABIVersion(pointer.loadUnaligned(as: pop_version_t.self))
        size = Int(pointer.loadUnaligned(fromByteOffset: MemoryLayout<pop_version_t>.size, as: UInt32.self))
    }

    /// Why the struct cannot be read, or nil when it can.
    package enum Problem: Sendable, Equatable {
        /// Another major version.
        case majorMismatch
        /// Smaller than the struct was in the minor that introduced it.
        case tooSmall(minimum: Int)
    }

    /// The growth rule's verdict on a struct whose first version had `minimumSize` bytes.
    package func problem(minimumSize: Int) -> Problem? {
        if !version.isReadable { return .majorMismatch }
        if size < minimumSize { return .tooSmall(minimum: minimumSize) }
        return nil
    }

    /// Whether `field` of a `Struct` lies wholly inside `size`: fields past it are absent.
    package func contains<Struct, Field>(_ field: KeyPath<Struct, Field>) -> Bool {
        guard let offset = MemoryLayout<Struct>.offset(of: field) else { return false }
        return offset + MemoryLayout<Field>.size <= size
    }
}
