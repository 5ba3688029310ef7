import Foundation

/// The files mapped into this process, from /proc/self/maps.
enum MappedFiles {
    /// Each mapped file's path once, in the order first mapped.
    static func current() -> [String] {
        guard let maps = try? String(contentsOfFile: "/proc/self/maps", encoding: .utf8) else { return [] }
        var seen: Set<String> = [], paths: [String] = []
        for line in maps.split(separator: "\n") {
            // address perms offset dev inode path — the path is the sixth field and may hold spaces.
            let fields = line.split(separator: " ", maxSplits: 5, omittingEmptySubsequences: true)
            guard fields.count == 6 else { continue }
            let path = fields[5].trimmingCharacters(in: .whitespaces)
            if path.hasPrefix("/"), seen.insert(path).inserted { paths.append(path) }
        }
        return paths
    }
}
