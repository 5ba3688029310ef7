import HostRuntime

/// One frame of a sheet drag — the finger moves, the sheet follows (rubber band, drag progress to
/// the C plugin), the stage lays the frame out, SVG draws it — against the alert's frame
/// (`SVGScene.frameAndSVG`, the demo's payment dialog) in the same run, rounds alternating order.
struct SheetDragScene {
    /// When the demo's share sheet rests at medium (the C sample's share-sheet-controller).
    static let sheetScene = VirtualTime.milliseconds(21800)

    let runner: ScenarioRunner
    var stage: Stage { runner.stage }
    let share: RequestID
    let nodes: Int

    init(scenario: Scenario, catalog: ComponentCatalog) throws(BenchError) {
        runner = ScenarioRunner(scenario: scenario, catalog: catalog)
        runner.advance(to: Self.sheetScene)
        guard runner.problems.isEmpty, let share = runner.labels["share"], runner.engine.sheets.selectedDetent(of: share) == "medium" else {
            throw BenchError("the demo at \(Self.sheetScene) does not show the share sheet at medium")
        }
        self.share = share
        nodes = runner.stage.frame().nodes.count
        // The finger is down on the grabber, and past the slop: every later move drags.
        stage.pointerDown(at: Point(x: 195, y: 458))
        stage.pointerMoved(to: Point(x: 195, y: 430))
    }

    /// `count` drag frames: a move (alternating 40 points up and down between the detents, so the
    /// sheet follows without settling), then `stage.frame()` and its SVG; nanoseconds.
    func dragFrames(_ count: Int) -> Int {
        let renderer = SVGRenderer()
        var bytes = 0
        let time = timed {
            for index in 0..<count {
                stage.pointerMoved(to: Point(x: 195, y: index.isMultiple(of: 2) ? 390 : 430))
                bytes &+= renderer.render(stage.frame()).utf8.count
            }
        }.nanoseconds
        precondition(bytes > 0 && runner.engine.sheets.height(of: share).map { $0 > 393.5 } == true, "the sheet must follow the finger")
        return time
    }
}
