import Testing

@testable import PopModel

@Suite struct TraceTextTests {
    @Test("numbers have at most three decimals and whole ones no fraction")
    func numbers() {
        #expect(TraceText.number(55) == "55")
        #expect(TraceText.number(-3) == "-3")
        #expect(TraceText.number(0.5) == "0.5")
        #expect(TraceText.number(100.0 / 3) == "33.333")
        #expect(TraceText.number(0.1 + 0.2) == "0.3")
        #expect(TraceText.number(1e20) == "1e+20")
        #expect(TraceText.number(.infinity) == "inf")
    }

    @Test("geometry reads as x,y width×height")
    func geometry() {
        #expect(TraceText.rect(Rect(x: 55, y: 107, width: 280, height: 294.5)) == "55,107 280×294.5")
        #expect(TraceText.point(Point(x: 10, y: 20.25)) == "10,20.25")
        #expect(TraceText.size(Size(width: 390, height: 844)) == "390×844")
    }
}
