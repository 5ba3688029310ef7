/// Near misses, for errors that say "did you mean …": a mistyped id, key or action name is usually
/// one or two edits away from the one meant. Scenarios, the catalog and composition contracts all
/// suggest through this, so they agree on what counts as near.
public enum Spelling {
    /// The candidate nearest to `word` within an edit distance of 2 (and shorter than the longer
    /// word, so a short word does not "mean" any other short word), ignoring case; nil when there is
    /// none. Ties go to the first candidate.
    public static func nearest(to word: String, among candidates: some Sequence<String>) -> String? {
        var best: (candidate: String, distance: Int)?
        for candidate in candidates {
            let distance = editDistance(word.lowercased(), candidate.lowercased())
            guard distance <= 2, distance < max(word.count, candidate.count) else { continue }
            if best == nil || distance < best!.distance { best = (candidate, distance) }
        }
        return best?.candidate
    }

    /// Levenshtein distance over characters.
    public static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
