import PopModel

/// A frame's accessibility tree as JSON (docs/json.md, "accessibility"): the focus, the containers a
/// modal popup hides, and the reachable containers with their elements in reading order; keys in a
/// fixed order, empty and default fields left out, numbers rounded as frames round them.
public enum AccessibilityJSON {
    public static func value(_ tree: AccessibilityTree) -> Value {
        var members = [Value.Member(key: "focus", value: tree.focus.map(Value.string) ?? .null)]
        if !tree.hidden.isEmpty { members.append(Value.Member(key: "hidden", value: .array(tree.hidden.map(Value.string)))) }
        members.append(Value.Member(key: "containers", value: .array(tree.containers.map(container))))
        return .object(Value.Object(uniqueMembers: members))
    }

    private static func container(_ container: AccessibilityTree.Container) -> Value {
        var members = [
            Value.Member(key: "id", value: .string(container.id)), Value.Member(key: "role", value: .string(container.role.rawValue)),
        ]
        if !container.label.isEmpty { members.append(Value.Member(key: "label", value: .string(container.label))) }
        if container.modal { members.append(Value.Member(key: "modal", value: true)) }
        members.append(Value.Member(key: "elements", value: .array(container.elements.map(element))))
        return .object(Value.Object(uniqueMembers: members))
    }

    private static func element(_ element: AccessibilityTree.Element) -> Value {
        var members = [
            Value.Member(key: "id", value: .string(element.id)), Value.Member(key: "role", value: .string(element.role.rawValue)),
            Value.Member(key: "label", value: .string(element.label)),
        ]
        if let value = element.value { members.append(Value.Member(key: "value", value: .string(value))) }
        if !element.traits.isEmpty { members.append(Value.Member(key: "traits", value: .array(element.traits.names.map(Value.string)))) }
        let frame = element.frame
        members.append(
            Value.Member(
                key: "frame",
                value: .object(
                    Value.Object(uniqueMembers: [
                        Value.Member(key: "x", value: NumberFormat.value(frame.x)),
                        Value.Member(key: "y", value: NumberFormat.value(frame.y)),
                        Value.Member(key: "width", value: NumberFormat.value(frame.width)),
                        Value.Member(key: "height", value: NumberFormat.value(frame.height)),
                    ]))))
        if let action = element.action { members.append(Value.Member(key: "action", value: .string(action))) }
        return .object(Value.Object(uniqueMembers: members))
    }
}
