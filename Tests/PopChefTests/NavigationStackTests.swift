import Testing

@testable import PopChef
@testable import PopModel

/// The page lifecycle order for every transition path, as the spec lists it
/// (sheets-navigation-floating.md: "Plain lifecycle" and the Decisions' cancelled interactive pop).
@Suite struct NavigationStackTests {
    /// Records what each page hears, as "page event".
    final class Log: PageHandler {
        var lines: [String] = []
        var flags: [Bool] = []
        func page(_ page: Page, did event: PageEvent, animated: Bool) {
            lines.append("\(page.kind) \(event.rawValue)")
            flags.append(animated)
        }
    }

    let chef = Chef()
    let log = Log()
    let trace = TraceRecorder()

    init() { chef.trace = trace }

    func page(_ kind: String) -> Page {
        chef.navigation.makePage(
            kind: kind, preferences: PagePreferences(title: kind), content: ContentNode(.spacer(minLength: 0)), handler: log)
    }

    /// A stack of A with B pushed and settled, the log cleared.
    func twoPages() -> (Page, Page) {
        let a = page("A"), b = page("B")
        chef.navigation.setRoot(a)
        chef.navigation.push(b, animated: false)
        log.lines = []
        log.flags = []
        return (a, b)
    }

    @Test func rootLoadsAndAppears() {
        chef.navigation.setRoot(page("A"))
        #expect(log.lines == ["A did-load", "A will-appear", "A did-appear"])
        #expect(chef.navigation.pages.map(\.name) == ["A#1"])
    }

    @Test func pushOrder() {
        chef.navigation.setRoot(page("A"))
        log.lines = []
        log.flags = []
        let b = page("B")
        let transition = chef.navigation.push(b, animated: true)
        #expect(transition?.kind == .push)
        #expect(log.lines == ["B did-load", "A will-disappear", "B will-appear"])
        #expect(chef.navigation.barBackgroundHidden)
        chef.navigation.finishTransition()
        #expect(log.lines == ["B did-load", "A will-disappear", "B will-appear", "A did-disappear", "B did-appear"])
        #expect(chef.navigation.top === b)
        #expect(!chef.navigation.barBackgroundHidden)
        #expect(log.flags.allSatisfy { $0 })
    }

    @Test func unanimatedPushSendsEveryEventAtOnceWithTheFlag() {
        chef.navigation.setRoot(page("A"))
        log.lines = []
        log.flags = []
        chef.navigation.push(page("B"), animated: false)
        #expect(log.lines == ["B did-load", "A will-disappear", "B will-appear", "A did-disappear", "B did-appear"])
        #expect(log.flags.allSatisfy { !$0 })
        #expect(chef.navigation.transition == nil)
    }

    @Test func popOrderReleasesTheLeavingPageLast() {
        let (a, _) = twoPages()
        chef.navigation.pop(animated: true)
        #expect(log.lines == ["B will-disappear", "A will-appear"])
        #expect(chef.navigation.pages.count == 2)
        chef.navigation.finishTransition()
        #expect(log.lines == ["B will-disappear", "A will-appear", "B did-disappear", "A did-appear", "B released"])
        #expect(chef.navigation.pages.map { $0 === a } == [true])
    }

    @Test func completedInteractivePopIsAPop() {
        _ = twoPages()
        chef.navigation.beginInteractivePop()
        #expect(chef.navigation.transition?.kind == .interactivePop)
        chef.navigation.finishTransition()
        #expect(log.lines == ["B will-disappear", "A will-appear", "B did-disappear", "A did-appear", "B released"])
        #expect(chef.navigation.pages.count == 1)
    }

    @Test func cancelledInteractivePopOrder() {
        let (_, b) = twoPages()
        chef.navigation.beginInteractivePop()
        chef.navigation.cancelInteractivePop()
        #expect(
            log.lines == [
                "B will-disappear", "A will-appear", "A will-disappear", "B will-appear", "A did-disappear", "B did-appear",
            ])
        #expect(chef.navigation.top === b && chef.navigation.pages.count == 2)
        #expect(chef.navigation.transition == nil)
    }

    /// KM #42: a cancelled swipe must leave the stack able to pop again, the same way.
    @Test func cancelThenSwipeAgain() {
        _ = twoPages()
        chef.navigation.beginInteractivePop()
        chef.navigation.cancelInteractivePop()
        log.lines = []
        #expect(chef.navigation.beginInteractivePop() != nil)
        chef.navigation.finishTransition()
        #expect(log.lines == ["B will-disappear", "A will-appear", "B did-disappear", "A did-appear", "B released"])
    }

    /// FD #163: a second pop or push during a transition is refused, traced, and changes nothing.
    @Test func operationsDuringATransitionAreRefused() {
        _ = twoPages()
        chef.navigation.push(page("C"), animated: true)
        let before = log.lines
        #expect(chef.navigation.beginInteractivePop() == nil)
        #expect(chef.navigation.pop(animated: true) == nil)
        #expect(chef.navigation.push(page("D"), animated: true) == nil)
        #expect(log.lines == before)
        #expect(trace.events.filter { $0.kind == .pageRefused }.count == 3)
        chef.navigation.finishTransition()
        #expect(chef.navigation.pages.map(\.kind) == ["A", "B", "C"])
    }

    @Test func popWithOnePageIsRefused() {
        chef.navigation.setRoot(page("A"))
        #expect(chef.navigation.pop(animated: true) == nil)
        #expect(chef.navigation.beginInteractivePop() == nil)
        let refusal = trace.events.last
        #expect(refusal?.kind == .pageRefused)
        #expect(refusal?.detail == "interactive pop A#1: only one page is on the stack")
    }

    /// The real bar carries the arriving page's style from the start of a transition; a cancelled
    /// pop puts the leaving page's back; at rest it is the top page's.
    @Test func realBarStyleFollowsTheArrivingPage() {
        let a = chef.navigation.makePage(kind: "A", preferences: PagePreferences(title: "A"), content: ContentNode(.spacer(minLength: 0)))
        let b = chef.navigation.makePage(
            kind: "B", preferences: PagePreferences(title: "B", bar: .transparent), content: ContentNode(.spacer(minLength: 0)))
        chef.navigation.setRoot(a)
        #expect(chef.navigation.barStyle == BarStyle())
        chef.navigation.push(b, animated: true)
        #expect(chef.navigation.barStyle == .transparent)
        chef.navigation.finishTransition()
        chef.navigation.beginInteractivePop()
        #expect(chef.navigation.barStyle == BarStyle())
        chef.navigation.cancelInteractivePop()
        #expect(chef.navigation.barStyle == .transparent)
    }

    /// Each event is in the trace, naming its page, in the order the pages heard them.
    @Test func traceNamesEveryEvent() {
        _ = twoPages()
        chef.navigation.pop(animated: false)
        let page = trace.events.filter { $0.kind.rawValue.hasPrefix("page-") }.map { "\($0.kind.rawValue) \($0.detail ?? "")" }
        #expect(
            page.suffix(6) == [
                "page-pop B#2", "page-will-disappear B#2", "page-will-appear A#1", "page-did-disappear B#2", "page-did-appear A#1",
                "page-released B#2",
            ])
    }

    // MARK: Popups and pages

    /// A popup belongs to the page current at its request; a push over that page, or its pop,
    /// dismisses it (reason preempted), so it never shows on another page.
    @Test func popupsEndWithTheirPageCoveredOrPopped() {
        let (a, b) = twoPages()
        let onB = chef.show(PopupRequest(data: ["title": "on B"]))
        chef.runUntilIdle()
        #expect(chef.navigation.page(of: onB) == b.name)
        #expect(chef.state(of: onB) == .shown)
        chef.navigation.pop(animated: false)
        chef.runUntilIdle()
        #expect(chef.finalEvent(of: onB) == .dismissed(.preempted))
        let onA = chef.show(PopupRequest(data: ["title": "on A"]))
        chef.runUntilIdle()
        #expect(chef.navigation.page(of: onA) == a.name)
        chef.navigation.push(page("C"), animated: true)
        chef.runUntilIdle()
        #expect(chef.finalEvent(of: onA) == .dismissed(.preempted))
    }

    /// A request naming a page that is not current is cancelled before it shows; one naming the
    /// current page (by name or kind) shows.
    @Test func requestsNamingAPage() {
        let (a, _) = twoPages()
        let forA = chef.show(PopupRequest(data: ["title": "for A"], page: a.name))
        #expect(chef.finalEvent(of: forA) == .cancelled(.preempted))
        #expect(trace.events.contains { $0.request == forA && $0.kind == .lost && $0.detail == "its page A#1 is not on screen" })
        let nowhere = chef.show(PopupRequest(data: ["title": "nowhere"], page: "Z"))
        #expect(chef.finalEvent(of: nowhere) == .cancelled(.preempted))
        let forB = chef.show(PopupRequest(data: ["title": "for B"], page: "B"))
        chef.runUntilIdle()
        #expect(chef.state(of: forB) == .shown)
    }

    /// Without pages a popup belongs to none and navigation never ends it.
    @Test func popupsWithoutPages() {
        let id = chef.show(PopupRequest(data: ["title": "no pages"]))
        chef.navigation.setRoot(page("A"))
        chef.navigation.push(page("B"), animated: false)
        chef.runUntilIdle()
        #expect(chef.navigation.page(of: id) == nil)
        #expect(chef.state(of: id) == .shown)
    }
}
