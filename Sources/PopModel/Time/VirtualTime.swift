/// A point or span on the virtual clock, in whole microseconds: integer arithmetic keeps every run
/// of a scenario identical, whatever the machine.
public struct VirtualTime: Comparable, Hashable, Sendable, Codable, CustomStringConvertible {
    public var microseconds: Int64

    public init(microseconds: Int64) { self.microseconds = microseconds }

    public static let zero = VirtualTime(microseconds: 0)

    /// The longest span the clock deals in (about 31 years); longer ones are cut to it.
    public static let longest = VirtualTime(microseconds: 1_000_000_000 * 1_000_000)

    /// `seconds`, rounded to the nearest microsecond; negative and non-finite values become zero,
    /// and values past `longest` become `longest` (plugins choose these numbers).
    public static func seconds(_ seconds: Double) -> VirtualTime {
        guard seconds.isFinite, seconds > 0 else { return .zero }
        return VirtualTime(microseconds: Int64((min(seconds, longest.seconds) * 1_000_000).rounded()))
    }

    public static func milliseconds(_ milliseconds: Int64) -> VirtualTime {
        VirtualTime(microseconds: milliseconds * 1000)
    }

    public var seconds: Double { Double(microseconds) / 1_000_000 }
    public var milliseconds: Double { Double(microseconds) / 1000 }

    /// Saturating: never traps.
    public static func + (lhs: VirtualTime, rhs: VirtualTime) -> VirtualTime {
        let (sum, overflow) = lhs.microseconds.addingReportingOverflow(rhs.microseconds)
        return VirtualTime(microseconds: overflow ? (rhs.microseconds > 0 ? .max : .min) : sum)
    }

    /// Saturating: never traps.
    public static func - (lhs: VirtualTime, rhs: VirtualTime) -> VirtualTime {
        let (difference, overflow) = lhs.microseconds.subtractingReportingOverflow(rhs.microseconds)
        return VirtualTime(microseconds: overflow ? (rhs.microseconds > 0 ? .min : .max) : difference)
    }

    public static func < (lhs: VirtualTime, rhs: VirtualTime) -> Bool { lhs.microseconds < rhs.microseconds }

    public var description: String { "\(milliseconds) ms" }

    /// Coded as its whole microseconds, so that a time read back is the same time.
    public init(from decoder: any Decoder) throws {
        microseconds = try decoder.singleValueContainer().decode(Int64.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(microseconds)
    }
}
