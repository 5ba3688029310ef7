import Foundation
import PopTestSupport
import Testing

/// docs/abi-layout.md, the size and offsets of every struct in the headers and the value of every
/// constant, for authors who bind the ABI from another language, is the compiler's own account
/// (clang's record-layout dump; a program that prints the constants), so it cannot drift from the
/// headers. `POPHOST_RECORD_LAYOUT=1 swift test --filter ABILayoutDocument`
/// rewrites it after a header changes.
@Suite struct ABILayoutDocumentTests {
    static let document = Repository.root + "/docs/abi-layout.md"

    @Test("docs/abi-layout.md is clang's layout of every struct the headers declare, header by header")
    func document() throws {
        let generated = try Self.generate()
        if ProcessInfo.processInfo.environment["POPHOST_RECORD_LAYOUT"] != nil {
            try generated.write(toFile: Self.document, atomically: true, encoding: .utf8)
        }
        let current = try String(contentsOfFile: Self.document, encoding: .utf8)
        #expect(current == generated, "docs/abi-layout.md is out of date: POPHOST_RECORD_LAYOUT=1 swift test --filter ABILayoutDocument")
    }

    /// Every header, core first, then the stable extensions': `pophost/<name>.h`, `pophost/ext/<name>.h`.
    static func allHeaders() throws -> [String] {
        let base = Repository.abiInclude + "/pophost"
        let files = FileManager.default
        let core = try files.contentsOfDirectory(atPath: base).filter { $0.hasSuffix(".h") }.sorted()
        let extensions = try files.contentsOfDirectory(atPath: base + "/ext").filter { $0.hasSuffix(".h") }.sorted().map { "ext/" + $0 }
        return (core + extensions).map { "pophost/" + $0 }
    }

    /// The headers that declare structs, core first, each with its struct tags in order.
    static func headers() throws -> [(path: String, tags: [String])] {
        let tag = try Regex(#"typedef struct (\w+)\s*\{"#)
        return try allHeaders().compactMap { path in
            let text = try String(contentsOfFile: Repository.abiInclude + "/" + path, encoding: .utf8)
            let tags = text.matches(of: tag).map { String(text[$0.output[1].range!]) }
            return tags.isEmpty ? nil : (path, tags)
        }
    }

    /// The document: clang's dump of each struct, which lists every member (nested structs
    /// expanded) with its byte offset, then the struct's size and alignment.
    static func generate() throws -> String {
        let headers = try headers()
        let directory = TemporaryDirectory()
        let source = directory.file("layout.c")
        let includes = headers.map { "#include <\($0.path)>" }.joined(separator: "\n")
        let uses = headers.flatMap(\.tags).map { "sizeof(\($0)_t)" }.joined(separator: ",\n    ")
        try "\(includes)\nunsigned long sizes[] = {\n    \(uses)\n};\n".write(toFile: source, atomically: true, encoding: .utf8)
        let dump = try run(
            "/usr/bin/env", ["clang", "-fsyntax-only", "-I", Repository.abiInclude, "-Xclang", "-fdump-record-layouts", source])
        guard dump.status == 0 else { throw LayoutDumpFailure(stderr: dump.stderr) }
        var records: [String: [String]] = [:]
        for block in dump.stdout.components(separatedBy: "*** Dumping AST Record Layout\n") {
            let lines = block.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
            guard let first = lines.first, let range = first.range(of: "| struct ") else { continue }
            records[String(first[range.upperBound...])] = lines
        }
        var text = """
            # ABI layout (generated)

            The size, alignment and member offsets of every struct in the plugin ABI's headers, on
            64-bit Linux (x86_64 and aarch64 lay them out alike), for binding the ABI from a language
            other than C. Generated from the headers by clang (`-fdump-record-layouts`) and checked by
            `ABILayoutDocumentTests`, so it cannot drift from them; the headers remain the reference
            for what each member means. Offsets are in bytes; a nested struct's members are indented
            under it. Every `pop_*_t` enum type is an `int32_t`, and `bool` is C's `_Bool` (1 byte).
            [Constants](#constants), at the end, gives the value of every constant the headers define.

            """
        for header in headers {
            text += "\n## `<\(header.path)>`\n"
            for tag in header.tags {
                guard let lines = records[tag] else { throw LayoutDumpFailure(stderr: "no layout of struct \(tag) in clang's dump") }
                text += "\n### `\(tag)_t`\n\n```\n" + lines.joined(separator: "\n") + "\n```\n"
            }
        }
        return text + (try constantsSection())
    }

    /// The constants, header by header: a table of each `#define` and enum member with its value, as
    /// a C program including the headers prints it (`ABIConstants`).
    static func constantsSection() throws -> String {
        var text = """

            ## Constants

            The value of every constant the headers define — each `#define` with a number or a string,
            each member of an `enum` (crossing the boundary as its group's `pop_*_t`) — as a C program
            that includes the headers prints it. `POP_VERSION_INIT` is
            `{ POP_VERSION_MAJOR, POP_VERSION_MINOR, POP_VERSION_PATCH }`.

            """
        for header in try ABIConstants.evaluate(headers: try allHeaders()) {
            text += "\n### `<\(header.header)>`\n\n| constant | value |\n|---|---|\n"
            for constant in header.constants { text += "| `\(constant.name)` | `\(constant.value)` |\n" }
        }
        return text
    }

    struct LayoutDumpFailure: Error, CustomStringConvertible {
        let stderr: String
        var description: String { "clang's layout dump failed: \(stderr)" }
    }
}
