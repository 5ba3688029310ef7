import HostRuntime

/// A frame in the middle of an interactive pop: two pages on the stage, each with its own fake bar
/// (a default bar under a coloured opaque one), the finger at 40 % of the width — against the demo's
/// alert frame (`stage.frame()` on the payment dialog and its number pad), measured in the same
/// rounds.
struct PagePopScene: StillScene {
    let stage: Stage
    let nodes: Int

    init() throws(BenchError) {
        let chef = Chef()
        stage = Stage(chef: chef)
        let list = chef.navigation.makePage(kind: "list", preferences: PagePreferences(title: "Orders"), content: Self.rows(8))
        let detail = chef.navigation.makePage(
            kind: "detail",
            preferences: PagePreferences(
                title: "Order", bar: BarStyle(background: 0x3355_AAFF, translucent: false, titleColor: 0xFFFF_FFFF)),
            content: Self.rows(8))
        stage.engine.pages.push(list, animated: false)
        stage.engine.pages.push(detail, animated: false)
        guard stage.engine.pages.beginInteractivePop(.edge, start: Point(x: 5, y: 400), translation: Point(x: 156, y: 0)) == nil else {
            throw BenchError("the interactive pop did not begin")
        }
        let frame = stage.frame()
        guard frame.node("page.list#1.bar") != nil, frame.node("page.detail#2.bar") != nil else {
            throw BenchError("the interactive pop's frame lacks a page's fake bar")
        }
        nodes = frame.nodes.count
    }
}
