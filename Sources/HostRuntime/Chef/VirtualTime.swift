/// A point or span on the virtual clock, in whole microseconds: integer arithmetic keeps every run
/// of a scenario identical, whatever the machine.
public struct VirtualTime: Comparable, Hashable, Sendable, CustomStringConvertible {
    public var microseconds: Int64

    public init(microseconds: Int64) { self.microseconds = microseconds }

    public static let zero = VirtualTime(microseconds: 0)

    /// `seconds`, rounded to the nearest microsecond (negative and non-finite values become zero).
    public static func seconds(_ seconds: Double) -> VirtualTime {
        guard seconds.isFinite, seconds > 0 else { return .zero }
        return VirtualTime(microseconds: Int64((seconds * 1_000_000).rounded()))
    }

    public static func milliseconds(_ milliseconds: Int64) -> VirtualTime {
        VirtualTime(microseconds: milliseconds * 1000)
    }

    public var seconds: Double { Double(microseconds) / 1_000_000 }
    public var milliseconds: Double { Double(microseconds) / 1000 }

    public static func + (lhs: VirtualTime, rhs: VirtualTime) -> VirtualTime {
        VirtualTime(microseconds: lhs.microseconds + rhs.microseconds)
    }

    public static func - (lhs: VirtualTime, rhs: VirtualTime) -> VirtualTime {
        VirtualTime(microseconds: lhs.microseconds - rhs.microseconds)
    }

    public static func < (lhs: VirtualTime, rhs: VirtualTime) -> Bool { lhs.microseconds < rhs.microseconds }

    public var description: String { "\(milliseconds) ms" }
}
