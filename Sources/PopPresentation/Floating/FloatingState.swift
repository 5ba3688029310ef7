import PopModel

/// The floating window's state in the presentation engine: the bubbles (oldest first), the
/// transition view while a page turns into a bubble or back, the corner circle and the finger. The
/// bubbles live here, beside the motion that draws them, not in the chef: a bubble is not a page
/// (it has no lifecycle of its own); it keeps what `NavigationStack.makePage` needs to make its page
/// again, and the page's lifecycle runs through the stack when it is pushed.
struct FloatingState {
    var bubbles: [FloatingBubble] = []
    /// Numbers the bubbles (`bubble#1`, …).
    var sequence = 0
    /// The transition view, while one shows.
    var card: Card?
    /// The delete-mode circle's coming in or going out; nil when it is not shown.
    var deleteCircle: DeleteCircle?
    /// Whether the finger is in the circle, since when, and the circle's scale then.
    var touch = Touch(touched: false, fromScale: 1, since: .zero)
    /// The finger of the interactive pop or of the bubble drag, in screen points.
    var finger: Point?
    /// The bubble being dragged, by number.
    var dragged: Int?
    /// Where the dragged bubble's top-left corner was when the finger went down.
    var dragStartOrigin = Point(x: 0, y: 0)

    /// A page turning into its bubble or back.
    struct Card: Hashable {
        let morph: FloatingMorph
        /// The page the card stands for, not drawn itself while the card shows.
        let page: String
        /// The page's content as built, whose background the card takes (resolved when drawn).
        let content: ContentNode
        let declaration: FloatingDeclaration
        /// The page underneath darkening to black under the card over its move, on this curve (the
        /// expand's `bgView`); nil: no dimming.
        var dim: TimingCurve?
    }

    /// The delete circle coming in (`showing`) or going out, from show progress `from` at `start`.
    struct DeleteCircle: Hashable {
        var showing: Bool
        var from: Double
        var start: VirtualTime
    }

    struct Touch: Hashable {
        var touched: Bool
        var fromScale: Double
        var since: VirtualTime
    }

    func index(of number: Int) -> Int? { bubbles.firstIndex { $0.number == number } }

    /// The bubble whose page `name` is open on the stack.
    func bubble(openAs name: String) -> FloatingBubble? { bubbles.first { $0.openPage == name } }
}
