import PopModel

/// The built-in view loader `pop.box`: content of a given size, read from the request's data under
/// `box`, for scenarios (and apps) that lay out or animate something of known dimensions without a
/// plugin:
///
/// ```json
/// {"box": {"width": 320, "height": 150}}
/// ```
/// The content is one image placeholder exactly that large (its `sizeThatFits` is that size, cut to
/// the space it is offered). Both keys are required numbers ≥ 0; anything else fails the request
/// with a message naming the key.
final class BoxViewLoader: ViewLoaderComponent, Sendable {
    static let boxID = "pop.box"
    var id: String { Self.boxID }

    func build(data: RequestData) throws(ComponentFailure) -> ContentNode {
        guard case .object(let box)? = data.value.lookup(path: "box") else {
            throw ComponentFailure(.contractBroken, "box: expected an object with width and height")
        }
        for key in box.keys where key != "width" && key != "height" {
            throw ComponentFailure(.contractBroken, "box.\(key): unknown key; a box has width and height")
        }
        return ContentNode(
            .image(
                name: "box", width: try Self.length(box["width"], "box.width"),
                height: try Self.length(box["height"], "box.height")))
    }

    private static func length(_ value: Value?, _ key: String) throws(ComponentFailure) -> Double {
        let number: Double
        switch value {
        case .int(let int)?: number = Double(int)
        case .double(let double)?: number = double
        case nil: throw ComponentFailure(.contractBroken, "\(key): missing")
        default: throw ComponentFailure(.contractBroken, "\(key): expected a number")
        }
        guard number.isFinite, number >= 0 else { throw ComponentFailure(.contractBroken, "\(key): must be a number ≥ 0") }
        return number
    }
}
