import Foundation
import PopTestSupport
import Testing

/// The Rust template's binding of the ABI (`src/pophost.rs`) against docs/abi-layout.md, which
/// `ABILayoutDocumentTests` keeps equal to the headers: every `const` it declares has the header's
/// value, and every size and offset it asserts at compile time is the one clang computes. No cargo
/// needed: this reads the source.
@Suite struct RustBindingTests {
    static let binding = Repository.projectTemplates + "/rust/src/pophost.rs"
    static let layout = Repository.root + "/docs/abi-layout.md"

    @Test("every POP_* const of src/pophost.rs has the value the headers define")
    func constants() throws {
        let source = try String(contentsOfFile: Self.binding, encoding: .utf8)
        let document = try String(contentsOfFile: Self.layout, encoding: .utf8)
        var documented: [String: String] = [:]
        for match in document.matches(of: try Regex(#"\| `(POP_[A-Z0-9_]+)` \| `([^`]*)` \|"#)) {
            documented[String(document[match.output[1].range!])] = String(document[match.output[2].range!])
        }
        #expect(documented["POP_VERSION_MAJOR"] != nil, "docs/abi-layout.md has its constants tables")
        let declaration = try Regex(#"pub const (POP_[A-Z0-9_]+): [^=]+ = ([^;]+);"#)
        var checked = 0
        for match in source.matches(of: declaration) {
            let name = String(source[match.output[1].range!])
            var value = String(source[match.output[2].range!])
            if name == "POP_VERSION_INIT" { continue }  // a struct: its three fields are checked
            if value.hasPrefix("c\"") { value.removeFirst() }  // a C string literal
            #expect(documented[name] == value, "\(name) is \(value) in src/pophost.rs, \(documented[name] ?? "undefined") in the headers")
            checked += 1
        }
        #expect(checked > 100)
    }

    @Test("every size and offset src/pophost.rs asserts is clang's")
    func layoutAssertions() throws {
        let source = try String(contentsOfFile: Self.binding, encoding: .utf8)
        let document = try String(contentsOfFile: Self.layout, encoding: .utf8)
        var checked = 0
        for match in source.matches(of: try Regex(#"size_of::<(Pop\w+)>\(\) == (\d+)"#)) {
            let block = try Self.block(of: String(source[match.output[1].range!]), in: document)
            #expect(block.contains("[sizeof=\(source[match.output[2].range!]),"), "\(source[match.range])")
            checked += 1
        }
        for match in source.matches(of: try Regex(#"offset_of!\((Pop\w+), (\w+)\) == (\d+)"#)) {
            let block = try Self.block(of: String(source[match.output[1].range!]), in: document)
            let field = String(source[match.output[2].range!])
            let offset = Int(source[match.output[3].range!])!
            let found = block.split(separator: "\n").contains { line in
                let parts = line.split(separator: "|", maxSplits: 1)
                return parts.count == 2 && Int(parts[0].trimmingCharacters(in: .whitespaces)) == offset
                    && parts[1].split(separator: " ").last.map(String.init) == field
            }
            #expect(found, "\(source[match.range])")
            checked += 1
        }
        #expect(checked > 30)
    }

    /// The layout block of the struct a Rust type binds: `PopHostLog` → `pop_host_log_t`.
    static func block(of rustType: String, in document: String) throws -> String {
        var name = ""
        for character in rustType {
            if character.isUppercase && !name.isEmpty { name += "_" }
            name += character.lowercased()
        }
        let heading = "### `\(name)_t`\n\n```\n"
        let start = try #require(document.range(of: heading), "docs/abi-layout.md has no \(name)_t").upperBound
        let end = try #require(document[start...].range(of: "```")).lowerBound
        return String(document[start..<end])
    }
}
