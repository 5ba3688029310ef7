#if canImport(Glibc)
import Glibc
#endif

/// This process's environment variables, read from `environ`: what Foundation's
/// `ProcessInfo.processInfo.environment` gives, for the layers a test's process links, which do
/// without Foundation so that it starts sooner (docs/benchmarks.md, "The conformance harness").
public enum ProcessEnvironment {
    /// Every variable by name; an entry without "=" is left out, and of a name set twice the first wins.
    public static var current: [String: String] {
        var variables: [String: String] = [:]
        var cursor = environ
        while let entry = cursor.pointee {
            let text = String(cString: entry)
            if let equals = text.firstIndex(of: "=") {
                let name = String(text[..<equals])
                if variables[name] == nil { variables[name] = String(text[text.index(after: equals)...]) }
            }
            cursor += 1
        }
        return variables
    }
}
