/// One thing an accessibility audit (`a11y.*`) found: a sentence naming the node, the numbers and
/// the rule, and whether it breaks the rule at the run's strictness or only warns.
struct AuditFinding: Hashable {
    let message: String
    let isWarning: Bool

    init(_ message: String, isWarning: Bool = false) {
        self.message = message
        self.isWarning = isWarning
    }
}
