import PopChef
import PopModel

/// Writes scenario documents in the newest format: what a recording of a run saves. Each part is
/// written so that the parser reads back the model it came from.
public enum ScenarioWriter {
    /// The members that come before `steps`: format, name, description, the screen (with
    /// `keyboard_height`), the plugin directories — relative to `directory`, where the document is
    /// saved, when they are under the same root — and the arbitration rules when they are not
    /// CSPopKit's.
    public static func header(of scenario: Scenario, name: String, description: String?, directory: String?) -> Value.Object {
        var object: Value.Object = ["format": .int(Int64(Scenario.formatVersion)), "name": .string(name)]
        if let description { object["description"] = .string(description) }
        object["screen"] = .object(screen(scenario.screen))
        object["keyboard_height"] = number(scenario.screen.keyboardHeight)
        if !scenario.plugins.isEmpty {
            object["plugins"] = .array(
                scenario.plugins.map { plugin in .string(directory.map { relativePath(to: plugin, from: $0) } ?? plugin) })
        }
        let configuration = scenario.configuration, defaults = ChefConfiguration()
        if configuration.equalPriorityRule != defaults.equalPriorityRule || configuration.queueOrder != defaults.queueOrder {
            object["arbitration"] = [
                "equal_priority": .string(configuration.equalPriorityRule.rawValue),
                "queue_order": .string(configuration.queueOrder.rawValue),
            ]
        }
        return object
    }

    /// The screen as the document writes it: upright, with its orientation (a landscape screen
    /// turned back: the insets on its sides are the upright top's), and the display traits that are
    /// not the defaults.
    static func screen(_ screen: ScenarioScreen) -> Value.Object {
        let upright = screen.orientation == .portrait
        let insets = screen.safeArea
        var object: Value.Object = [
            "width": number(upright ? screen.width : screen.height),
            "height": number(upright ? screen.height : screen.width),
            "safe_area": upright
                ? [
                    "top": number(insets.top), "left": number(insets.leading), "bottom": number(insets.bottom),
                    "right": number(insets.trailing),
                ]
                : ["top": number(max(insets.leading, insets.trailing)), "left": 0, "bottom": number(insets.bottom), "right": 0],
            "orientation": .string(screen.orientation.rawValue),
            "scale": number(screen.scale),
        ]
        for member in traits(screen.display, from: DisplayTraits()) { object[member.key] = member.value }
        return object
    }

    /// The traits of `display` that differ from `base`, as a `traits` step or the screen names them.
    public static func traits(_ display: DisplayTraits, from base: DisplayTraits) -> Value.Object {
        var object = Value.Object()
        if display.appearance != base.appearance { object["appearance"] = .string(display.appearance.rawValue) }
        if display.contentSize != base.contentSize { object["content_size"] = .string(display.contentSize.name) }
        if display.layoutDirection != base.layoutDirection { object["layout_direction"] = .string(display.layoutDirection.rawValue) }
        if display.reduceMotion != base.reduceMotion { object["reduce_motion"] = .bool(display.reduceMotion) }
        if display.voiceOver != base.voiceOver { object["voice_over"] = .bool(display.voiceOver) }
        return object
    }

    /// A step as an older format wrote it, in the newest: the keys renamed since
    /// (`ScenarioFormat.renames`) take their new names in place; everything else stays.
    public static func newest(_ step: Value.Object) -> Value.Object {
        var written = Value.Object()
        for member in step {
            guard case .object(let object) = member.value else {
                written[member.key] = member.value
                continue
            }
            let renames = ScenarioFormat.renames.filter { $0.object == member.key }
            var renamed = Value.Object()
            for inner in object { renamed[renames.first { $0.old == inner.key }?.new ?? inner.key] = inner.value }
            written[member.key] = .object(renamed)
        }
        return written
    }

    /// `{"x": …, "y": …}`.
    public static func point(_ point: Point) -> Value.Object {
        ["x": number(point.x), "y": number(point.y)]
    }

    /// A time or a duration in milliseconds, to the microsecond the clock counts.
    public static func milliseconds(_ time: VirtualTime) -> Value {
        time.microseconds % 1000 == 0 ? .int(time.microseconds / 1000) : .double(time.milliseconds)
    }

    /// A number as JSON writes it: whole numbers without a fraction.
    public static func number(_ number: Double) -> Value {
        number.rounded() == number && abs(number) < 1e15 ? .int(Int64(number)) : .double(number)
    }

    /// A document laid out for people and diffs: one member of the root a line, and one step or
    /// expectation a line.
    public static func text(_ document: Value.Object) -> String {
        var lines = ["{"]
        for (index, member) in document.enumerated() {
            let comma = index == document.count - 1 ? "" : ","
            let key = Value.string(member.key).json
            switch member.value {
            case .array(let elements) where !elements.isEmpty:
                lines.append("  \(key): [")
                lines += elements.enumerated().map { "    \($1.json)\($0 == elements.count - 1 ? "" : ",")" }
                lines.append("  ]\(comma)")
            case .object(let object) where object.contains(where: { if case .array = $0.value { true } else { false } }):
                lines.append("  \(key): {")
                for (inner, nested) in object.enumerated() {
                    let innerComma = inner == object.count - 1 ? "" : ","
                    let nestedKey = Value.string(nested.key).json
                    if case .array(let elements) = nested.value, !elements.isEmpty {
                        lines.append("    \(nestedKey): [")
                        lines += elements.enumerated().map { "      \($1.json)\($0 == elements.count - 1 ? "" : ",")" }
                        lines.append("    ]\(innerComma)")
                    } else {
                        lines.append("    \(nestedKey): \(nested.value.json)\(innerComma)")
                    }
                }
                lines.append("  }\(comma)")
            default:
                lines.append("  \(key): \(member.value.json)\(comma)")
            }
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    /// `path` relative to the directory `base`, both absolute and lexical (`..` where they part).
    static func relativePath(to path: String, from base: String) -> String {
        let target = path.split(separator: "/"), origin = base.split(separator: "/")
        let common = zip(target, origin).prefix { $0 == $1 }.count
        let parts = Array(repeating: "..", count: origin.count - common) + target.dropFirst(common).map(String.init)
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }
}
