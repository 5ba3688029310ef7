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

    init(_ raw: pop_version_t) {
        self.init(major: raw.major, minor: raw.minor, patch: raw.patch)
    }

    /// The ABI this host implements (from `<pophost/version.h>`).
    public static let host = ABIVersion(
        major: UInt32(POP_VERSION_MAJOR), minor: UInt32(POP_VERSION_MINOR), patch: UInt32(POP_VERSION_PATCH))

    var raw: pop_version_t { pop_version_t(major: major, minor: minor, patch: patch) }

    public var description: String { "\(major).\(minor).\(patch)" }
}
