import PopLoader

/// The files mapped into this process, from /proc/self/maps.
enum MappedFiles {
    /// Each mapped file's path once, in the order first mapped.
    static func current() -> [String] {
        guard let bytes = LocalFiles.contents(of: "/proc/self/maps"), let maps = String(validating: bytes, as: UTF8.self) else { return [] }
        var seen: Set<String> = [], paths: [String] = []
        for line in maps.split(separator: "\n") {
            // address perms offset dev inode path — the path is the sixth field and may hold spaces.
            let fields = line.split(separator: " ", maxSplits: 5, omittingEmptySubsequences: true)
            guard fields.count == 6 else { continue }
            var field = fields[5]
            while field.first?.isWhitespace == true { field.removeFirst() }
            while field.last?.isWhitespace == true { field.removeLast() }
            let path = String(field)
            if path.hasPrefix("/"), seen.insert(path).inserted { paths.append(path) }
        }
        return paths
    }
}
