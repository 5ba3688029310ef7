import PluginABI

extension pop_version_t {
    /// The ABI version of the headers the plugin is compiled against (`POP_VERSION_*`). Every struct
    /// the plugin hands to the host starts with it: the host refuses a struct of another major, or of
    /// a newer minor than its own.
    public static let current: pop_version_t = {
        // Zero-initialised, then assigned: a memberwise initializer would stop compiling the day a
        // minor version appends a member.
        var version = pop_version_t()
        version.major = UInt32(POP_VERSION_MAJOR)
        version.minor = UInt32(POP_VERSION_MINOR)
        version.patch = UInt32(POP_VERSION_PATCH)
        return version
    }()
}
