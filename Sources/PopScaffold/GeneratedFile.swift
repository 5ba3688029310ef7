/// One file of a scaffolded project: its path relative to the project directory and its text.
public struct GeneratedFile: Equatable, Sendable {
    /// Relative, with '/' separators, e.g. `Sources/Greeter/Plugin.swift`.
    public var path: String
    public var contents: String

    public init(_ path: String, _ contents: String) {
        self.path = path
        self.contents = contents
    }
}
