import PopChef
import PopModel
import PopPresentation

/// A view loader's popup as an accessibility audit sees it: shown on a fresh stage under some
/// traits and left to settle, with its frame, its content and the stage to act on.
struct AuditedPopup {
    let run: PopupRun
    let id: RequestID
    let traits: DisplayTraits
    /// The content the view loader built under `traits`.
    let content: ContentNode
    /// The frame once the popup has come in.
    let frame: Frame

    var stage: Stage { run.stage }
    /// The id of the popup's container node (`popup.3`), and of its content's root.
    var popupNodeID: String { "popup.\(id)" }
    var contentRootID: String { popupNodeID + ".content" }

    /// The frame nodes drawn for the request, back to front.
    var nodes: [FrameNode] { frame.nodes.filter { $0.request == id } }

    /// The popup's reachable elements, in reading order.
    var elements: [AccessibilityTree.Element] { frame.accessibility.elements.filter { $0.request == id } }

    /// The content node drawn as the frame node `nodeID`, when it is one of the content's.
    func contentNode(drawnAs nodeID: String) -> ContentNode? {
        guard nodeID == contentRootID || nodeID.hasPrefix(contentRootID + ".") else { return nil }
        var node = content
        for step in nodeID.dropFirst(contentRootID.count).split(separator: ".") {
            guard let index = Int(step), node.children.indices.contains(index) else { return nil }
            node = node.children[index]
        }
        return node
    }

    /// "dark, ax5, rtl", with "VoiceOver" when it runs.
    static func describe(_ traits: DisplayTraits) -> String {
        TraitChecks.describe(traits) + (traits.voiceOver ? ", VoiceOver" : "")
    }

    /// A frame node named for a finding: its id and the text drawn in it (`popup.1.content.0.1 "Total"`).
    static func describe(_ node: FrameNode) -> String {
        let words = node.text.map { $0.lines.joined(separator: " ") } ?? node.accessibility?.label ?? node.field ?? ""
        return words.isEmpty ? node.id : "\(node.id) \"\(words)\""
    }

    /// An element named for a finding: its id, role and label (`popup.1.content.0.2 button "Pay"`).
    static func describe(_ element: AccessibilityTree.Element) -> String {
        "\(element.id) \(element.role.rawValue) \"\(element.label)\""
    }
}
