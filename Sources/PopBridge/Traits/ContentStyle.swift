import PluginABI
import PopLoader
import PopModel

/// The host extension "pop.content_style/1" (ext/content_style.h): content builder modifiers that
/// name colours, text sizes and a direction by meaning. Each sets the node's `semantics` and, where
/// the node has a fixed value for it, that value for the default traits (light, the default text
/// size), so content built this way draws as a fixed one would at the defaults; the host resolves
/// the rest per frame (`ContentNode.resolved(for:)`). Misuse makes the content invalid, as
/// content.h's does.
package enum ContentStyle {
    /// The table plugins get from `get_extension("pop.content_style/1")`, offered to every plugin
    /// loaded in this process from the first use of the bridge on.
    package static let offered: Void = {
        HostExtensions.offer(POP_HOST_EXT_CONTENT_STYLE) { (style: inout pop_host_content_style_t) in
            style.text_style = { b, raw in
                let function = "text_style"
                guard let owner = ContentBuilder.owner(of: b),
                    let textStyle = owner.check(TextStyle(rawValue: raw), "style", raw, in: function)
                else { return }
                owner.modifyText(function) { node, size, _ in
                    node.semantics = (node.semantics ?? ContentSemantics()).with { $0.textStyle = textStyle }
                    size = textStyle.size(at: .large)
                }
            }
            style.foreground = { b, raw in
                let function = "foreground"
                guard let owner = ContentBuilder.owner(of: b),
                    let color = owner.check(SemanticColor(rawValue: raw), "colour", raw, in: function)
                else { return }
                owner.modifyText(function) { node, _, fixed in
                    node.semantics = (node.semantics ?? ContentSemantics()).with { $0.foreground = color }
                    fixed = color.resolved(for: .light)
                }
            }
            style.background = { b, raw in
                let function = "background"
                guard let owner = ContentBuilder.owner(of: b),
                    let color = owner.check(SemanticColor(rawValue: raw), "colour", raw, in: function)
                else { return }
                owner.modify(function) { node in
                    node.semantics = (node.semantics ?? ContentSemantics()).with { $0.background = color }
                    node.background = color.resolved(for: .light)
                }
            }
            style.border = { b, width, raw in
                let function = "border"
                guard let owner = ContentBuilder.owner(of: b), owner.checkLength(width, "width", in: function),
                    let color = owner.check(SemanticColor(rawValue: raw), "colour", raw, in: function)
                else { return }
                owner.modify(function) { node in
                    node.semantics = (node.semantics ?? ContentSemantics()).with { $0.border = color }
                    node.border = ContentNode.Border(width: width, color: color.resolved(for: .light))
                }
            }
            style.direction = { b, raw in
                let function = "direction"
                guard let owner = ContentBuilder.owner(of: b),
                    let direction = owner.check(SemanticDirection(rawValue: raw), "direction", raw, in: function)
                else { return }
                owner.modify(function) { node in
                    node.semantics = (node.semantics ?? ContentSemantics()).with { $0.direction = direction }
                }
            }
        }
    }()
}

extension ContentSemantics {
    /// A copy changed by `change`.
    fileprivate func with(_ change: (inout ContentSemantics) -> Void) -> ContentSemantics {
        var copy = self
        change(&copy)
        return copy
    }
}

extension ContentBuilder {
    /// A modifier for text nodes only: `change` gets the node, its size and its colour; on any other
    /// node it is a misuse.
    fileprivate func modifyText(_ function: String, _ change: (inout ContentNode, inout Double, inout ContentNode.Color) -> Void) {
        modify(function) { node in
            guard case .text(let string, var size, let weight, var color, let alignment, let maxLines) = node.kind else {
                return fail("\(function): the node is \(node.kind.builderName), not text (\(function) applies to text nodes)")
            }
            change(&node, &size, &color)
            node.kind = .text(string, size: size, weight: weight, color: color, alignment: alignment, maxLines: maxLines)
        }
    }
}

extension ContentNode.Kind {
    /// The builder function that makes a node of this kind, for misuse messages.
    fileprivate var builderName: String {
        switch self {
        case .vstack: "a vstack"
        case .hstack: "an hstack"
        case .overlay: "an overlay"
        case .text: "text"
        case .button: "a button"
        case .textField: "a text_field"
        case .image: "an image"
        case .spacer: "a spacer"
        case .divider: "a divider"
        }
    }
}
