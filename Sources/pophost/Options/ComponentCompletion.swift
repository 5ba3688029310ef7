import ArgumentParser
import HostRuntime

/// Shell completion of component ids: the ids of one kind that discovery finds on the command line's
/// `--plugins` (else the default search path), read from the registry cache — no plugin is loaded
/// while the cache is warm. Completing never fails: nothing found is no candidates.
enum ComponentCompletion {
    /// Completes the ids of `kind` that start with the word being typed.
    static func ids(_ kind: ComponentKind) -> CompletionKind {
        .custom { words, _, typed in candidates(kind, words: words).filter { $0.hasPrefix(typed) } }
    }

    /// The ids of `kind`, sorted, on the search path the command line `words` give.
    static func candidates(_ kind: ComponentKind, words: [String]) -> [String] {
        var directories: [String] = []
        for (index, word) in words.enumerated() {
            if word == "--plugins", words.indices.contains(index + 1) {
                directories.append(words[index + 1])
            } else if word.hasPrefix("--plugins=") {
                directories.append(String(word.dropFirst("--plugins=".count)))
            }
        }
        let registry = PluginRegistry(searchPath: SearchPath.resolve(flags: directories))
        guard let discovery = try? registry.discover() else { return [] }
        let ids = discovery.entries.flatMap { $0.info?.components ?? [] }.filter { $0.kind == kind }.map(\.descriptor.id)
        return Array(Set(ids)).sorted()
    }
}
