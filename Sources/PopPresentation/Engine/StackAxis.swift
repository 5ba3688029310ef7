import PopModel

/// The axis a stack lays its children along, to write the vertical and horizontal stack once: "main" is along
/// the axis, "cross" across it.
struct StackAxis {
    let isVertical: Bool

    static let vertical = StackAxis(isVertical: true)
    static let horizontal = StackAxis(isVertical: false)

    func main(_ size: Size) -> Double { isVertical ? size.height : size.width }
    func cross(_ size: Size) -> Double { isVertical ? size.width : size.height }
    func size(main: Double, cross: Double) -> Size {
        isVertical ? Size(width: cross, height: main) : Size(width: main, height: cross)
    }

    func mainOrigin(_ rect: Rect) -> Double { isVertical ? rect.y : rect.x }
    func crossOrigin(_ rect: Rect) -> Double { isVertical ? rect.x : rect.y }
    func rect(main: Double, cross: Double, size: Size) -> Rect {
        isVertical
            ? Rect(x: cross, y: main, width: size.width, height: size.height)
            : Rect(x: main, y: cross, width: size.width, height: size.height)
    }
}
