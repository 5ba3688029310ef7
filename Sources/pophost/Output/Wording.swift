import Foundation

/// "1 test", "3 tests": a count with its noun, singular for one.
func counted(_ count: Int, _ noun: String, plural: String? = nil) -> String {
    "\(count) " + (count == 1 ? noun : plural ?? noun + "s")
}

/// `word` as a shell reads it back: as it is when it holds only plain characters, else in single quotes.
func shellQuoted(_ word: String) -> String {
    let plain = !word.isEmpty && word.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "/._-+,:@=".contains($0)) }
    return plain ? word : "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
}
