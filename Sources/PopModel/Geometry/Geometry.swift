// The geometry every layer shares, in points: sizes, points, rectangles and insets (and
// AffineTransform.swift, the transform a frame's node is drawn through).

/// A width and a height in points. As a layout limit, `.infinity` on an axis means unlimited.
public struct Size: Hashable, Sendable, Codable {
    public var width, height: Double

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    public static let zero = Size(width: 0, height: 0)

    /// The size as a limit: NaN and negative lengths become 0, `.infinity` stays unlimited.
    package var limit: Size {
        Size(width: width.isNaN ? 0 : max(0, width), height: height.isNaN ? 0 : max(0, height))
    }
}

extension Double {
    /// The value as a length: NaN, infinite and negative values become 0, so layouts never see them.
    package var length: Double { isFinite && self > 0 ? self : 0 }
}

extension EdgeInsets {
    /// Leading plus trailing, as lengths.
    package var horizontal: Double { leading.length + trailing.length }
    /// Top plus bottom, as lengths.
    package var vertical: Double { top.length + bottom.length }
}

extension Rect {
    package var size: Size { Size(width: width, height: height) }

    /// The rectangle with finite coordinates (else 0) and lengths (see `Double.length`).
    package var sanitized: Rect {
        Rect(x: x.isFinite ? x : 0, y: y.isFinite ? y : 0, width: width.length, height: height.length)
    }

    /// The rectangle shrunk by `insets`, never below zero size.
    package func inset(by insets: EdgeInsets) -> Rect {
        Rect(
            x: x + insets.leading.length, y: y + insets.top.length,
            width: max(0, width - insets.horizontal), height: max(0, height - insets.vertical))
    }
}

/// A position on the screen, in points.
public struct Point: Hashable, Sendable {
    public var x, y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
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

    /// Whether `point` is inside (edges included on the top and leading side).
    public func contains(_ point: Point) -> Bool {
        point.x >= x && point.x < x + width && point.y >= y && point.y < y + height
    }

    public var center: Point { Point(x: x + width / 2, y: y + height / 2) }

    public var maxY: Double { y + height }

    /// The part of the rectangle inside `other`; empty (zero size) when they do not overlap.
    public func intersection(_ other: Rect) -> Rect {
        let left = max(x, other.x), top = max(y, other.y)
        let right = min(x + width, other.x + other.width), bottom = min(y + height, other.y + other.height)
        return Rect(x: left, y: top, width: max(0, right - left), height: max(0, bottom - top))
    }
}

/// Space around a node's content, in points.
public struct EdgeInsets: Hashable, Sendable, Codable {
    public var top: Double
    public var leading: Double
    public var bottom: Double
    public var trailing: Double

    public init(top: Double, leading: Double, bottom: Double, trailing: Double) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }

    public static let zero = EdgeInsets(top: 0, leading: 0, bottom: 0, trailing: 0)
}
