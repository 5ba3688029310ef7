import PopModel
import PopPresentation

/// The scenario `pophost demo` plays with the bundled sample plugins (`pophost demo --print` shows
/// it): a CSPopKit promotion answers should_present after 250 ms (a plugin timer on the virtual
/// clock) and slides in with an angle bounce; a banner drops in; a payment dialog of higher priority
/// preempts the promotion, which leaves at an angle, raises the number pad for its secure field,
/// takes a password and confirms; the promotion comes back and is claimed; a dialog with a custom
/// animation hook pops in and out. The app behind them is a navigation stack of the Swift sample's
/// pages: the orders list, then
/// an order's page with a transparent bar is pushed, a tracking page that hides the bar over it; a
/// swipe back from the edge is cancelled, a full-screen swipe pops the tracking page and the back
/// button's pop returns to the list; then, over
/// the list, a share sheet comes up at medium, undimmed, and is dragged to large; a popover, which
/// on this phone-sized scene is a sheet at its custom detent, pushes it back, and is flung away; a
/// tap on the dimming dismisses the share sheet. Last, an article that floats is swiped into the
/// corner circle and becomes a bubble, which is dragged to the right edge, tapped to open the
/// article again, and takes it back when the back button pops it.
public enum DemoScenario {
    public static let json = #"""
        {
          "format": 2,
          "name": "demo",
          "description": "The bundled samples: a promotion preempted by a payment dialog, a banner, a custom animation, a share sheet and a popover shown as a sheet.",
          "steps": [
            {"push": {"page": "orders", "view_loader": "com.pophost.samples.swift.list-page",
                      "controller_loader": "com.pophost.samples.swift.page-controller",
                      "handler": "com.pophost.samples.swift.page-handler", "animated": false,
                      "data": {"title": "Orders",
                               "rows": ["Order A-1001 · Wireless earbuds", "Order A-1002 · Phone case", "Order A-1003 · USB-C cable",
                                        "Order A-1004 · Smart watch band", "Order A-1005 · Screen protector", "Order A-1006 · Charging stand"]}},
             "note": "The app's first page, from the Swift sample: the orders list under the default bar."},
            {"at": 500, "show": {"handler": "com.pophost.samples.swift.low-priority-handler",
                                 "view_loader": "com.pophost.samples.swift.promo-view",
                                 "controller_loader": "com.pophost.samples.swift.slide-controller",
                                 "reformer": "com.pophost.samples.swift.promo-reformer",
                                 "data": {"discount": 20, "campaign": "spring"}, "as": "promo"},
             "note": "A low-priority promotion checks its eligibility (250 ms on the virtual clock), then fades and slides in from the top with CSPopKit's angle bounce."},
            {"at": 2200, "show": {"view_loader": "com.pophost.samples.swift.banner-view",
                                  "controller_loader": "com.pophost.samples.swift.banner-controller",
                                  "data": {"title": "Order A-1002 shipped", "message": "Arriving tomorrow by 6 pm"}, "as": "banner"},
             "note": "A banner drops in its own layer; it leaves after 3 s on screen."},
            {"at": 3200, "show": {"handler": "com.pophost.samples.c.payment-handler",
                                  "view_loader": "com.pophost.samples.c.payment-view",
                                  "controller_loader": "com.pophost.samples.c.pop-controller",
                                  "data": {"amount": 42.5, "order": "A-1001"}, "as": "pay"},
             "note": "A high-priority payment dialog preempts the promotion, which goes back to its queue."},
            {"at": 4400, "focus": {"field": "password", "on": "pay"}, "note": "The number pad comes up; the dialog re-centres above it."},
            {"at": 5000, "type": {"text": "1"}},
            {"at": 5250, "type": {"text": "2"}},
            {"at": 5500, "type": {"text": "3"}},
            {"at": 5750, "type": {"text": "4"}},
            {"at": 6000, "type": {"text": "5"}},
            {"at": 6250, "type": {"text": "6"}},
            {"at": 7000, "tap": {"action": "confirm", "on": "pay"}, "note": "The right password: the dialog goes, the keyboard with it."},
            {"at": 9500, "tap": {"action": "claim", "on": "promo"}, "note": "The promotion is back; claim it."},
            {"at": 11000, "show": {"handler": "com.pophost.samples.c.high-priority-handler",
                                   "view_loader": "com.pophost.samples.c.test-view",
                                   "controller_loader": "com.pophost.samples.c.custom-animation-controller",
                                   "data": {"title": "Custom animation", "message": "This dialog pops in through its controller loader's own animation hook."},
                                   "as": "custom"}},
            {"at": 13500, "tap": {"action": "pop.dismiss", "on": "custom"}},
            {"at": 14500, "push": {"page": "order", "view_loader": "com.pophost.samples.swift.list-page",
                                   "controller_loader": "com.pophost.samples.swift.page-controller",
                                   "handler": "com.pophost.samples.swift.page-handler",
                                   "data": {"title": "Order A-1001", "bar": "transparent",
                                            "rows": ["Wireless earbuds", "$42.50 · paid", "Arriving tomorrow by 6 pm"]}},
             "note": "An order's page with a transparent bar slides in; each page draws its own bar while it moves."},
            {"at": 15500, "push": {"page": "tracking", "view_loader": "com.pophost.samples.swift.list-page",
                                   "controller_loader": "com.pophost.samples.swift.page-controller",
                                   "data": {"title": "Tracking", "bar": "hidden",
                                            "rows": ["Left the warehouse", "In transit", "Out for delivery"]}},
             "note": "A page that hides the bar."},
            {"at": 16500, "swipe_back": {"from": {"x": 10, "y": 400}, "distance": 120, "velocity": 0},
             "note": "A slow swipe from the edge, released short of half the width: cancelled, the page settles back."},
            {"at": 17500, "swipe_back": {"from": {"x": 200, "y": 400}, "distance": 150, "velocity": 900},
             "note": "A quick full-screen swipe: the tracking page is popped."},
            {"at": 18500, "pop": {}, "note": "The back button: back to the list."},
            {"at": 21000, "show": {"handler": "com.pophost.samples.c.high-priority-handler",
                                   "view_loader": "com.pophost.samples.c.test-view",
                                   "controller_loader": "com.pophost.samples.c.share-sheet-controller",
                                   "data": {"title": "Share", "message": "Send the photo to a friend, or keep browsing: up to medium the app stays usable."},
                                   "as": "share"},
             "note": "A share sheet at medium with a grabber, undimmed."},
            {"at": 22000, "drag": {"from": {"x": 195, "y": 458}, "to": {"x": 195, "y": 258}, "duration": 250, "velocity": -800},
             "note": "Dragged up by its grabber and let go: the release is projected past the middle, so it rests at large, dimmed."},
            {"at": 23500, "show": {"handler": "com.pophost.samples.c.high-priority-handler",
                                   "view_loader": "com.pophost.samples.c.test-view",
                                   "controller_loader": "com.pophost.samples.c.popover-controller",
                                   "data": {"title": "Filter", "message": "A popover on a tablet; on a phone, a sheet at its own 260-point detent."},
                                   "as": "filter"},
             "note": "The popover adapts to a sheet on this compact-width screen and pushes the share sheet back."},
            {"at": 25500, "drag": {"from": {"x": 195, "y": 620}, "to": {"x": 195, "y": 800}, "duration": 200, "velocity": 1500},
             "note": "Flung down: dismissed; the share sheet comes forward."},
            {"at": 27000, "tap": {"x": 195, "y": 30}, "note": "A tap on the dimming above the share sheet dismisses it."},
            {"at": 28000, "push": {"page": "article", "view_loader": "com.pophost.samples.swift.article-page",
                                   "controller_loader": "com.pophost.samples.swift.article-controller",
                                   "handler": "com.pophost.samples.swift.page-handler",
                                   "data": {"title": "Article", "url": "https://example.com/floating", "logo": "A",
                                            "paragraphs": ["Swipe an article into the corner to keep it for later.",
                                                           "Tap its bubble to read on: it opens where you left it."]}},
             "note": "An article that can float (POP_STYLE_FLOATING) slides in."},
            {"at": 29000, "drag": {"from": {"x": 10, "y": 700}, "to": {"x": 370, "y": 830}, "duration": 400},
             "note": "Swiped from the edge into the corner circle, armed at full progress: it shrinks into a bubble."},
            {"at": 30200, "drag": {"from": {"x": 41, "y": 73}, "to": {"x": 300, "y": 400}, "duration": 300},
             "note": "The bubble dragged (the red delete circle comes in) and dropped on the right half: it springs to the right edge."},
            {"at": 31500, "tap": {"x": 349, "y": 400}, "note": "A tap on the bubble opens the article again, expanding from it."},
            {"at": 32800, "pop": {}, "note": "The back button: the article shrinks back into its bubble."},
            {"wait": "idle"}
          ],
          "expect": {
            "trace": [
              {"event": "did-present", "request": "promo"},
              {"event": "did-present", "request": "banner"},
              {"event": "will-dismiss", "request": "promo", "reason": "preempted"},
              {"event": "did-present", "request": "pay"},
              {"event": "focus", "request": "pay"},
              {"event": "dismissed", "request": "banner", "reason": "timeout"},
              {"event": "dismissed", "request": "pay", "reason": "action"},
              {"event": "did-present", "request": "promo"},
              {"event": "dismissed", "request": "promo", "reason": "action"},
              {"event": "did-present", "request": "custom"},
              {"event": "dismissed", "request": "custom", "reason": "action"},
              {"event": "page-did-appear", "page": "order"},
              {"event": "page-did-appear", "page": "tracking"},
              {"event": "page-pop-cancelled", "page": "tracking"},
              {"event": "page-released", "page": "tracking"},
              {"event": "page-released", "page": "order"},
              {"event": "did-present", "request": "share"},
              {"event": "detent-changed", "request": "share"},
              {"event": "did-present", "request": "filter"},
              {"event": "dismissed", "request": "filter", "reason": "swipe"},
              {"event": "dismissed", "request": "share", "reason": "background-tap"},
              {"event": "page-did-appear", "page": "article"},
              {"event": "bubble-created", "page": "article"},
              {"event": "page-released", "page": "article"},
              {"event": "bubble-moved", "page": "article"},
              {"event": "bubble-opened", "page": "article"},
              {"event": "page-did-appear", "page": "article"},
              {"event": "bubble-closed", "page": "article"},
              {"event": "page-released", "page": "article"}
            ],
            "pages": ["orders"],
            "bubbles": [{"keep": "https://example.com/floating", "logo": "A", "page": "article", "x": 323, "y": 374, "open": false}],
            "bar": {"hidden": false, "background_alpha": 1},
            "frames": [
              {"at": 6500, "node": "keyboard", "visible": true},
              {"at": 6500, "request": "pay", "node": "content.2", "role": "textField", "text": "••••••"},
              {"at": 8000, "node": "keyboard", "visible": false},
              {"at": 21800, "request": "share", "detent": "medium", "sheet_height": 393.5},
              {"at": 21800, "request": "share", "node": "dimming", "visible": false},
              {"at": 23200, "request": "share", "detent": "large", "sheet_height": 787},
              {"at": 24500, "request": "filter", "detent": "compact", "sheet_height": 260},
              {"at": 24500, "request": "share", "node": "grabber", "visible": false},
              {"at": 24500, "request": "filter", "node": "grabber", "visible": true}
            ]
          }
        }
        """#

    /// The demo, parsed.
    public static var scenario: Scenario {
        get throws(ScenarioError) { try Scenario.parse(json: json, file: "<demo>", baseDirectory: nil) }
    }

    /// The demo played in `direction`. Steps keep absolute coordinates, so right to left the demo's swipes
    /// back and its edge pan into the corner circle are said the other way round: from the right edge,
    /// leftward (x → W − x, distance and velocity negated), into the bottom-left circle. Every other step, and
    /// every expectation, is the same.
    public static func scenario(for direction: LayoutDirection) throws(ScenarioError) -> Scenario {
        var scenario = try scenario
        guard direction.isRightToLeft else { return scenario }
        let width = scenario.screen.width
        func mirrored(_ point: Point) -> Point { Point(x: width - point.x, y: point.y) }
        for index in scenario.steps.indices {
            switch scenario.steps[index].action {
            case .swipeBack(let from, let distance, let velocity, let endY):
                scenario.steps[index].action = .swipeBack(from: mirrored(from), distance: -distance, velocity: -velocity, endY: endY)
            case .drag(let from, let to, let duration, let velocity) where from.x <= PopGestureRule.edgeWidth:
                scenario.steps[index].action = .drag(from: mirrored(from), to: mirrored(to), duration: duration, velocity: velocity)
            default:
                break
            }
        }
        return scenario
    }
}
