import Foundation
import HostRuntime

/// A cold `list` — a discovery with no registry cache, so that the scanner child opens every file —
/// and the warm list after it (every answer from the cache), of directories holding `count` copies of
/// the C sample, each entry's status read as `pophost list` prints it; per file, at each count. The
/// counts take turns at going first from round to round; the warm list is timed three times a round.
struct PluginFiles: Codable {
    /// Linear: µs per file at the largest count within this factor of that at a tenth of it.
    static let linearLimit = 1.5
    static let warmSamplesPerRound = 3

    struct Point: Codable {
        let files: Int
        let coldMicrosecondsPerFile: Double
        let warmMicrosecondsPerFile: Double
    }

    /// One point a count, smallest first.
    let points: [Point]
    /// µs per file at the largest count over µs per file at a tenth of it (nil with fewer than two
    /// counts a decade apart).
    let coldGrowth: Double?
    let warmGrowth: Double?
    let linearLimit: Double
    var coldLinear: Bool? { coldGrowth.map { $0 <= linearLimit } }
    var warmLinear: Bool? { warmGrowth.map { $0 <= linearLimit } }

    init(points: [Point]) {
        self.points = points
        let largest = points.last, tenth = points.first { $0.files * 10 == largest?.files }
        coldGrowth = largest.flatMap { l in tenth.map { l.coldMicrosecondsPerFile / $0.coldMicrosecondsPerFile } }
        warmGrowth = largest.flatMap { l in tenth.map { l.warmMicrosecondsPerFile / $0.warmMicrosecondsPerFile } }
        linearLimit = Self.linearLimit
    }

    static func measure(counts: [Int], rounds: Int, scratch: String) throws(BenchError) -> PluginFiles {
        let library = try Sample.c.library(buildDirectory: RunningExecutable.directory, scratch: scratch)
        guard let contents = FileManager.default.contents(atPath: library) else { throw BenchError("cannot read \(library)") }
        let scanner = PluginScanner(executable: RunningExecutable.directory + "/pophost-scanner")
        let registries = try counts.map { count throws(BenchError) in
            let directory = scratch + "/files-\(count)"
            do { try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false) } catch {
                throw BenchError("cannot create \(directory): \(error)")
            }
            let width = String(count - 1).count
            for index in 0..<count {
                let name = String(repeating: "0", count: width - String(index).count) + String(index)
                guard FileManager.default.createFile(atPath: directory + "/c-\(name).so", contents: contents) else {
                    throw BenchError("cannot write the copies in \(directory)")
                }
            }
            return PluginRegistry(
                searchPath: SearchPath(directories: [directory], source: .flags), cacheFile: scratch + "/registry-\(count).cache",
                scanner: scanner)
        }
        var cold: [Int: [Int]] = [:], warm: [Int: [Int]] = [:]
        for round in 0..<(rounds + 1) {  // round 0 warms up (the page cache) and is discarded
            for offset in counts.indices {
                let index = (round + offset) % counts.count, count = counts[index], registry = registries[index]
                if let cacheFile = registry.cacheFile { try? FileManager.default.removeItem(atPath: cacheFile) }
                let c = try list(registry, files: count, cold: true)
                let w = try (0..<warmSamplesPerRound).map { _ throws(BenchError) in try list(registry, files: count, cold: false) }
                guard round > 0 else { continue }
                cold[count, default: []].append(c)
                warm[count, default: []] += w
            }
        }
        return PluginFiles(
            points: counts.map { count in
                Point(
                    files: count, coldMicrosecondsPerFile: median(cold[count]!) / 1000 / Double(count),
                    warmMicrosecondsPerFile: median(warm[count]!) / 1000 / Double(count))
            })
    }

    /// Times one list: the discovery and every entry's status. A cold one must scan every file, a
    /// warm one none; every copy after the first is shadowed by the first.
    private static func list(_ registry: PluginRegistry, files: Int, cold: Bool) throws(BenchError) -> Int {
        let ((discovery, statuses), nanoseconds): ((PluginRegistry.Discovery, [RegistryEntry.Status]), Int)
        do {
            ((discovery, statuses), nanoseconds) = try timed { () throws(PluginScanner.Failure) in
                let discovery = try registry.discover()
                return (discovery, discovery.entries.map(\.status))
            }
        } catch {
            throw BenchError("\(error)")
        }
        guard discovery.entries.count == files, discovery.scanned.count == (cold ? files : 0) else {
            throw BenchError(
                "a \(cold ? "cold" : "warm") list of \(files) files found \(discovery.entries.count) and scanned \(discovery.scanned.count)"
            )
        }
        guard statuses.first == .ok, statuses.dropFirst().allSatisfy({ $0 == .shadowed }) else {
            let problem = discovery.entries.first { $0.problem != nil && $0.status != .shadowed }?.problem
            throw BenchError("the copies did not load: \(problem.map(String.init(describing:)) ?? "unexpected statuses")")
        }
        return nanoseconds
    }
}
