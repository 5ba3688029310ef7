/// WCAG 2.x contrast between two opaque sRGB colours (`relative-luminance.html`, with the 0.04045
/// threshold of the current text), what the `a11y.contrast` audit compares against 4.5:1 and 3:1.
/// Nothing is rounded: 4.499:1 does not meet 4.5:1.
public enum Contrast {
    /// The relative luminance of an 8-bit sRGB colour (its alpha is ignored: composite first), 0...1.
    public static func luminance(_ color: ContentNode.Color) -> Double {
        0.2126 * linear(color.red) + 0.7152 * linear(color.green) + 0.0722 * linear(color.blue)
    }

    /// The contrast ratio of two colours, lighter over darker: 1...21.
    public static func ratio(_ first: ContentNode.Color, _ second: ContentNode.Color) -> Double {
        let (one, two) = (luminance(first), luminance(second))
        return (max(one, two) + 0.05) / (min(one, two) + 0.05)
    }

    /// The ratio text needs (WCAG 1.4.3 as Apple reads it, an iOS point for a WCAG point): 3:1 for
    /// large text — `largeSize` points or more, or bold (700) at `boldSize` or more —, else 4.5:1.
    /// Semibold counts as regular.
    public static func required(size: Double, weight: ContentNode.Weight, reading: LargeText = .apple) -> Double {
        isLarge(size: size, weight: weight, reading: reading) ? 3 : 4.5
    }

    /// Whether text of this size and weight is large-scale text.
    public static func isLarge(size: Double, weight: ContentNode.Weight, reading: LargeText = .apple) -> Bool {
        size >= reading.size || (weight == .bold && size >= reading.boldSize)
    }

    /// Where large-scale text starts: Apple's table (18 pt, or bold at any size), or WCAG read
    /// through CSS (1 pt = 1.333 px, an iOS point ≈ a CSS pixel: 24 pt, or 18.67 pt bold).
    public struct LargeText: Hashable, Sendable {
        public var size: Double
        public var boldSize: Double

        public static let apple = LargeText(size: 18, boldSize: 0)
        public static let strictWCAG = LargeText(size: 24, boldSize: 18.67)
    }

    /// An 8-bit channel, linearised.
    private static func linear(_ channel: UInt8) -> Double {
        let value = Double(channel) / 255
        return value <= 0.04045 ? value / 12.92 : power2point4((value + 0.055) / 1.055)
    }

    /// `base` (0...1) to the power 2.4 without a C library (PopModel stays pure): base² times the
    /// fifth root of base², found by Newton's method from 1, whose steps fall to the root from above.
    static func power2point4(_ base: Double) -> Double {
        let square = base * base
        var root = 1.0
        for _ in 0..<64 {
            let next = (4 * root + square / (root * root * root * root)) / 5
            guard next < root else { break }
            root = next
        }
        return square * root
    }
}
