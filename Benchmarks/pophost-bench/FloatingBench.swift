import HostRuntime

/// A frame of the floating window at its busiest: a bubble floating, and a second floatable page
/// popped by an edge pan with the finger in the armed corner circle (create mode, touched) — two
/// pages, their fake bars, the circle, its label and the bubble — against the demo's alert frame
/// measured in the same rounds.
struct FloatingScene: StillScene {
    let stage: Stage
    let nodes: Int

    init() throws(BenchError) {
        let chef = Chef()
        stage = Stage(chef: chef)
        let content = Self.rows(8)
        func article(_ keep: String) -> Page {
            chef.navigation.makePage(
                kind: "article", preferences: PagePreferences(title: "Article", floating: FloatingDeclaration(keep: keep, logo: "A")),
                content: content)
        }
        let engine = stage.engine, corner = Point(x: 380, y: 830)
        engine.pages.push(
            chef.navigation.makePage(kind: "list", preferences: PagePreferences(title: "Chats"), content: content), animated: false)
        engine.pages.push(article("a"), animated: false)
        engine.pages.beginInteractivePop(.edge, start: Point(x: 5, y: 800), translation: Point(x: 300, y: 0))
        engine.pages.endInteractivePop(velocity: 0, finger: corner)
        chef.runUntilIdle()
        engine.pages.push(article("b"), animated: false)
        guard engine.pages.beginInteractivePop(.edge, start: Point(x: 5, y: 800), translation: Point(x: 300, y: 0)) == nil else {
            throw BenchError("the interactive pop did not begin")
        }
        engine.pages.moveInteractivePop(translation: 300, finger: corner)
        let frame = stage.frame()
        guard frame.node("floating.circle") != nil, frame.node("floating.bubble.1") != nil else {
            throw BenchError("the floating frame lacks the circle or the bubble")
        }
        nodes = frame.nodes.count
    }
}
