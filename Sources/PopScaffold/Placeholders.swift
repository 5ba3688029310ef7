import Foundation

/// The names the project templates are written with, and what replaces them in a generated project.
///
/// Each template (Templates/c, Templates/swift, Templates/rust) is a working plugin project named
/// `my-popup`, module (Rust: library crate) `my_popup`, plugin id `com.example.my-popup`: it builds
/// and passes `pophost test` as it is, so a template is edited and checked like any plugin.
/// `pophost new` copies it with those names, in file paths and contents alike, replaced by the
/// project's. README prose (and the Rust binding's doc) names the ABI version as `1.x.y`.
struct Placeholders {
    static let name = "my-popup"
    static let moduleName = "my_popup"
    static let id = "com.example.my-popup"
    static let abiVersion = "1.x.y"

    /// Placeholder and replacement, in the order a tie is settled: the id before the name it contains.
    private let replacements: [(placeholder: String, value: String)]

    init(identity: PluginIdentity, abiVersion: String) {
        replacements = [
            (Self.id, identity.id),
            (Self.name, identity.name),
            (Self.moduleName, identity.moduleName),
            (Self.abiVersion, abiVersion),
        ]
    }

    /// `text` with every placeholder replaced, in one pass from the start: a replacement is never
    /// searched again, so an id such as `com.acme.my-popup-2` survives the name's replacement.
    func fill(_ text: String) -> String {
        var result = ""
        var rest = text[...]
        while let next = nextPlaceholder(in: rest) {
            result += rest[..<next.range.lowerBound]
            result += next.value
            rest = rest[next.range.upperBound...]
        }
        return result + rest
    }

    /// The earliest placeholder in `text`, and its replacement.
    private func nextPlaceholder(in text: Substring) -> (range: Range<String.Index>, value: String)? {
        var earliest: (range: Range<String.Index>, value: String)?
        for (placeholder, value) in replacements {
            guard let range = text.range(of: placeholder) else { continue }
            if earliest == nil || range.lowerBound < earliest!.range.lowerBound { earliest = (range, value) }
        }
        return earliest
    }
}
