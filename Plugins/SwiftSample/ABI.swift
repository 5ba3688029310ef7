// Small helpers for the C data this plugin hands to the host.

import PluginABI

#if canImport(Glibc)
import Glibc
#endif

/// The ABI version this plugin was built against; goes into every struct handed to the host.
let abiVersion = pop_version_t(
    major: UInt32(POP_VERSION_MAJOR), minor: UInt32(POP_VERSION_MINOR), patch: UInt32(POP_VERSION_PATCH))

/// A NUL-terminated copy of `string` that lives as long as the process (for descriptors and
/// action tables, which must outlive every component; the host never unloads a plugin).
func immortal(_ string: String) -> UnsafePointer<CChar> {
    UnsafePointer(strdup(string)!)
}
