/// The screen the popups are presented on (the presentation engine lays out in it).
public struct Scene: Hashable, Sendable {
    /// Size in points; default a 390 × 844 phone.
    public var width = 390.0
    public var height = 844.0
    /// Height of the keyboard raised by the front popup's own fields; 0 when it is down.
    public var keyboardHeight = 0.0

    public init(width: Double = 390, height: Double = 844) {
        self.width = width
        self.height = height
    }

    /// The space a popup is laid out in (QMUI): the screen inside the presentation's margins, above
    /// the keyboard.
    func container(for presentation: Presentation) -> Rect {
        Rect(x: presentation.marginLeft, y: presentation.marginTop,
             width: max(0, width - presentation.marginLeft - presentation.marginRight),
             height: max(0, height - keyboardHeight - presentation.marginTop - presentation.marginBottom))
    }
}

/// A rectangle in points.
public struct Rect: Hashable, Sendable, Codable {
    public var x, y, width, height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
}
