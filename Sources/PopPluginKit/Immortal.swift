// C data that lives as long as the process.
//
// Descriptors, factory tables and action tables must stay valid — and at the same address — until
// the plugin's last deinit(), and the host never unloads a plugin (entry.h). So the kit builds them
// once, the first time the host calls the entry, in memory it never frees.

#if canImport(Glibc)
import Glibc
#endif

/// A NUL-terminated copy of `string` that is never freed.
func immortal(_ string: String) -> UnsafePointer<CChar> {
    UnsafePointer(strdup(string)!)
}

/// `strings` as a NULL-terminated array of immortal C strings (a descriptor's `features`).
func immortal(_ strings: [String]) -> UnsafePointer<UnsafePointer<CChar>?> {
    let array = UnsafeMutablePointer<UnsafePointer<CChar>?>.allocate(capacity: strings.count + 1)
    for (index, string) in strings.enumerated() { array[index] = immortal(string) }
    array[strings.count] = nil
    return UnsafePointer(array)
}

/// `value` copied into memory that is never freed: the stable address of a C table.
func immortal<Table>(_ value: Table) -> UnsafeMutablePointer<Table> {
    let pointer = UnsafeMutablePointer<Table>.allocate(capacity: 1)
    pointer.initialize(to: value)
    return pointer
}
