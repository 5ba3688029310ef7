import Foundation
import Testing

/// `cargo`, which builds the Rust projects: found on PATH, or nil — then the tests that build one
/// are skipped, saying why (`missing`).
enum Cargo {
    static let path: String? = {
        let directories = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map(String.init)
        return directories.map { $0 + "/cargo" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    static let missing: Comment = "cargo is not on PATH: the Rust project is not built (install Rust, https://rustup.rs)"
}
