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
            changes.append(
                Change(
                    path: "format", description: "added as \(ScenarioFormat.newest) (a file without it is format \(ScenarioFormat.assumed))"
                ))
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
