import Foundation
import PopModel
import PopTestSupport
import Testing

/// docs/presentation.md shows each named theme as the `pop_presentation_t` assignments a C
/// controller loader makes on the pre-filled alert, generated here from `Presentation.named` so the
/// two cannot drift. `POPHOST_RECORD_THEMES=1 swift test --filter ThemeDocument` rewrites the block.
@Suite struct ThemeDocumentTests {
    static let document = Repository.root + "/docs/presentation.md"
    static let start = "<!-- themes-in-c: generated -->\n", end = "<!-- /themes-in-c -->"

    @Test("presentation.md's themes in C terms are the themes' own values, field by field")
    func themesInC() throws {
        let text = try String(contentsOfFile: Self.document, encoding: .utf8)
        let startRange = try #require(text.range(of: Self.start)), endRange = try #require(text.range(of: Self.end))
        let generated = try Self.table()
        if ProcessInfo.processInfo.environment["POPHOST_RECORD_THEMES"] != nil {
            let updated = String(text[..<startRange.upperBound]) + generated + String(text[endRange.lowerBound...])
            try updated.write(toFile: Self.document, atomically: true, encoding: .utf8)
        }
        #expect(
            String(text[startRange.upperBound..<endRange.lowerBound]) == generated,
            "POPHOST_RECORD_THEMES=1 swift test --filter ThemeDocument")
    }

    /// One row a theme: the fields that differ from the pre-filled alert, as C assignments.
    static func table() throws -> String {
        let header = try String(contentsOfFile: Repository.abiInclude + "/pophost/controller_loader.h", encoding: .utf8)
        let base = Mirror(reflecting: Presentation()).children.map { ($0.label ?? "", "\($0.value)") }
        var rows = "| theme | on the pre-filled `pop_presentation_t` |\n|---|---|\n"
        for name in Presentation.named.keys.sorted(by: { ($0 == "alert" ? "" : $0) < ($1 == "alert" ? "" : $1) }) {
            let theme = try #require(Presentation.named[name])
            var assignments: [String] = []
            for (child, (label, baseValue)) in zip(Mirror(reflecting: theme).children, base) where "\(child.value)" != baseValue {
                let field = label == "behindBanner" ? "banner_behind" : snakeCase(label)
                #expect(header.contains(" \(field);") || header.contains(" \(field),"), "pop_presentation_t has no \(field)")
                assignments.append("`\(field) = \(cValue(child.value))`")
            }
            rows += "| `\(name)` | \(assignments.isEmpty ? "nothing: the alert as it comes" : assignments.joined(separator: ", ")) |\n"
        }
        return rows
    }

    /// A Swift value as the C constant or literal that gives it.
    static func cValue(_ value: Any) -> String {
        switch value {
        case let color as UInt32: return "0x" + String(format: "%08X", color)
        case let number as Double: return number == number.rounded() ? String(Int(number)) : "\(number)"
        case let flag as Bool: return flag ? "true" : "false"
        case let curve as Keyframe.Curve?: return curve.map { "POP_CURVE_" + upperSnake("\($0)") } ?? "POP_CURVE_STYLE"
        case let style as Presentation.Style: return "POP_STYLE_" + upperSnake("\(style)")
        case let mask as Presentation.Mask: return "POP_MASK_" + upperSnake("\(mask)")
        case let mode as Presentation.WidthMode: return "POP_WIDTH_" + upperSnake("\(mode)")
        case let show as Presentation.ShowAnimation: return "POP_SHOW_" + upperSnake("\(show)")
        case let hide as Presentation.HideAnimation: return "POP_HIDE_" + upperSnake("\(hide)")
        case let edge as Presentation.Edge: return "POP_EDGE_" + upperSnake("\(edge)")
        case let behind as Presentation.BehindBanner: return "POP_BEHIND_" + upperSnake("\(behind)")
        default: return "\(value)"
        }
    }

    static func snakeCase(_ name: String) -> String {
        name.reduce(into: "") { out, character in
            if character.isUppercase { out += "_" + character.lowercased() } else { out.append(character) }
        }
    }

    static func upperSnake(_ name: String) -> String { snakeCase(name).uppercased() }
}
