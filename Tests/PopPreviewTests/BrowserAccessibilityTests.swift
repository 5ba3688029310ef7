import Foundation
import PopTestSupport
import Testing

@testable import PopHarness
@testable import PopModel
@testable import PopPreview

/// The player's ARIA mirror as the browser itself sees it: the accessibility tree Chromium computes
/// (DevTools' `Accessibility.getFullAXTree`), and the payment dialog confirmed with the keyboard alone.
extension BrowserTests {
    /// The demo's player at 6.5 s, the payment dialog up, its mirror drawn.
    static func paymentDialog(_ fixture: PreviewFixture) async throws -> WebDriver {
        let browser = try await WebDriver()
        try await browser.open(fixture.base + "/")
        try await browser.click("#tab-player")
        try await browser.wait(for: "the player's first frame", seconds: 60, "return window.pophost.lastFrame ? true : null")
        try await scrub(browser, to: 6500)
        try await browser.wait(for: "the mirror's alert", "return document.querySelector('#mirror [role=alertdialog]') ? true : null")
        return browser
    }

    @Test(
        "Chromium's accessibility tree has the payment alert as a modal alertdialog named by its title, with its buttons; the page beneath is absent"
    )
    func accessibilityTree() async throws {
        let fixture = try await PreviewFixture()
        let browser = try await Self.paymentDialog(fixture)
        let host = try await fixture.json("/api/state")
        guard case .array(let containers)? = host["accessibility"]?["containers"],
            case .array(let elements)? = containers.first?["elements"]
        else {
            Issue.record("no accessibility tree in the state: \(host.json.prefix(400))")
            return
        }
        #expect(containers.count == 1 && containers.first?["role"] == "alert-dialog", "\(host["accessibility"]?.json ?? "")")
        #expect(host["accessibility"]?["hidden"].map { $0.json.contains(#""app""#) } == true)
        guard case .string(let title)? = elements.first(where: { $0["role"] == "header" })?["label"] else {
            Issue.record("the alert has no header: \(Value.array(containers).json)")
            return
        }
        let buttons = elements.filter { $0["role"] == "button" }.compactMap {
            if case .string(let label)? = $0["label"] { label } else { nil }
        }
        #expect(buttons.count >= 2, "\(buttons)")

        let tree = try AXTree(try await browser.devTools("Accessibility.getFullAXTree"))
        let dialogs = tree.nodes.filter { $0.role == "alertdialog" }
        #expect(dialogs.count == 1, "\(tree.nodes.map(\.role))")
        let dialog = try #require(dialogs.first)
        #expect(dialog.name == title)
        #expect(dialog.properties["modal"] == true)
        let message = elements.first { $0["role"] == "text" }?["label"]
        #expect(message.map { .string(dialog.description) == $0 } == true, "described by its message: \(dialog.description)")
        let inside = tree.descendants(of: dialog)
        for button in buttons {
            #expect(inside.contains { $0.role == "button" && $0.name == button }, "\(button) in \(inside.map { "\($0.role) \($0.name)" })")
        }
        #expect(inside.contains { $0.role == "heading" && $0.name == title })
        // Beneath: nothing else of the phone, neither the app's page nor the picture (the workbench's
        // own controls around the phone stay, as they are no part of the app).
        let phone = try #require(tree.nodes.first { $0.role == "region" && $0.name == "the scenario's screen" })
        let beneath = tree.descendants(of: phone).filter { node in node != dialog && !inside.contains(node) }
        #expect(beneath.allSatisfy { $0.role == "generic" || $0.role == "none" }, "\(beneath.map { "\($0.role) \($0.name)" })")
        #expect(!tree.nodes.contains { $0.name == "the scenario's frame" }, "the picture is hidden")
        // At 2.6 s the promotion's alert is up, and above it the banner: a polite, atomic status.
        try await Self.scrub(browser, to: 2600)
        try await browser.wait(for: "the mirror's banner", "return document.querySelector('#mirror [role=status]') ? true : null")
        let early = try AXTree(try await browser.devTools("Accessibility.getFullAXTree"))
        let banner = try #require(early.nodes.first { $0.role == "status" })
        #expect(banner.properties["live"] == "polite" && banner.properties["atomic"] == true, "\(banner.properties)")
        #expect(early.descendants(of: banner).contains { $0.role == "heading" }, "the banner's title")
        #expect(early.nodes.filter { $0.role == "alertdialog" }.count == 1)
        try await Self.scrub(browser, to: 6500)
        // Each mirror element lies over its drawn rectangle: the frame node's box, through the picture's scale.
        let misplaced = try await browser.execute(
            """
            const request = new XMLHttpRequest();
            request.open('GET', '/api/frame.json?t=6500', false);
            request.send();
            const frame = JSON.parse(request.responseText);
            const image = document.getElementById('frame');
            const box = image.getBoundingClientRect();
            const scale = box.width / image.naturalWidth;
            const origin = (image.naturalWidth - frame.screen.width) / 2;
            return frame.nodes.filter(n => n.action).flatMap(n => {
              const shown = document.getElementById('ax-' + n.id).getBoundingClientRect();
              const want = [box.left + (origin + n.rect.x) * scale, box.top + (origin + n.rect.y) * scale, n.rect.width * scale, n.rect.height * scale];
              const got = [shown.left, shown.top, shown.width, shown.height];
              return want.some((v, i) => Math.abs(v - got[i]) > 1) ? [n.id + ': ' + got.join(',') + ' not ' + want.join(',')] : [];
            });
            """)
        #expect(misplaced == [], "\(misplaced.json)")
    }

    @Test("the payment dialog is confirmed with the keyboard alone: Tab into the phone, Tab to the confirm button, Enter")
    func keyboardConfirm() async throws {
        let fixture = try await PreviewFixture()
        let browser = try await Self.paymentDialog(fixture)
        let confirm = try await browser.execute(
            "return window.pophost.accessibility.containers.flatMap(c => c.elements).find(e => e.action === 'confirm').id")
        guard case .string(let id) = confirm else {
            Issue.record("no confirm button in the mirror: \(confirm.json)")
            return
        }
        // Where a person who scrubbed the timeline is: on the slider; from there the keyboard alone.
        try await browser.execute("document.getElementById('scrub').focus()")
        var presses = 0
        while try await browser.execute("return document.activeElement.dataset.id || null") != .string(id) {
            presses += 1
            guard presses <= 40 else {
                Issue.record("Tab never reached the confirm button")
                return
            }
            let before = try await browser.execute("return window.pophost.accessibility.focus")
            try await browser.press(WebDriver.tab)
            try await browser.wait(
                for: "the host's focus to follow Tab",
                """
                const f = window.pophost.accessibility && window.pophost.accessibility.focus;
                return f && f !== \(before.json) && document.activeElement.dataset.id === f ? true : null
                """)
        }
        let state = try await fixture.json("/api/state")
        #expect(state["traits"]?["voice_over"] == true, "the keyboard turned VoiceOver on")
        #expect(state["accessibility"]?["focus"] == .string(id))
        try Self.record(try await browser.screenshot(), as: "preview-accessibility.png")
        try await browser.press(WebDriver.enter)
        let row = try await browser.wait(
            for: "the confirm action in the trace",
            "return [...document.querySelectorAll('#trace tr')].map(r => r.textContent).find(t => t.includes('action') && t.includes('confirm')) || null"
        )
        #expect(row.json.contains("confirm"))
        let trace = try await fixture.request("/api/trace").text
        #expect(trace.contains(#""event":"a11y-focus""#) && trace.contains(#""event":"action""#), "\(trace.suffix(600))")
        // The alert gone, the host's focus leaves it, and the DOM focus follows it out.
        try await Self.scrub(browser, to: 8000)
        let after = try await browser.wait(
            for: "the DOM focus to follow the host's out of the alert",
            """
            const f = window.pophost.accessibility.focus;
            return f && !f.startsWith('popup.3.') && document.activeElement.dataset.id === f ? f : null
            """)
        #expect(after != .null)
    }
}

extension BrowserTests {
    @Test("each view loader's card shows the a11y.* tests of its plugin in the CLI's words, or says the harness has none")
    func auditBesidePictures() async throws {
        let fixture = try await PreviewFixture()
        let browser = try await WebDriver()
        try await browser.open(fixture.base + "/")
        let card = "document.querySelector('.view-loader[data-id=\"com.pophost.samples.c.payment-view\"] .audit')"
        let shown = try await browser.wait(
            for: "the payment view's audit", seconds: 60,
            """
            const a = \(card);
            if (!a || a.textContent.includes('running')) return null;
            const rows = [...a.querySelectorAll('tr.result')].map(r => [r.children[0].textContent, r.dataset.test]);
            return rows.length ? rows : a.querySelector('.meta, .error').textContent;
            """)
        let audits = ConformanceSuite.builtIn.filter { $0.name.hasPrefix("a11y.") && $0.level <= 5 }
        if audits.isEmpty {
            #expect(shown == "pophost test has no a11y.* test yet: nothing to show")
        } else {
            guard case .array(let rows) = shown else {
                Issue.record("no audit rows: \(shown.json)")
                return
            }
            #expect(rows.count == audits.count, "\(shown.json)")
            let words: Set<Value> = ["ok", "warn", "skip", "FAIL", "CRASH", "TIMEOUT"]
            #expect(rows.allSatisfy { row in row[0].map(words.contains) == true }, "\(shown.json)")
        }
        #expect(try await browser.execute("return window.pophost.problems.length") == 0)
    }
}

/// The accessibility tree Chromium computed, from `Accessibility.getFullAXTree`.
struct AXTree {
    struct Node: Hashable {
        let id: String
        let ignored: Bool
        let role: String
        let name: String
        /// Its description (`aria-describedby`'s text).
        let description: String
        let children: [String]
        let properties: [String: Value]
    }

    /// Every node, ignored ones too (their children are the tree's all the same).
    let all: [String: Node]
    /// The nodes a screen reader gets: those not ignored.
    let nodes: [Node]

    init(_ answer: Value) throws {
        guard case .array(let list)? = answer["nodes"] else { throw WebDriver.Failure(description: "no nodes: \(answer.json.prefix(300))") }
        let parsed = list.compactMap { node -> Node? in
            guard case .string(let id)? = node["nodeId"] else { return nil }
            var properties: [String: Value] = [:]
            if case .array(let list)? = node["properties"] {
                for property in list {
                    if case .string(let name)? = property["name"] { properties[name] = property["value"]?["value"] ?? .null }
                }
            }
            var children: [String] = []
            if case .array(let ids)? = node["childIds"] { children = ids.compactMap { if case .string(let id) = $0 { id } else { nil } } }
            return Node(
                id: id, ignored: node["ignored"] == true, role: Self.string(node["role"]?["value"]),
                name: Self.string(node["name"]?["value"]), description: Self.string(node["description"]?["value"]),
                children: children, properties: properties)
        }
        all = Dictionary(parsed.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        nodes = parsed.filter { !$0.ignored }
    }

    private static func string(_ value: Value?) -> String {
        if case .string(let text)? = value { text } else { "" }
    }

    /// Every node under `node` that is not ignored.
    func descendants(of node: Node) -> [Node] {
        var found: [Node] = [], queue = node.children
        while let next = queue.popLast() {
            guard let child = all[next] else { continue }
            if !child.ignored { found.append(child) }
            queue += child.children
        }
        return found
    }
}
