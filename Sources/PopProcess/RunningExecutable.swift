#if canImport(Glibc)
import Glibc
#endif

/// The program this process runs, from `/proc/self/exe`: where pophost finds what ships beside it
/// (plugins, headers, its own binary to start children with), and where tests find the built products.
public enum RunningExecutable {
    /// Its path, symbolic links resolved (`argv[0]` if `/proc` cannot say).
    public static var path: String {
        var buffer = [UInt8](repeating: 0, count: Int(PATH_MAX))
        let count = buffer.withUnsafeMutableBytes { readlink("/proc/self/exe", $0.baseAddress!, $0.count) }
        guard count > 0 else { return CommandLine.arguments[0] }
        return String(decoding: buffer[..<count], as: UTF8.self)
    }

    /// The directory holding it ("." for a bare name, "/" for a file at the root).
    public static var directory: String {
        let path = path
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
