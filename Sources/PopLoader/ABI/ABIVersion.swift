import PluginABI

/// A `{major, minor, patch}` ABI version as carried at the start of every ABI struct.
public struct ABIVersion: Codable, Hashable, Sendable, CustomStringConvertible {
    public var major: UInt32
    public var minor: UInt32
    public var patch: UInt32

    public init(major: UInt32, minor: UInt32, patch: UInt32) {
        self.major = major
        self.minor = minor
        self.patch = patch
    }

    package init(_ raw: pop_version_t) {
        self.init(major: raw.major, minor: raw.minor, patch: raw.patch)
    }

    /// The ABI this host implements (from `<pophost/version.h>`).
    public static let host = ABIVersion(
        major: UInt32(POP_VERSION_MAJOR), minor: UInt32(POP_VERSION_MINOR), patch: UInt32(POP_VERSION_PATCH))

    package var raw: pop_version_t { pop_version_t(major: major, minor: minor, patch: patch) }

    /// Whether this host can read something written against this version: the header's own
    /// `pop_version_is_compatible` (the same major; any minor, since `struct_size` says which
    /// fields exist). Every version check in the host is this one (see `StructHeader`).
    public var isReadable: Bool { pop_version_is_compatible(raw) }

    public var description: String { "\(major).\(minor).\(patch)" }
}
