#if canImport(Glibc)
import Glibc
#endif

/// Who may change a file or directory: its permission bits and its owner. pophost runs a plugin's
/// code as the user who runs pophost, so a plugin file — or a directory plugins are taken from —
/// that another user can write is a way for that user to run code as this one. The registry applies
/// OpenSSH's rule for the files it trusts (StrictModes): writable by nobody but the owner, and owned
/// by this user or root; anything else is refused unless the user explicitly allows it.
struct FilePermissions: Codable, Hashable, Sendable {
    /// The permission bits (`st_mode & 07777`).
    var mode: UInt32
    /// The owner's uid.
    var owner: UInt32
    /// Whether it is a regular file (a device or a FIFO is no plugin, whoever could write it).
    var isRegularFile: Bool

    init(_ info: stat) {
        mode = UInt32(info.st_mode) & 0o7777
        owner = UInt32(info.st_uid)
        isRegularFile = info.st_mode & S_IFMT == S_IFREG
    }

    /// This process's effective uid: asked once (a system call), since every file of every discovery
    /// is checked against it.
    private static let user = UInt32(geteuid())

    /// The permissions of what `path` names (links followed); nil when it cannot be examined.
    static func of(path: String) -> FilePermissions? {
        var info = stat()
        guard PathBytes.withCString(path, { stat($0, &info) }) == 0 else { return nil }
        return FilePermissions(info)
    }

    /// Why someone other than this user or root could change `what` (e.g. "the directory /x") and
    /// what fixes it; nil when no one else can.
    func exposure(of what: String) -> String? {
        var writers: [String] = []
        if mode & 0o020 != 0 { writers.append("its group") }
        if mode & 0o002 != 0 { writers.append("anyone") }
        if !writers.isEmpty {
            let octal = String(mode, radix: 8)
            let bits = writers.count == 2 ? "go" : mode & 0o020 != 0 ? "g" : "o"
            return
                "\(what) is writable by \(writers.joined(separator: " and ")) (mode \(String(repeating: "0", count: max(0, 4 - octal.count)) + octal)): remove that with chmod \(bits)-w"
        }
        if owner != 0 && owner != Self.user {
            let user = Self.user
            return "\(what) belongs to uid \(owner), who is neither this user (uid \(user)) nor root: change its owner with chown"
        }
        return nil
    }
}
