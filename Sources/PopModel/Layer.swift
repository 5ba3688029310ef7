/// The popup layers. Each shows at most one popup at a time and has its own queue.
public enum Layer: String, Codable, CaseIterable, Sendable {
    case modal
    case banner
}
