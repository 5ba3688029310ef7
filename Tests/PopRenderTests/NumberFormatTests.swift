import Testing

@testable import PopModel
@testable import PopRender

@Suite struct NumberFormatTests {
    @Test(
        "at most 3 decimals, trailing zeros dropped, integers bare, never -0",
        arguments: [
            (0.0, "0"), (-0.0, "0"), (12, "12"), (-7, "-7"), (0.5, "0.5"), (1.25, "1.25"), (3.125, "3.125"),
            (0.1 + 0.2, "0.3"), (2.0004, "2"), (2.0005, "2.001"), (-2.0005, "-2.001"), (-0.0004, "0"),
            (0.001, "0.001"), (-0.01, "-0.01"), (99.9999, "100"), (1e-9, "0"), (123456.789, "123456.789"),
            (1e20, "1000000000000000"), (-1e20, "-1000000000000000"),
        ])
    func string(value: Double, text: String) {
        #expect(NumberFormat.string(value) == text)
    }

    @Test("non-finite values become 0", arguments: [Double.nan, .infinity, -.infinity, .signalingNaN])
    func nonFinite(value: Double) {
        #expect(NumberFormat.string(value) == "0")
        #expect(NumberFormat.rounded(value) == 0)
        #expect(NumberFormat.value(value) == .int(0))
    }

    @Test(
        "JSON values: integers when whole, else doubles that print like the text",
        arguments: [
            (3.0, Value.int(3)), (-0.0001, .int(0)), (0.30000000000000004, .double(0.3)), (-1.5, .double(-1.5)), (2.9996, .int(3)),
        ])
    func value(input: Double, expected: Value) {
        #expect(NumberFormat.value(input) == expected)
        #expect(NumberFormat.value(input).json == NumberFormat.string(input))
    }

    @Test("transforms that round to the identity are left out")
    func transforms() {
        #expect(AffineTransform.identity.outputMatrix == nil)
        #expect(AffineTransform(a: 1.0000001, b: 1e-7, c: -1e-7, d: 0.9999999, e: 0.0002, f: -0.0004).outputMatrix == nil)
        #expect(AffineTransform(a: 2, b: 0, c: 0, d: 2, e: 0.12345, f: 0).outputMatrix == [2, 0, 0, 2, 0.123, 0])
    }
}
