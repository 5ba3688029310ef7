import PopModel

#if canImport(Glibc)
import Glibc
#endif

/// Writes each trace event as a JSON line to a file as it happens. A write that fails (a full
/// disk) stops the writing, and `failure` says why: a trace cut short is never taken for a whole one.
public final class TraceFileWriter: TraceSink {
    private let descriptor: Int32
    private let path: String
    /// Why the trace could not be written whole; nil while every event has been written.
    public private(set) var failure: TraceFileError?

    /// Creates (or truncates) `path`.
    public init(path: String) throws(TraceFileError) {
        self.path = path
        descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw TraceFileError(path: path, cause: String(cString: strerror(errno))) }
    }

    deinit { close(descriptor) }

    public func record(_ event: TraceEvent) {
        guard failure == nil else { return }
        var bytes = Array((event.jsonLine + "\n").utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else {
                failure = TraceFileError(path: path, cause: String(cString: strerror(written < 0 ? errno : ENOSPC)))
                return
            }
            bytes = bytes.dropFirst(written)
        }
    }
}

/// A trace file could not be created.
public struct TraceFileError: Error, CustomStringConvertible {
    public let path: String
    public let cause: String
    public var description: String { "\(path): cannot write the trace: \(cause)" }
}
