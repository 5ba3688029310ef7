import Foundation
import Synchronization

/// One lifecycle event of one request.
public struct TraceEvent: Hashable, Sendable {
    /// Virtual time of the event.
    public var time: VirtualTime
    public var request: RequestID
    /// What happened: "requested", "will-present", "did-present", "dismissed", "cancelled", ...
    public var event: String
    public var reason: Reason?
    /// The request's component ids ("handler", "view-loader", "controller-loader", "reformer"),
    /// "builtin" for a built-in default.
    public var components: [String: String]
    /// Free text: the action's name, the plugin's misbehaviour, the priority...
    public var detail: String?

    /// The event as one JSON line (keys sorted; absent fields omitted), without the newline.
    public var jsonLine: String {
        var fields = ["\"t\":\(time.milliseconds)", "\"request\":\(request)", "\"event\":\(jsonString(event))"]
        if let reason { fields.append("\"reason\":\(jsonString(reason.description))") }
        if !components.isEmpty {
            let parts = components.sorted { $0.key < $1.key }.map { "\(jsonString($0.key)):\(jsonString($0.value))" }
            fields.append("\"components\":{\(parts.joined(separator: ","))}")
        }
        if let detail { fields.append("\"detail\":\(jsonString(detail))") }
        return "{" + fields.joined(separator: ",") + "}"
    }
}

/// Where a chef's trace goes.
public protocol TraceSink: AnyObject {
    func record(_ event: TraceEvent)
}

/// Keeps every event in memory (for tests and for writing out at the end).
public final class TraceRecorder: TraceSink, @unchecked Sendable {
    private let storage = Mutex<[TraceEvent]>([])

    public init() {}

    public func record(_ event: TraceEvent) { storage.withLock { $0.append(event) } }

    public var events: [TraceEvent] { storage.withLock { $0 } }

    /// The events as JSON lines.
    public var jsonLines: String { events.map { $0.jsonLine + "\n" }.joined() }
}

/// Writes each event as a JSON line to a file as it happens.
public final class TraceFileWriter: TraceSink {
    private let handle: FileHandle

    /// Creates (or truncates) `path`.
    public init(path: String) throws {
        guard FileManager.default.createFile(atPath: path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
        }
        handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
    }

    public func record(_ event: TraceEvent) {
        handle.write(Data((event.jsonLine + "\n").utf8))
    }
}

/// A JSON string literal for `text`.
private func jsonString(_ text: String) -> String {
    Value.string(text).json
}
