import Testing

@testable import PopChef
@testable import PopModel
@testable import PopPresentation

/// Release-projection tables: distance = (v / 1000) · 0.998 / 0.002 = 0.499 · v, the nearest
/// candidate to height − distance wins, a tie to the larger height; "dismissed" sits at 0.
@Suite struct SheetBehaviourTests {
    static let medium = ResolvedDetent(id: "medium", height: 393.5)
    static let large = ResolvedDetent(id: "large", height: 787)
    static let both = [medium, large]

    @Test("the projection is UIScrollView's normal deceleration")
    func projection() {
        #expect(abs(SheetBehaviour.projection(velocity: 1000) - 499) < 1e-9)
        #expect(abs(SheetBehaviour.projection(velocity: -2000) + 998) < 1e-9)
        #expect(SheetBehaviour.projection(velocity: .infinity) == 0)
    }

    struct Row: Sendable, CustomTestStringConvertible {
        let height: Double, velocity: Double, dismissible: Bool
        let expected: String
        var testDescription: String { "\(height) at \(velocity) pt/s → \(expected)" }
    }

    static let rows: [Row] = [
        Row(height: 787, velocity: 0, dismissible: true, expected: "large"),
        Row(height: 700, velocity: 0, dismissible: true, expected: "large"),  // 700: 87 from large, 306.5 from medium
        Row(height: 590, velocity: 0, dismissible: true, expected: "medium"),  // below the midpoint 590.25
        Row(height: 590.25, velocity: 0, dismissible: true, expected: "large"),  // exact tie: the larger
        Row(height: 787, velocity: 1000, dismissible: true, expected: "medium"),  // 787 − 499 = 288: 105.5 from medium, 288 from 0
        Row(height: 787, velocity: 2000, dismissible: true, expected: "dismiss"),  // 787 − 998 < 0
        Row(height: 787, velocity: 2000, dismissible: false, expected: "medium"),
        Row(height: 393.5, velocity: 500, dismissible: true, expected: "dismiss"),  // 393.5 − 249.5 = 144 < 196.75
        Row(height: 393.5, velocity: 300, dismissible: true, expected: "medium"),  // 393.5 − 149.7 = 243.8 > 196.75
        Row(height: 196.75, velocity: 0, dismissible: true, expected: "medium"),  // the tie between 0 and medium: medium
        Row(height: 393.5, velocity: -400, dismissible: true, expected: "large"),  // 393.5 + 199.6 = 593.1 > 590.25
        Row(height: 393.5, velocity: -390, dismissible: true, expected: "medium"),  // 393.5 + 194.61 = 588.11
        Row(height: 100, velocity: 0, dismissible: false, expected: "medium"),
    ]

    @Test("velocity → detent or dismissal", arguments: rows)
    func release(row: Row) {
        let release = SheetBehaviour.release(height: row.height, velocity: row.velocity, detents: Self.both, dismissible: row.dismissible)
        let name =
            switch release {
            case .dismiss: "dismiss"
            case .detent(let detent): detent.id
            }
        #expect(name == row.expected)
    }

    @Test("a [large] sheet released 1 pt low snaps back; a fling down dismisses it")
    func largeOnly() {
        #expect(SheetBehaviour.release(height: 786, velocity: 0, detents: [Self.large], dismissible: true) == .detent(Self.large))
        // 786 − 399.2 < 393.5
        #expect(SheetBehaviour.release(height: 786, velocity: 800, detents: [Self.large], dismissible: true) == .dismiss)
    }

    @Test("following the finger: free between detents, rubber-banded past the largest, and below the smallest when it may not go")
    func follow() {
        #expect(SheetBehaviour.follow(start: 393.5, offset: -100, detents: Self.both, dismissible: true) == 493.5)
        #expect(SheetBehaviour.follow(start: 393.5, offset: 100, detents: Self.both, dismissible: true) == 293.5)
        // 100 past large: 100 · (1 − 1 / (100 · 0.55 / 100 + 1)) = 35.48…
        let past = SheetBehaviour.follow(start: 787, offset: -100, detents: Self.both, dismissible: true)
        #expect(abs(past - (787 + 100 * (1 - 1 / 1.55))) < 1e-9)
        let held = SheetBehaviour.follow(start: 393.5, offset: 100, detents: Self.both, dismissible: false)
        #expect(abs(held - (393.5 - 100 * (1 - 1 / 1.55))) < 1e-9)
        #expect(SheetBehaviour.follow(start: 393.5, offset: 1000, detents: Self.both, dismissible: true) == 0)
    }

    @Test("drag progress: the detents around the height and the fraction between them")
    func progress() {
        #expect(
            SheetBehaviour.progress(height: 590.25, detents: Self.both)
                == SheetDragProgress(height: 590.25, lower: "medium", upper: "large", fraction: 0.5))
        #expect(
            SheetBehaviour.progress(height: 196.75, detents: Self.both)
                == SheetDragProgress(height: 196.75, lower: nil, upper: "medium", fraction: 0.5))
        #expect(
            SheetBehaviour.progress(height: 800, detents: Self.both)
                == SheetDragProgress(height: 800, lower: "large", upper: nil, fraction: 1))
        #expect(
            SheetBehaviour.progress(height: 393.5, detents: Self.both)
                == SheetDragProgress(height: 393.5, lower: "medium", upper: "large", fraction: 0))
    }
}
