#if canImport(Glibc)
import Glibc
#endif

/// Captures what a piece of code writes to standard output and standard error, at the descriptor
/// level (C's printf, Swift's print, write(2) alike), into a temporary file — a pipe would block a
/// plugin that writes more than its buffer holds.
enum OutputCapture {
    /// Runs `body` with descriptors 1 and 2 going to a temporary file; returns its result and the
    /// bytes written.
    static func capturing<T>(_ body: () throws(TestIssue) -> T) throws(TestIssue) -> (T, [UInt8]) {
        var template = Array("/tmp/pophost-capture-XXXXXX".utf8CString)
        let file = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard file >= 0 else { throw .skipped("cannot make a temporary file to capture output: \(String(cString: strerror(errno)))") }
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        defer { close(file) }
        fflush(nil)
        let savedOut = dup(1), savedErr = dup(2)
        dup2(file, 1)
        dup2(file, 2)
        let result: Result<T, TestIssue>
        do { result = .success(try body()) } catch { result = .failure(error) }
        fflush(nil)
        dup2(savedOut, 1)
        dup2(savedErr, 2)
        close(savedOut)
        close(savedErr)
        let output = contents(of: file)
        return (try result.get(), output)
    }

    private static func contents(of file: Int32) -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        var offset: off_t = 0
        while bytes.count < 1 << 20 {
            let count = chunk.withUnsafeMutableBytes { pread(file, $0.baseAddress, $0.count, offset) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            bytes += chunk[0..<count]
            offset += off_t(count)
        }
        return bytes
    }
}
