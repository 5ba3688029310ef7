import PopChef
import PopModel

/// A request's data as a call carries it: whole the first time an instance is given it, then by its
/// place in that instance's list. The plugin host keeps one `RequestData` per value for the
/// instance's life, so the handles a plugin was given (`pop_value_t *`) stay valid until the
/// request ends, as they do in the host's own process.
enum DataReference: Codable {
    /// A value the instance has not had yet; it becomes the next in its list.
    case new(Value)
    /// The value at this place in the instance's list.
    case known(Int)
}

/// The host side of `DataReference`: the data objects one remote instance was sent, in order.
struct SentData {
    private var sent: [RequestData] = []

    /// How to send `data`: by its place when it was sent before (the same object), whole otherwise.
    mutating func reference(to data: RequestData) -> DataReference {
        if let index = sent.firstIndex(where: { $0 === data }) { return .known(index) }
        sent.append(data)
        return .new(data.value)
    }
}
