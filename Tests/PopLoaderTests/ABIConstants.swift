import Foundation
import PopTestSupport

/// Every constant the ABI's headers define — each `#define POP_*` with a number or a string, each
/// member of an `enum` — with its value as the compiler computes it: a C program that includes the
/// headers prints them (docs/abi-layout.md's constants tables).
enum ABIConstants {
    /// A constant: its name and its value as C source would spell it (`42`, `-1`, `"pop.log/1"`).
    struct Constant: Equatable {
        let name: String
        let value: String
    }

    /// The constants of each header (`pophost/<name>.h`, core first, then `ext/`), in the order the
    /// header defines them; headers without any are left out.
    static func evaluate(headers: [String]) throws -> [(header: String, constants: [Constant])] {
        var declared: [(header: String, names: [(name: String, isString: Bool)])] = []
        for header in headers {
            let text = try String(contentsOfFile: Repository.abiInclude + "/" + header, encoding: .utf8)
            let names = try names(in: text)
            if !names.isEmpty { declared.append((header, names)) }
        }
        let directory = TemporaryDirectory()
        let source = directory.file("constants.c")
        let program = directory.file("constants")
        let prints = declared.flatMap(\.names).map { constant in
            constant.isString
                ? "    printf(\"%s\\n\", \(constant.name));"
                : "    printf(\"%lld\\n\", (long long)(\(constant.name)));"
        }
        let includes = headers.map { "#include <\($0)>" }.joined(separator: "\n")
        try "#include <stdio.h>\n\(includes)\nint main(void) {\n\(prints.joined(separator: "\n"))\n    return 0;\n}\n".write(
            toFile: source, atomically: true, encoding: .utf8)
        let compiled = try run("/usr/bin/env", ["clang", "-std=c11", "-I", Repository.abiInclude, "-o", program, source])
        guard compiled.status == 0 else { throw Failure(message: "clang failed: \(compiled.stderr)") }
        let printed = try run(program, [])
        guard printed.status == 0 else { throw Failure(message: "the constants program failed: \(printed.stderr)") }
        var values = printed.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)[...]
        return declared.map { header in
            (
                header.header,
                header.names.map { constant in
                    let value = values.popFirst() ?? ""
                    return Constant(name: constant.name, value: constant.isString ? "\"\(value)\"" : value)
                }
            )
        }
    }

    /// The constants `text` defines, in order: `#define POP_NAME <number or string>` (not function-like
    /// macros, nor POP_VERSION_INIT or POP_EXPORT) and the members of its `enum { ... }` blocks.
    static func names(in text: String) throws -> [(name: String, isString: Bool)] {
        let code = text.replacing(try Regex(#"(?s)/\*.*?\*/"#), with: " ").replacing(try Regex(#"//[^\n]*"#), with: " ")
        let define = try Regex(#"(?m)^#define (POP_[A-Z0-9_]+)[ \t]+(\S[^\n]*)$"#)
        let enumBlock = try Regex(#"enum\s*\{([^}]*)\}"#)
        var found: [(offset: String.Index, name: String, isString: Bool)] = []
        for match in code.matches(of: define) {
            let value = code[match.output[2].range!].trimmingCharacters(in: .whitespaces)
            guard let first = value.first, first == "\"" || first == "-" || first == "(" || first.isNumber else { continue }
            found.append((match.range.lowerBound, String(code[match.output[1].range!]), first == "\""))
        }
        for match in code.matches(of: enumBlock) {
            let body = code[match.output[1].range!]
            for member in body.split(separator: ",") {
                let name = member.split(separator: "=").first?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
                if name.hasPrefix("POP_") { found.append((match.range.lowerBound, name, false)) }
            }
        }
        // Stable: members of one enum keep their order.
        return found.enumerated().sorted { ($0.element.offset, $0.offset) < ($1.element.offset, $1.offset) }.map {
            ($0.element.name, $0.element.isString)
        }
    }

    struct Failure: Error, CustomStringConvertible {
        let message: String
        var description: String { message }
    }
}
