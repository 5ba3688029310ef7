import PopModel

/// A rectangle whose numbers may be NaN or infinite (a plugin's layout hook may return one), as four
/// `ExactNumber`s.
struct ExactRect: Codable, Equatable {
    var rect: Rect

    init(_ rect: Rect) { self.rect = rect }

    init(from decoder: any Decoder) throws {
        var numbers = try decoder.unkeyedContainer()
        func next() throws -> Double { try numbers.decode(ExactNumber.self).value }
        rect = Rect(x: try next(), y: try next(), width: try next(), height: try next())
    }

    func encode(to encoder: any Encoder) throws {
        var numbers = encoder.unkeyedContainer()
        for number in [rect.x, rect.y, rect.width, rect.height] { try numbers.encode(ExactNumber(number)) }
    }
}
