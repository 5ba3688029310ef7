import PopModel

/// Checks a finished run against its scenario's expectations: the trace must contain the expected
/// events in order (a subsequence: other events may come between), and each expected frame property
/// must hold within the tolerance. Each failure names the expectation (`expect.trace[2]`, …).
extension ScenarioRunner {
    public func verify() -> [ScenarioError] {
        verifyTrace() + scenario.expectations.frames.compactMap(verify) + verifyPages() + verifyBubbles()
            + scenario.expectations.accessibility.compactMap(verify)
    }

    private func verify(_ expected: AccessibilityExpectation) -> ScenarioError? {
        guard let frame = expectedFrames[expected.at] else {
            return failure(expected.path, "no frame was drawn at \(expected.at.milliseconds) ms")
        }
        let tree = frame.accessibility, when = "at \(expected.at.milliseconds) ms"
        let heard = tree.elements.map(\.label)
        let listing = heard.isEmpty ? "nothing is reachable" : "reachable: " + heard.map { "\"\($0)\"" }.joined(separator: ", ")
        if let focus = expected.focus {
            let focused = tree.focusedElement?.label
            if focused.map(Self.folded) != focus.map(Self.folded) {
                return failure(
                    expected.path + ".focus",
                    "the focus is on \(focused.map { "\"\($0)\"" } ?? "nothing") \(when), expected \(focus.map { "\"\($0)\"" } ?? "nothing")"
                )
            }
        }
        if let reachable = expected.reachable {
            var remaining = heard.map(Self.folded)[...]
            for label in reachable {
                guard let index = remaining.firstIndex(of: Self.folded(label)) else {
                    return failure(expected.path + ".reachable", "\"\(label)\" is not reachable in that order \(when) (\(listing))")
                }
                remaining = remaining[(index + 1)...]
            }
        }
        for label in expected.unreachable ?? [] where heard.map(Self.folded).contains(Self.folded(label)) {
            return failure(expected.path + ".unreachable", "\"\(label)\" is reachable \(when)")
        }
        if let modal = expected.modal {
            let container = tree.containers.first(where: \.modal)
            switch modal {
            case .none:
                if let container { return failure(expected.path + ".modal", "\(container.id) is modal \(when)") }
            case .request(let label):
                guard let request = labels[label] else { return failure(expected.path + ".modal", "\"\(label)\" was never shown") }
                if container?.request != request {
                    return failure(
                        expected.path + ".modal", "\(container.map { "\($0.id) is" } ?? "no popup is") modal \(when), not popup.\(request)")
                }
            }
        }
        return nil
    }

    /// A label as compared: without case.
    private static func folded(_ label: String) -> String { label.lowercased() }

    private func verifyBubbles() -> [ScenarioError] {
        guard let expected = scenario.expectations.bubbles else { return [] }
        let bubbles = engine.floating.bubbles
        guard bubbles.count == expected.count else {
            let found = bubbles.map { "\($0.name) (\($0.declaration.keep))" }.joined(separator: ", ")
            return [failure("expect.bubbles", "\(bubbles.count) bubbles float, expected \(expected.count): [\(found)]")]
        }
        var failures: [ScenarioError] = []
        for (index, (want, have)) in zip(expected, bubbles).enumerated() {
            let path = "expect.bubbles[\(index)]"
            let checks: [(String, Bool, String)] = [
                ("keep", want.keep.map { $0 == have.declaration.keep } ?? true, "keeps \"\(have.declaration.keep)\""),
                ("logo", want.logo.map { $0 == have.declaration.logo } ?? true, "shows \"\(have.declaration.logo)\""),
                ("page", want.page.map { $0 == have.kind } ?? true, "makes a \"\(have.kind)\" page"),
                ("x", want.x.map { abs($0 - have.origin.x) <= 0.5 } ?? true, "rests at x \(have.origin.x)"),
                ("y", want.y.map { abs($0 - have.origin.y) <= 0.5 } ?? true, "rests at y \(have.origin.y)"),
                ("open", want.open.map { $0 == (have.openPage != nil) } ?? true, have.openPage == nil ? "floats" : "is open"),
            ]
            for (key, holds, actual) in checks where !holds {
                failures.append(failure("\(path).\(key)", "\(have.name) \(actual)"))
            }
        }
        return failures
    }

    private func verifyPages() -> [ScenarioError] {
        var failures: [ScenarioError] = []
        let navigation = engine.pages.navigation
        if let pages = scenario.expectations.pages, navigation.pages.map(\.kind) != pages {
            failures.append(failure("expect.pages", "the stack is [\(navigation.pages.map(\.kind).joined(separator: ", "))]"))
        }
        if let bar = scenario.expectations.bar {
            guard let style = navigation.barStyle else { return failures + [failure("expect.bar", "no page is on the stack")] }
            for key in bar.keys where ScenarioPage.member(key, of: style) != ScenarioPage.member(key, of: bar.style) {
                failures.append(
                    failure(
                        "expect.bar.\(key)",
                        "the bar has \(key) \(ScenarioPage.member(key, of: style)), expected \(ScenarioPage.member(key, of: bar.style))"))
            }
        }
        return failures
    }

    private func verifyTrace() -> [ScenarioError] {
        let events = recorder.events
        var position = 0
        for expected in scenario.expectations.trace {
            let request = expected.request.flatMap { labels[$0] }
            if expected.request != nil && request == nil {
                return [failure(expected.path, "\"\(expected.request!)\" was never shown")]
            }
            guard
                let found = events[position...].firstIndex(where: { event in
                    event.kind == expected.event && (request == nil || event.request == request)
                        && (expected.reason == nil || event.reason == expected.reason)
                        && (expected.page == nil || event.detail == expected.page || event.detail?.hasPrefix(expected.page! + "#") == true
                            || event.detail?.hasPrefix(expected.page! + ":") == true)
                })
            else {
                let after =
                    position > 0 ? " after \(events[position - 1].kind.rawValue) at \(events[position - 1].time.milliseconds) ms" : ""
                return [
                    failure(
                        expected.path,
                        "no \"\(expected.event.rawValue)\"\(expected.request.map { " of \"\($0)\"" } ?? "")\(expected.page.map { " of page \"\($0)\"" } ?? "")"
                            + "\(expected.reason.map { " (reason \($0))" } ?? "")\(after); the trace has: "
                            + events[position...].prefix(12).map(Self.describe).joined(separator: ", "))
                ]
            }
            position = found + 1
        }
        return []
    }

    /// "shown#2", or with what went wrong for a misbehaviour: "misbehaviour#1 (build returned false)".
    private static func describe(_ event: TraceEvent) -> String {
        let what = "\(event.kind.rawValue)#\(event.request)"
        guard event.kind == .misbehaviour, let detail = event.detail, !detail.isEmpty else { return what }
        return "\(what) (\(detail))"
    }

    private func verify(_ expected: ScenarioExpectations.FrameEntry) -> ScenarioError? {
        guard let frame = expectedFrames[expected.at] else {
            return failure(expected.path, "no frame was drawn at \(expected.at.milliseconds) ms")
        }
        var id = expected.node ?? ""
        if let label = expected.request {
            guard let request = labels[label] else { return failure(expected.path, "\"\(label)\" was never shown") }
            id = "popup.\(request)" + (expected.node.map { "." + $0 } ?? "")
        }
        let node = frame.node(id)
        let tolerance = expected.tolerance
        if expected.detent != nil || expected.sheetHeight != nil, let problem = verifySheet(expected) { return problem }
        if let visible = expected.visible {
            let drawn = node.map { $0.opacity > 0.01 } ?? false
            if drawn != visible {
                return failure(expected.path, "\(id) is \(drawn ? "visible" : "not visible") at \(expected.at.milliseconds) ms")
            }
            if !visible { return nil }
        }
        guard let node else {
            return failure(expected.path, "no node \(id) at \(expected.at.milliseconds) ms" + Self.nodeHint(id, in: frame))
        }
        if let role = expected.role, node.role != role {
            return failure(expected.path, "\(id) is a \(node.role.rawValue), not a \(role.rawValue)")
        }
        if let rect = expected.rect {
            for (name, want, have) in [
                ("x", rect.x, node.rect.x), ("y", rect.y, node.rect.y),
                ("width", rect.width, node.rect.width), ("height", rect.height, node.rect.height),
            ] {
                if let want, abs(want - have) > tolerance {
                    return failure(expected.path + ".rect.\(name)", "\(id) has \(name) \(have), expected \(want) ± \(tolerance)")
                }
            }
        }
        if let opacity = expected.opacity, abs(opacity - node.opacity) > tolerance {
            return failure(expected.path + ".opacity", "\(id) has opacity \(node.opacity), expected \(opacity) ± \(tolerance)")
        }
        let drawn = node.text?.lines.joined(separator: " ") ?? ""
        if let text = expected.text, drawn != text {
            return failure(expected.path + ".text", "\(id) shows \"\(drawn)\", not \"\(text)\"")
        }
        if let part = expected.textContains, !drawn.contains(part) {
            return failure(expected.path + ".text_contains", "\(id) shows \"\(drawn)\", which does not contain \"\(part)\"")
        }
        return nil
    }

    /// A frame entry's `detent` and `sheet_height`.
    private func verifySheet(_ expected: ScenarioExpectations.FrameEntry) -> ScenarioError? {
        guard let label = expected.request, let id = labels[label] else {
            return failure(expected.path, "\"detent\" and \"sheet_height\" need the \"request\" of a sheet")
        }
        guard let sheet = expectedSheets[expected.at]?[id] else {
            return failure(expected.path, "\"\(label)\" is not a sheet on screen at \(expected.at.milliseconds) ms")
        }
        if let detent = expected.detent, detent != sheet.detent {
            return failure(expected.path + ".detent", "\"\(label)\" rests at detent \"\(sheet.detent)\", not \"\(detent)\"")
        }
        if let height = expected.sheetHeight, abs(height - sheet.height) > expected.tolerance {
            return failure(
                expected.path + ".sheet_height", "\"\(label)\" is \(sheet.height) high, expected \(height) ± \(expected.tolerance)")
        }
        return nil
    }

    private func failure(_ path: String, _ message: String) -> ScenarioError {
        ScenarioError(.expectation, file: scenario.file, path: path, message: message)
    }
}

extension ScenarioRunner {
    /// What an expectation naming a missing node might have meant: the nearest id in the frame, or
    /// the ids under the same parent ("; did you mean …" / "; under popup.2.content: …").
    private static func nodeHint(_ id: String, in frame: Frame) -> String {
        let ids = frame.nodes.map(\.id)
        if let near = Spelling.nearest(to: id, among: ids) { return " (did you mean \"\(near)\"?)" }
        // Else the children of the nearest ancestor that has any.
        var parent = Substring(id)
        while let dot = parent.lastIndex(of: ".") {
            parent = parent[..<dot]
            let children = ids.filter { $0.hasPrefix(parent + ".") && !$0.dropFirst(parent.count + 1).contains(".") }
            if !children.isEmpty {
                return "; under \(parent): " + children.prefix(8).joined(separator: ", ") + (children.count > 8 ? ", …" : "")
            }
        }
        return ""
    }
}
