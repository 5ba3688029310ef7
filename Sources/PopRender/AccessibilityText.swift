import PopModel

/// A frame's accessibility tree as lines a person reads (`pophost show --accessibility`, `inspect`):
/// each reachable container, then its elements in reading order with their role, label, value, states
/// and where they are; the focused element marked `▸`; what a modal popup hides, last.
public enum AccessibilityText {
    public static func lines(_ tree: AccessibilityTree) -> [String] {
        var lines: [String] = []
        for container in tree.containers {
            var head = "\(container.role.rawValue) \(container.id)"
            if !container.label.isEmpty { head += " \(quoted(container.label))" }
            if container.modal { head += " (modal)" }
            lines.append(head)
            if container.elements.isEmpty { lines.append("    (no elements)") }
            for element in container.elements {
                var line = (element.id == tree.focus ? "  ▸ " : "    ") + "\(element.role.rawValue) \(quoted(element.label))"
                if let value = element.value { line += " value \(quoted(value))" }
                if !element.traits.isEmpty { line += " [\(element.traits.names.joined(separator: ", "))]" }
                line += "  \(element.id) at \(TraceText.rect(element.frame))"
                lines.append(line)
            }
        }
        if !tree.hidden.isEmpty { lines.append("hidden by the modal popup: \(tree.hidden.joined(separator: ", "))") }
        return lines
    }

    private static func quoted(_ text: String) -> String { "\"\(text)\"" }
}
