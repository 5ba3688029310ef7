import PopChef
import PopModel

/// What the engine keeps for one sheet besides its layout: the detent it rests at, and a drag.
struct SheetState {
    /// The selected detent's id; nil: the smallest.
    var selected: Detent.ID?
    var drag: SheetDrag?
}

/// A finger dragging a sheet.
struct SheetDrag {
    /// The sheet's height when the drag began.
    let start: Double
    /// The height it follows the finger to now.
    var height: Double
    /// How the user's dismissal went once the drag took it below its smallest detent; nil before.
    var dismissal: InteractiveDismissal?
}
