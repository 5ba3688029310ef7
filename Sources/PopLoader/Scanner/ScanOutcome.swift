/// What scanning one plugin file produced: its description, or why it cannot be used.
public enum ScanOutcome: Codable, Hashable, Sendable {
    case loaded(info: PluginInfo)
    case failed(error: PluginError)

    init(_ result: Result<PluginInfo, PluginError>) {
        switch result {
        case .success(let info): self = .loaded(info: info)
        case .failure(let error): self = .failed(error: error)
        }
    }
}
