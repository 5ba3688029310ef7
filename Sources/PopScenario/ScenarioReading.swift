import PopModel

/// Typed reading of scenario JSON: each reader checks one value at a document path and throws a
/// `ScenarioError` that names the path, what was expected and what was found. Errors are thrown
/// without a file; `ScenarioParser` adds it.
enum ScenarioRead {
    // MARK: Paths

    /// `path.key` (just `key` at the root).
    static func path(_ path: String, _ key: String) -> String { path.isEmpty ? key : path + "." + key }

    /// `path[index]`.
    static func path(_ path: String, _ index: Int) -> String { path + "[\(index)]" }

    static func error(_ path: String, _ message: String) -> ScenarioError { ScenarioError(.invalid, path: path, message: message) }

    // MARK: Values

    static func object(_ value: Value, at path: String) throws(ScenarioError) -> Value.Object {
        guard case .object(let object) = value else { throw error(path, "expected an object, found \(describe(value))") }
        return object
    }

    static func array(_ value: Value, at path: String) throws(ScenarioError) -> [Value] {
        guard case .array(let elements) = value else { throw error(path, "expected an array, found \(describe(value))") }
        return elements
    }

    static func bool(_ value: Value, at path: String) throws(ScenarioError) -> Bool {
        guard case .bool(let bool) = value else { throw error(path, "expected true or false, found \(describe(value))") }
        return bool
    }

    static func string(_ value: Value, at path: String) throws(ScenarioError) -> String {
        guard case .string(let string) = value else { throw error(path, "expected a string, found \(describe(value))") }
        return string
    }

    static func nonEmptyString(_ value: Value, at path: String) throws(ScenarioError) -> String {
        let string = try string(value, at: path)
        guard !string.isEmpty else { throw error(path, "expected a non-empty string, found the empty string") }
        return string
    }

    /// An int or a double, as a double.
    static func number(_ value: Value, at path: String) throws(ScenarioError) -> Double {
        switch value {
        case .int(let int): return Double(int)
        case .double(let double): return double
        default: throw error(path, "expected a number, found \(describe(value))")
        }
    }

    static func nonNegative(_ value: Value, at path: String) throws(ScenarioError) -> Double {
        let number = try number(value, at: path)
        guard number >= 0 else { throw error(path, "expected a number ≥ 0, found \(format(number))") }
        return number
    }

    static func positive(_ value: Value, at path: String) throws(ScenarioError) -> Double {
        let number = try number(value, at: path)
        guard number > 0 else { throw error(path, "expected a number > 0, found \(format(number))") }
        return number
    }

    /// A number in `range`, e.g. an opacity.
    static func number(_ value: Value, at path: String, in range: ClosedRange<Double>) throws(ScenarioError) -> Double {
        let number = try number(value, at: path)
        guard range.contains(number) else {
            throw error(path, "expected a number from \(format(range.lowerBound)) to \(format(range.upperBound)), found \(format(number))")
        }
        return number
    }

    /// A whole number in `range` (an integral double such as 500.0 is accepted).
    static func integer(_ value: Value, at path: String, in range: ClosedRange<Int64>) throws(ScenarioError) -> Int64 {
        let number = try number(value, at: path)
        guard number == number.rounded(), number >= Double(range.lowerBound), number <= Double(range.upperBound) else {
            throw error(path, "expected a whole number from \(range.lowerBound) to \(range.upperBound), found \(format(number))")
        }
        return Int64(number)
    }

    /// An absolute virtual time in milliseconds (≥ 0, fractions allowed), rounded to the microsecond.
    static func time(_ value: Value, at path: String) throws(ScenarioError) -> VirtualTime {
        let milliseconds = try number(value, at: path)
        guard milliseconds >= 0 else { throw error(path, "expected a time in milliseconds ≥ 0, found \(format(milliseconds))") }
        return try virtualTime(milliseconds, at: path)
    }

    /// A span of virtual time in milliseconds (> 0, at least one microsecond).
    static func duration(_ value: Value, at path: String) throws(ScenarioError) -> VirtualTime {
        let milliseconds = try number(value, at: path)
        guard milliseconds > 0 else { throw error(path, "expected a duration in milliseconds > 0, found \(format(milliseconds))") }
        let time = try virtualTime(milliseconds, at: path)
        guard time > .zero else {
            throw error(
                path, "expected a duration of at least 0.001 ms (the clock counts whole microseconds), found \(format(milliseconds))")
        }
        return time
    }

    private static func virtualTime(_ milliseconds: Double, at path: String) throws(ScenarioError) -> VirtualTime {
        guard milliseconds <= VirtualTime.longest.milliseconds else {
            throw error(path, "expected at most \(format(VirtualTime.longest.milliseconds)) ms, found \(format(milliseconds))")
        }
        return VirtualTime(microseconds: Int64((milliseconds * 1000).rounded()))
    }

    /// One of `choices` (strings), with a suggestion for a near miss.
    static func choice(_ value: Value, at path: String, _ choices: [String]) throws(ScenarioError) -> String {
        let expected = list(choices.map(quoted), conjunction: "or")
        guard case .string(let string) = value else { throw error(path, "expected \(expected), found \(describe(value))") }
        guard choices.contains(string) else {
            throw error(path, "expected \(expected), found \(describe(value))\(suggestion(for: string, among: choices))")
        }
        return string
    }

    /// A name from a list too long to spell out as a choice (reasons, roles): `unknown reason "x"
    /// (did you mean "y"?); reasons are: a, b, c`.
    static func name(_ value: Value, at path: String, kind: String, plural: String, _ names: [String]) throws(ScenarioError) -> String {
        let string = try nonEmptyString(value, at: path)
        guard names.contains(string) else {
            throw error(
                path,
                "unknown \(kind) \(quoted(string))\(suggestion(for: string, among: names)); \(plural) are: \(names.joined(separator: ", "))"
            )
        }
        return string
    }

    // MARK: Objects

    /// Throws for the first key of `object` not in `allowed`: `unknown key "widht" (did you mean
    /// "width"?); screen keys are: width, height, ...` (`listing` is "screen keys are").
    static func checkKeys(_ object: Value.Object, at path: String, allowed: [String], listing: String) throws(ScenarioError) {
        for key in object.keys where !allowed.contains(key) {
            throw error(
                path, "unknown key \(quoted(key))\(suggestion(for: key, among: allowed)); \(listing): \(allowed.joined(separator: ", "))")
        }
    }

    /// The member `key`, read by `read` at its own path; nil when absent.
    static func optional<T>(
        _ object: Value.Object, _ key: String, at path: String,
        _ read: (Value, String) throws(ScenarioError) -> T
    ) throws(ScenarioError) -> T? {
        guard let value = object[key] else { return nil }
        return try read(value, Self.path(path, key))
    }

    /// The member `key`, read by `read` at its own path; an error when absent.
    static func required<T>(
        _ object: Value.Object, _ key: String, at path: String,
        _ read: (Value, String) throws(ScenarioError) -> T
    ) throws(ScenarioError) -> T {
        guard let value = object[key] else { throw error(path, "missing required key \(quoted(key))") }
        return try read(value, Self.path(path, key))
    }

    // MARK: Words

    /// What a value is, for "found ...": `the string "a"`, `-1`, `true`, `null`, `an array`, `an object`.
    static func describe(_ value: Value) -> String {
        switch value {
        case .null: "null"
        case .bool(let bool): bool ? "true" : "false"
        case .int(let int): String(int)
        case .double(let double): format(double)
        case .string(let string): string.isEmpty ? "the empty string" : "the string \(quoted(string))"
        case .array: "an array"
        case .object: "an object"
        }
    }

    /// A JSON string literal for `text`, cut to 40 characters.
    static func quoted(_ text: String) -> String {
        text.count <= 40 ? Value.string(text).json : Value.string(String(text.prefix(39)) + "…").json
    }

    /// A number as written: no ".0" on whole numbers.
    static func format(_ number: Double) -> String {
        if number == number.rounded(), abs(number) < 1e15 { return String(Int64(number)) }
        return number.description
    }

    /// "a", "a and b", "a, b and c".
    static func list(_ items: [String], conjunction: String = "and") -> String {
        guard items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " \(conjunction) " + items.last!
    }

    /// ` (did you mean "tap"?)` for the candidate `Spelling.nearest` finds, or the one `word` is the
    /// first part of (`view` → `view_loader`); empty when there is none.
    static func suggestion(for word: String, among candidates: [String]) -> String {
        (Spelling.nearest(to: word, among: candidates) ?? candidates.first { $0.hasPrefix(word + "_") })
            .map { " (did you mean \(quoted($0))?)" } ?? ""
    }
}
