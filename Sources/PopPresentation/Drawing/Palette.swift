import PopModel

/// The colours the stage draws the app, the popups' chrome, controls and the keyboard in (iOS's
/// light system colours).
enum Palette {
    static let appBackground: ContentNode.Color = 0xF2F2_F7FF
    static let bar: ContentNode.Color = 0xF9F9_F9FF
    static let separator: ContentNode.Color = 0xC6C6_C8FF
    static let label: ContentNode.Color = 0x0000_00FF
    static let secondaryLabel: ContentNode.Color = 0x8A8A_8EFF
    static let cell: ContentNode.Color = 0xFFFF_FFFF
    static let accent: ContentNode.Color = 0x007A_FFFF
    static let destructive: ContentNode.Color = 0xFF3B_30FF
    static let popup: ContentNode.Color = 0xFFFF_FFFF
    static let popupShadow = Shadow(offsetY: 10, blur: 30, color: 0x0000_0040)
    static let cancelButton: ContentNode.Color = 0xE9E9_EBFF
    static let destructiveButton: ContentNode.Color = 0xFFE5_E3FF
    static let onAccent: ContentNode.Color = 0xFFFF_FFFF
    static let field: ContentNode.Color = 0xF2F2_F7FF
    static let fieldBorder = ContentNode.Border(width: 1, color: 0xC7C7_CCFF)
    static let focusedFieldBorder = ContentNode.Border(width: 2, color: accent)
    static let placeholder: ContentNode.Color = 0x8E8E_93FF
    static let image: ContentNode.Color = 0xE5E5_EAFF
    static let keyboard: ContentNode.Color = 0xD1D4_D9FF
    static let key: ContentNode.Color = 0xFFFF_FFFF
    static let homeIndicator: ContentNode.Color = 0x0000_00FF
    /// A sheet's grabber: UIKit's tertiary label grey.
    static let grabber: ContentNode.Color = 0x3C3C_434D
}
