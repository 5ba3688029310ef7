/// The four kinds of popup component.
public enum ComponentKind: String, Codable, CaseIterable, Sendable, Comparable {
    case handler
    case viewLoader = "view-loader"
    case controllerLoader = "controller-loader"
    case reformer

    public static func < (lhs: ComponentKind, rhs: ComponentKind) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
