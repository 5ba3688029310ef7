/// Near misses, for errors that say "did you mean …": a mistyped id, key or action name is usually
/// one or two edits away from the one meant. Scenarios, the catalog and composition contracts all
/// suggest through this, so they agree on what counts as near.
public enum Spelling {
    /// The candidate nearest to `word` within an edit distance of 2 (and shorter than the longer
    /// word, so a short word does not "mean" any other short word), ignoring case; else the only
    /// candidate whose last dot-separated labels are `word` (a reverse-DNS id is often typed by its
    /// tail: "rustpay.view" for "com.example.rustpay.view"); nil when there is none. Ties go to the
    /// first candidate.
    public static func nearest(to word: String, among candidates: some Sequence<String>) -> String? {
        let lowered = word.lowercased()
        var best: (candidate: String, distance: Int)?
        var tails: [String] = []
        for candidate in candidates {
            let candidateLowered = candidate.lowercased()
            if candidateLowered.hasSuffix("." + lowered) { tails.append(candidate) }
            let distance = editDistance(lowered, candidateLowered)
            guard distance <= 2, distance < max(word.count, candidate.count) else { continue }
            if best == nil || distance < best!.distance { best = (candidate, distance) }
        }
        return best?.candidate ?? (tails.count == 1 ? tails[0] : nil)
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
