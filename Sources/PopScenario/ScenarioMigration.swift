import PopModel

/// Rewrites a scenario in the newest format (`ScenarioFormat.newest`), as `pophost migrate` does:
/// the `format` key and every key an older format spelled otherwise, and nothing else of the text
/// (its layout, order and other spellings stay as the author wrote them). The rewrite must read
/// back as the same scenario, or nothing is rewritten.
public enum ScenarioMigration {
    /// One change the rewrite makes: where, and what.
    public struct Change: Hashable, Sendable {
        /// The place in the document (`format`, `steps[0].show.view`).
        public let path: String
        public let description: String
    }

    /// The rewritten text and what changed; no changes (and the same text) for a file already in
    /// the newest format.
    public struct Result: Sendable {
        public let text: [UInt8]
        public let changes: [Change]
    }

    /// The scenario `bytes` (of `file`, named in errors) in the newest format. Throws, changing
    /// nothing, when the file is not a scenario this pophost reads.
    public static func migrate(_ bytes: [UInt8], file: String) throws(ScenarioError) -> Result {
        let before = try Scenario.parse(json: bytes, file: file, baseDirectory: "/")
        guard case .object(let root)? = try? Value(jsonBytes: bytes) else { return Result(text: bytes, changes: []) }
        let format: Int =
            switch root["format"] {
            case .int(let number)?: Int(number)
            case .double(let number)?: Int(number)
            default: ScenarioFormat.assumed
            }
        guard format < ScenarioFormat.newest else { return Result(text: bytes, changes: []) }

        var walker = JSONKeyWalker(bytes: bytes)
        walker.walk()
        var edits: [(range: Range<Int>, replacement: String)] = []
        var changes: [Change] = []
        if let value = walker.rootFormatValue {
            edits.append((value, String(ScenarioFormat.newest)))
            changes.append(Change(path: "format", description: "\(format) → \(ScenarioFormat.newest)"))
        } else {
            let indent = walker.firstMemberIndent ?? " "
            edits.append((walker.rootOpen..<walker.rootOpen, indent + "\"format\": \(ScenarioFormat.newest),"))
            changes.append(Change(path: "format", description: "\"format\": \(ScenarioFormat.newest) added (the file said none: format 1)"))
        }
        for key in walker.keys {
            guard key.path.count == 3, key.path[0] == .key("steps"), case .index(let step) = key.path[1],
                case .key(let object) = key.path[2],
                let rename = ScenarioFormat.renames(in: object, format: format).first(where: { $0.old == key.name })
            else { continue }
            edits.append((key.range, "\"\(rename.new)\""))
            changes.append(Change(path: "steps[\(step)].\(object).\(rename.old)", description: "\"\(rename.old)\" → \"\(rename.new)\""))
        }
        var text = bytes
        for edit in edits.sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) {
            text.replaceSubrange(edit.range, with: Array(edit.replacement.utf8))
        }
        var after = try Scenario.parse(json: text, file: file, baseDirectory: "/")
        var expected = before
        (after.warnings, expected.warnings) = ([], [])
        guard after == expected else {
            throw ScenarioError(.invalid, file: file, path: "", message: "the rewrite would not read as the same scenario; left as it is")
        }
        return Result(text: text, changes: changes)
    }
}

/// Walks a JSON document that is known to parse, noting where each object key is (its quoted
/// text's bytes) and the path of the object holding it, so that keys can be renamed in place.
private struct JSONKeyWalker {
    enum Component: Equatable {
        case key(String)
        case index(Int)
    }

    struct Key {
        /// Where the object holding the key is.
        let path: [Component]
        let name: String
        /// The key's bytes, quotes included.
        let range: Range<Int>
    }

    let bytes: [UInt8]
    var position = 0
    var keys: [Key] = []
    /// Just after the root object's `{`.
    var rootOpen = 0
    /// The whitespace before the root object's first key.
    var firstMemberIndent: String?
    /// The bytes of the root's `format` value.
    var rootFormatValue: Range<Int>?

    init(bytes: [UInt8]) { self.bytes = bytes }

    mutating func walk() {
        skipSpace()
        value(at: [])
    }

    private mutating func value(at path: [Component]) {
        skipSpace()
        guard position < bytes.count else { return }
        switch bytes[position] {
        case UInt8(ascii: "{"): object(at: path)
        case UInt8(ascii: "["): array(at: path)
        case UInt8(ascii: "\""): _ = string()
        default:
            while position < bytes.count, !",}] \t\r\n".utf8.contains(bytes[position]) { position += 1 }
        }
    }

    private mutating func object(at path: [Component]) {
        position += 1
        if path.isEmpty {
            rootOpen = position
            let start = position
            skipSpace()
            firstMemberIndent = String(decoding: bytes[start..<position], as: UTF8.self)
        }
        while true {
            skipSpace()
            guard position < bytes.count, bytes[position] != UInt8(ascii: "}") else { break }
            let start = position
            let name = string()
            keys.append(Key(path: path, name: name, range: start..<position))
            skipSpace()
            position += 1  // ':'
            skipSpace()
            let valueStart = position
            value(at: path + [.key(name)])
            if path.isEmpty && name == "format" { rootFormatValue = valueStart..<position }
            skipSpace()
            if position < bytes.count, bytes[position] == UInt8(ascii: ",") { position += 1 }
        }
        position += 1
    }

    private mutating func array(at path: [Component]) {
        position += 1
        var index = 0
        while true {
            skipSpace()
            guard position < bytes.count, bytes[position] != UInt8(ascii: "]") else { break }
            value(at: path + [.index(index)])
            index += 1
            skipSpace()
            if position < bytes.count, bytes[position] == UInt8(ascii: ",") { position += 1 }
        }
        position += 1
    }

    /// Reads a string at `position` and decodes it.
    private mutating func string() -> String {
        let start = position
        position += 1
        while position < bytes.count, bytes[position] != UInt8(ascii: "\"") {
            position += bytes[position] == UInt8(ascii: "\\") ? 2 : 1
        }
        position += 1
        if case .string(let text)? = try? Value(jsonBytes: bytes[start..<min(position, bytes.count)]) { return text }
        return ""
    }

    private mutating func skipSpace() {
        while position < bytes.count, " \t\r\n".utf8.contains(bytes[position]) { position += 1 }
    }
}
