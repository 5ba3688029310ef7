extension ContentNode {
    /// How this node presents itself to a screen reader, or nil when it is not an element (stacks,
    /// spacers, dividers, an image without a label, hidden nodes). What the plugin set (`accessibility`)
    /// wins; the rest is inferred as UIKit infers it for its views: a button is a button labelled by its
    /// title; a text field a text field labelled by its placeholder; text is static text, or a header when
    /// it is the content's `title` (`titleText`); an image is an element only when labelled.
    public func accessibility(isTitle: Bool) -> AccessibilityDescription? {
        let set = accessibility ?? ContentAccessibility()
        guard !set.hidden else { return nil }
        let inferred: (role: AccessibilityRole, label: String)?
        switch kind {
        case .text(let string, _, _, _, _, _): inferred = (isTitle ? .header : .text, string)
        case .button(let title, _, _): inferred = (.button, title)
        case .textField(_, let placeholder, _): inferred = (.textField, placeholder)
        case .image: inferred = set.label == nil ? nil : (.image, "")
        case .vstack, .hstack, .overlay, .spacer, .divider: inferred = set.label == nil ? nil : (.text, "")
        }
        guard let inferred else { return nil }
        return AccessibilityDescription(
            role: set.role ?? inferred.role, label: set.label ?? inferred.label, value: set.value, traits: set.traits)
    }

    /// The path (child indices) of the text a screen reader takes as this content's title: the first
    /// text marked a header, else the first text in document order if it is semibold or bolder (an
    /// alert's title, a sheet's heading). Nil when there is none.
    public var titleTextPath: [Int]? {
        var first: (path: [Int], weight: Weight)?
        var header: [Int]?
        walkReadable(path: []) { node, path in
            guard case .text(_, _, let weight, _, _, _) = node.kind else { return }
            if header == nil, node.accessibility?.role == .header { header = path }
            if first == nil { first = (path, weight) }
        }
        if let header { return header }
        guard let first, first.weight.rawValue >= Weight.semibold.rawValue, accessibilityRoleOfPath(first.path) == nil else {
            return nil
        }
        return first.path
    }

    /// The role the plugin set on the node at `path`, if any.
    private func accessibilityRoleOfPath(_ path: [Int]) -> AccessibilityRole? {
        var node = self
        for index in path { node = node.children[index] }
        return node.accessibility?.role
    }

    /// Calls `body` on every node a screen reader can reach, in document order, with its path: not
    /// hidden, and not inside a labelled container (which is read as one element, its children not).
    public func walkReadable(path: [Int], _ body: (ContentNode, [Int]) -> Void) {
        guard accessibility?.hidden != true else { return }
        body(self, path)
        guard !isLabelledContainer else { return }
        for (index, child) in children.enumerated() { child.walkReadable(path: path + [index], body) }
    }

    /// A stack or overlay the plugin labelled: one element, read with its label, its children not.
    public var isLabelledContainer: Bool { !children.isEmpty && accessibility?.label != nil }

    /// The id of the frame node drawn for the node at `path` of content drawn under `root`
    /// (`popup.3.content` and [0, 2]: `popup.3.content.0.2`).
    public static func frameID(_ path: [Int], under root: String) -> String {
        path.reduce(root) { $0 + ".\($1)" }
    }

    /// The id of the frame node of the content's title, drawn under `root`.
    public func titleFrameID(under root: String) -> String? { titleTextPath.map { Self.frameID($0, under: root) } }

    /// The text of the content's title, if it has one.
    public var titleText: String? {
        guard let path = titleTextPath else { return nil }
        var node = self
        for index in path { node = node.children[index] }
        return node.accessibility?.label ?? node.textString
    }

    /// A text node's string.
    var textString: String? {
        if case .text(let string, _, _, _, _, _) = kind { return string }
        return nil
    }

    /// What a screen reader reads of this content before it is laid out (`pophost inspect
    /// --accessibility`): each element's path and description, in document order.
    public var readableElements: [(path: [Int], description: AccessibilityDescription)] {
        let title = titleTextPath
        var elements: [(path: [Int], description: AccessibilityDescription)] = []
        walkReadable(path: []) { node, path in
            if let description = node.accessibility(isTitle: path == title) { elements.append((path, description)) }
        }
        return elements
    }
}
