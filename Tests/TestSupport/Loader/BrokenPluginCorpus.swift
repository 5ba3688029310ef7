import Foundation
import PopLoader
import PopTestSupport

/// The corpus of deliberately broken plugins, built once from source for the whole test run.
package struct BrokenPluginCorpus: Sendable {
    /// One broken plugin: its file name, how it is made, and the category it must be reported with.
    package struct Case: Sendable, CustomStringConvertible {
        package let name: String
        package let expected: PluginError.Category
        /// Whether loading it in-process is safe (it neither crashes nor hangs).
        package var safeInProcess: Bool { expected != .crashed && expected != .timeout }
        package var description: String { name }
    }

    package static let cases: [Case] = [
        Case(name: "not-elf.so", expected: .notELF),
        Case(name: "empty.so", expected: .notELF),
        Case(name: "directory.so", expected: .notAFile),
        Case(name: "truncated.so", expected: .truncated),
        Case(name: "wrong-arch.so", expected: .wrongArchitecture),
        Case(name: "no-entry.so", expected: .noEntry),
        Case(name: "null-entry.so", expected: .nullEntry),
        Case(name: "wrong-major.so", expected: .abiMajorMismatch),
        Case(name: "struct-too-small.so", expected: .structTooSmall),
        Case(name: "missing-id.so", expected: .invalidDescriptor),
        Case(name: "id-not-reverse-dns.so", expected: .invalidDescriptor),
        Case(name: "invalid-utf8-name.so", expected: .invalidDescriptor),
        Case(name: "duplicate-id.so", expected: .invalidDescriptor),
        Case(name: "unresolved-symbol.so", expected: .unresolvedSymbol),
        Case(name: "init-fails.so", expected: .initFailed),
        Case(name: "segv-in-init.so", expected: .crashed),
        Case(name: "hang-in-init.so", expected: .timeout),
        // Issue 18: hostile plugins and odd files.
        Case(name: "elf-magic-only.so", expected: .truncated),
        Case(name: "elf-magic-and-class.so", expected: .truncated),
        Case(name: "forges-protocol.so", expected: .crashed),
        Case(name: "raise-in-entry.so", expected: .crashed),
        Case(name: "spin-in-entry.so", expected: .timeout),
        Case(name: "null-init.so", expected: .structTooSmall),
        Case(name: "null-get-factory.so", expected: .structTooSmall),
        Case(name: "factory-without-count.so", expected: .structTooSmall),
        Case(name: "factory-too-small.so", expected: .structTooSmall),
        Case(name: "factory-major-2.so", expected: .abiMajorMismatch),
    ]

    /// The corpus, built on first use.
    package static let shared: BrokenPluginCorpus = try! BrokenPluginCorpus()

    package let directory: TemporaryDirectory

    package func path(_ name: String) -> String { directory.file(name) }

    private init() throws {
        directory = TemporaryDirectory()
        let dir = directory
        let defines: [String: [String]] = [
            "no-entry.so": ["-DFIX_NO_ENTRY"],
            "null-entry.so": ["-DFIX_NULL_ENTRY"],
            "wrong-major.so": ["-DFIX_MAJOR=2"],
            "struct-too-small.so": ["-DFIX_ENTRY_SIZE=16"],
            "missing-id.so": ["-DFIX_MISSING_ID"],
            "id-not-reverse-dns.so": ["-DFIX_BAD_ID"],
            "invalid-utf8-name.so": ["-DFIX_BAD_UTF8_NAME"],
            "duplicate-id.so": ["-DFIX_DUPLICATE_ID"],
            "unresolved-symbol.so": ["-DFIX_UNRESOLVED"],
            "init-fails.so": ["-DFIX_INIT_FAILS"],
            "segv-in-init.so": ["-DFIX_SEGV_IN_INIT"],
            "hang-in-init.so": ["-DFIX_HANG_IN_INIT"],
            "forges-protocol.so": ["-DFIX_FORGE_PROTOCOL"],
            "raise-in-entry.so": ["-DFIX_RAISE_IN_ENTRY"],
            "spin-in-entry.so": ["-DFIX_SPIN_IN_ENTRY"],
            "null-init.so": ["-DFIX_NULL_INIT"],
            "null-get-factory.so": ["-DFIX_NULL_GET_FACTORY"],
            "factory-without-count.so": ["-DFIX_NO_COUNT"],
            "factory-too-small.so": ["-DFIX_FACTORY_SIZE=8"],
            "factory-major-2.so": ["-DFIX_FACTORY_MAJOR=2"],
            "valid.tmp": [],
        ]
        for (name, flags) in defines {
            try Fixture.build(
                dir.file(name), flags + ["-DFIX_PLUGIN_ID=\"com.pophost.fixture.\(name.replacingOccurrences(of: ".", with: "-"))\""])
        }
        let valid = try Data(contentsOf: URL(fileURLWithPath: dir.file("valid.tmp")))
        try Data("hello, I am not a library\n".utf8).write(to: URL(fileURLWithPath: dir.file("not-elf.so")))
        try Data().write(to: URL(fileURLWithPath: dir.file("empty.so")))
        // The ELF magic alone, then with a class byte: the identification is cut short.
        try Data([0x7F, 0x45, 0x4C, 0x46]).write(to: URL(fileURLWithPath: dir.file("elf-magic-only.so")))
        try Data([0x7F, 0x45, 0x4C, 0x46, 0x02]).write(to: URL(fileURLWithPath: dir.file("elf-magic-and-class.so")))
        _ = dir.subdirectory("directory.so")
        try valid.prefix(valid.count / 2).write(to: URL(fileURLWithPath: dir.file("truncated.so")))
        var otherMachine = valid
        otherMachine[18] = 183  // e_machine = EM_AARCH64 (or x86-64 below)
        otherMachine[19] = 0
        if ELFCheck.hostMachine == 183 { otherMachine[18] = 62 }
        try otherMachine.write(to: URL(fileURLWithPath: dir.file("wrong-arch.so")))
        try FileManager.default.removeItem(atPath: dir.file("valid.tmp"))
    }
}
