import PopModel

/// A rectangle whose numbers may be NaN or infinite: a plugin's layout hook may return one, and the
/// presentation engine reports it by what it was ("an invalid frame Rect(x: nan, …)"). JSON has no
/// such numbers, so each is written as its name ("nan", "-inf") and read back as the same double.
struct ExactRect: Codable, Equatable {
    var rect: Rect

    init(_ rect: Rect) { self.rect = rect }

    init(from decoder: any Decoder) throws {
        var numbers = try decoder.unkeyedContainer()
        func next() throws -> Double {
            if let number = try? numbers.decode(Double.self) { return number }
            let name = try numbers.decode(String.self)
            guard let number = Double(name) else {
                throw DecodingError.dataCorruptedError(in: numbers, debugDescription: "\"\(name)\" is not a number")
            }
            return number
        }
        rect = Rect(x: try next(), y: try next(), width: try next(), height: try next())
    }

    func encode(to encoder: any Encoder) throws {
        var numbers = encoder.unkeyedContainer()
        for number in [rect.x, rect.y, rect.width, rect.height] {
            if number.isFinite { try numbers.encode(number) } else { try numbers.encode(number.description) }
        }
    }
}
