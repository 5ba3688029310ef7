import PluginABI
import PopModel

/// A named piece of data a component declares to be shown with (its descriptor's `sample_data`):
/// the preview's gallery offers it, `pophost inspect` builds it, `pophost test` requires it to work.
public struct SampleData: Codable, Hashable, Sendable {
    /// Non-empty, distinct within the component: "Big discount".
    public var name: String
    public var data: Value

    /// The most samples a component may declare (ext/sample_data.h).
    public static let limit = Int(POP_SAMPLE_DATA_MAX_SAMPLES)

    public init(name: String, data: Value) {
        self.name = name
        self.data = data
    }

    /// Reads a descriptor's `sample_data` JSON text, or says what is wrong with it.
    public static func parse(_ text: String, limit: Int) -> Result<[SampleData], SampleDataProblem> {
        let value: Value
        do { value = try Value(json: text) } catch { return .failure(SampleDataProblem("is not valid JSON: \(error)")) }
        guard case .array(let items) = value else { return .failure(SampleDataProblem("is not a JSON array")) }
        guard items.count <= limit else { return .failure(SampleDataProblem("has \(items.count) samples, more than \(limit)")) }
        var samples: [SampleData] = []
        for (index, item) in items.enumerated() {
            guard case .object(let object) = item, case .string(let name)? = object["name"], !name.isEmpty else {
                return .failure(SampleDataProblem("entry \(index) is not an object with a non-empty \"name\""))
            }
            guard let data = object["data"] else { return .failure(SampleDataProblem("entry \(index) (\"\(name)\") has no \"data\"")) }
            guard object.count == 2 else {
                return .failure(SampleDataProblem("entry \(index) (\"\(name)\") has members besides \"name\" and \"data\""))
            }
            guard !samples.contains(where: { $0.name == name }) else { return .failure(SampleDataProblem("names \"\(name)\" twice")) }
            samples.append(SampleData(name: name, data: data))
        }
        return .success(samples)
    }
}

/// What is wrong with a descriptor's `sample_data`, said after "sample_data ".
public struct SampleDataProblem: Error, Hashable, Sendable {
    public let message: String
    init(_ message: String) { self.message = message }
}
