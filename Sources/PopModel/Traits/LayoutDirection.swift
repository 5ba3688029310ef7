/// Which way text and the interface run (UIKit's `UIUserInterfaceLayoutDirection`): in
/// right-to-left, leading is the right side, pages arrive from the left and the back gestures start
/// at the right edge.
public enum LayoutDirection: String, Hashable, Sendable, CaseIterable, Codable {
    case leftToRight = "ltr"
    case rightToLeft = "rtl"

    public var isRightToLeft: Bool { self == .rightToLeft }

    /// The ABI's number (`POP_LAYOUT_LTR` 0, `POP_LAYOUT_RTL` 1).
    public var abiValue: Int32 { self == .leftToRight ? 0 : 1 }
}
