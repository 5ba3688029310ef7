import PopModel
import Synchronization

/// What the registry knows about one scanned file, cheap to carry around: its status columns are
/// always decoded, its `PluginInfo` only when someone asks for it or for the entry's status (a
/// warm discovery decodes nothing but paths, sizes, times and ids, unless two files claim one id).
final class ScanRecord: @unchecked Sendable {
    /// The plugin id, when the file loaded.
    let pluginID: String?
    /// Why the file cannot be used, when it failed.
    let problem: PluginError?
    private let state: Mutex<State>

    private enum State {
        case decoded(PluginInfo?)
        /// The JSON of the `PluginInfo`: a range of the cache file's bytes.
        case encoded(SharedBytes, Range<Int>)
    }

    init(_ outcome: ScanOutcome) {
        switch outcome {
        case .loaded(let info):
            pluginID = info.plugin.id
            problem = nil
            state = Mutex(.decoded(info))
        case .failed(let error):
            pluginID = nil
            problem = error
            state = Mutex(.decoded(nil))
        }
    }

    /// A record read from the cache: a loaded plugin's id and its undecoded `PluginInfo` JSON.
    init(pluginID: String, encodedInfo range: Range<Int>, of file: SharedBytes) {
        self.pluginID = pluginID
        problem = nil
        state = Mutex(.encoded(file, range))
    }

    /// The plugin's description, decoded on first use. Nil for a failed file, or when the cached
    /// JSON cannot be decoded although its checksum holds (`RegistryEntry` then reports the entry
    /// as an error that `--rescan` clears).
    var info: PluginInfo? {
        state.withLock { state in
            switch state {
            case .decoded(let info): return info
            case .encoded(let file, let range):
                let info = try? ValueDecoder().decode(PluginInfo.self, json: file.bytes[range])
                state = .decoded(info)
                return info
            }
        }
    }

    /// The JSON the cache stores for this record: the `PluginInfo`, or the `PluginError`.
    func encodedPayload() throws -> [UInt8] {
        if let problem { return Array(try ValueEncoder().encode(problem).json.utf8) }
        return try state.withLock { state in
            switch state {
            case .encoded(let file, let range): return Array(file.bytes[range])
            case .decoded(let info): return Array(try ValueEncoder().encode(info).json.utf8)
            }
        }
    }
}

/// The bytes of a cache file, shared by the records that keep ranges of it.
final class SharedBytes: Sendable {
    let bytes: [UInt8]

    init(_ bytes: [UInt8]) { self.bytes = bytes }
}
