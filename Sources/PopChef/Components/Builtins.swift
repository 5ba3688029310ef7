import PopModel

// The built-in defaults for parts a request leaves out.

/// Normal priority, no veto, no actions.
final class BuiltinHandler: HandlerComponent, Sendable {
    static let shared = BuiltinHandler()
    let id = "builtin"
}

/// An alert from the data: `title` and `message` (strings, optional) and an OK button that
/// dismisses it (the host action `pop.dismiss`). Its text follows the person's traits as UIKit's
/// alert's does: the label colour of the appearance; the title in the Headline style, the message
/// in Footnote.
final class BuiltinViewLoader: ViewLoaderComponent, Sendable {
    static let shared = BuiltinViewLoader()
    let id = "builtin"

    func build(data: RequestData) throws(ComponentFailure) -> ContentNode {
        var children: [ContentNode] = []
        if case .string(let title)? = data.value.lookup(path: "title") {
            children.append(
                ContentNode(
                    .text(title, size: 17, weight: .semibold, color: 0x000000FF, alignment: .center, maxLines: 0),
                    semantics: ContentSemantics(foreground: .label, textStyle: .headline)))
        }
        if case .string(let message)? = data.value.lookup(path: "message") {
            children.append(
                ContentNode(
                    .text(message, size: 13, weight: .regular, color: 0x000000FF, alignment: .center, maxLines: 0),
                    semantics: ContentSemantics(foreground: .label, textStyle: .footnote)))
        }
        children.append(ContentNode(.button("OK", style: .default, action: HostAction.dismiss)))
        var root = ContentNode(.vstack(spacing: 12, alignment: .center, children: children))
        root.padding = EdgeInsets(top: 20, leading: 20, bottom: 20, trailing: 20)
        return root
    }
}

/// The host's alert presentation, unchanged.
final class BuiltinControllerLoader: ControllerLoaderComponent, Sendable {
    static let shared = BuiltinControllerLoader()
    let id = "builtin"
}

/// Passes the data through to both.
final class BuiltinReformer: ReformerComponent, Sendable {
    static let shared = BuiltinReformer()
    let id = "builtin"

    func reform(data: RequestData) throws(ComponentFailure) -> (view: Value?, controller: Value?) { (nil, nil) }
}

/// Button actions the host itself handles (names in the reserved "pop." namespace).
public enum HostAction {
    /// Dismisses the popup (reason action).
    public static let dismiss = "pop.dismiss"
    public static let all: Set<String> = [dismiss]
}
