/// Why a scenario could not be read: the file, where in the document (a path such as
/// `steps[3].tap.x`), and what is wrong there.
public struct ScenarioError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What kind of problem it is, for code that reacts to it.
    public enum Category: String, Hashable, Sendable {
        /// The file cannot be read.
        case unreadable
        /// The text is not JSON.
        case syntax
        /// The JSON is not a scenario: a missing key, a wrong type, a value out of range.
        case invalid
        /// A step could not do what it says when it was played (a label not on screen, no such button).
        case step
        /// An expectation did not hold after the run.
        case expectation
    }

    public var category: Category
    /// The scenario's file as it was given; nil for an embedded scenario.
    public var file: String?
    /// Where the problem is: `steps[3].tap.x`, `expect.frames[0].rect.width`; empty for the root
    /// (and for syntax errors and unreadable files).
    public var path: String
    /// What is wrong, e.g. `expected a number, found the string "a"`.
    public var message: String
    /// For a JSON syntax error: the line (from 1) and column (from 1, in Unicode scalars); nil otherwise.
    public var line: Int?
    public var column: Int?

    public init(_ category: Category, file: String? = nil, path: String, message: String, line: Int? = nil, column: Int? = nil) {
        self.category = category
        self.file = file
        self.path = path
        self.message = message
        self.line = line
        self.column = column
    }

    /// `<file>: <path>: <message>`, or `<file>: line L, column C: <message>` for a syntax error;
    /// the parts that are nil or empty are left out.
    public var description: String {
        var parts: [String] = []
        if let file, !file.isEmpty { parts.append(file) }
        if let line, let column { parts.append("line \(line), column \(column)") }
        if !path.isEmpty { parts.append(path) }
        parts.append(message)
        return parts.joined(separator: ": ")
    }
}
