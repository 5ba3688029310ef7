/// UIKit's semantic colours (`UIColor.label`, `.systemBackground`, …): a plugin names one instead of
/// fixed RGB and the host resolves it for the appearance a frame is drawn in, with UIKit's values
/// (iOS 18 palette; docs/appearance.md). The raw value is the ABI's `POP_COLOR_*` number.
public enum SemanticColor: Int32, Hashable, Sendable, CaseIterable, Codable {
    case label = 0, secondaryLabel, tertiaryLabel, quaternaryLabel, placeholderText
    case systemBackground, secondarySystemBackground, tertiarySystemBackground
    case systemGroupedBackground, secondarySystemGroupedBackground, tertiarySystemGroupedBackground
    case separator, opaqueSeparator
    case systemFill, secondarySystemFill, tertiarySystemFill, quaternarySystemFill
    case link, systemBlue, systemRed, systemGreen
    case systemGray, systemGray2, systemGray3, systemGray4, systemGray5, systemGray6
    /// The default tint (system blue).
    case tint
    /// Destructive actions (system red).
    case destructive

    /// The colour in `appearance`; `elevated` for what floats above the page in dark (alerts,
    /// popovers: UIKit's elevated interface level), which changes only the backgrounds.
    public func resolved(for appearance: Appearance, elevated: Bool = false) -> ContentNode.Color {
        let (light, dark, darkElevated) = Self.values[Int(rawValue)]
        switch appearance {
        case .light: return ContentNode.Color(rawValue: light)
        case .dark: return ContentNode.Color(rawValue: elevated ? (darkElevated ?? dark) : dark)
        }
    }

    /// Light, dark and (for backgrounds) dark elevated, as 0xRRGGBBAA, in raw-value order.
    private static let values: [(UInt32, UInt32, UInt32?)] = [
        (0x0000_00FF, 0xFFFF_FFFF, nil),  // label
        (0x3C3C_4399, 0xEBEB_F599, nil),  // secondaryLabel
        (0x3C3C_434C, 0xEBEB_F54C, nil),  // tertiaryLabel
        (0x3C3C_432D, 0xEBEB_F528, nil),  // quaternaryLabel
        (0x3C3C_434C, 0xEBEB_F54C, nil),  // placeholderText
        (0xFFFF_FFFF, 0x0000_00FF, 0x1C1C_1EFF),  // systemBackground
        (0xF2F2_F7FF, 0x1C1C_1EFF, 0x2C2C_2EFF),  // secondarySystemBackground
        (0xFFFF_FFFF, 0x2C2C_2EFF, 0x3A3A_3CFF),  // tertiarySystemBackground
        (0xF2F2_F7FF, 0x0000_00FF, 0x1C1C_1EFF),  // systemGroupedBackground
        (0xFFFF_FFFF, 0x1C1C_1EFF, 0x2C2C_2EFF),  // secondarySystemGroupedBackground
        (0xF2F2_F7FF, 0x2C2C_2EFF, 0x3A3A_3CFF),  // tertiarySystemGroupedBackground
        (0x3C3C_4349, 0x5454_5899, nil),  // separator
        (0xC6C6_C8FF, 0x3838_3AFF, nil),  // opaqueSeparator
        (0x7878_8033, 0x7878_805B, nil),  // systemFill
        (0x7878_8028, 0x7878_8051, nil),  // secondarySystemFill
        (0x7676_801E, 0x7676_803D, nil),  // tertiarySystemFill
        (0x7474_8014, 0x7676_802D, nil),  // quaternarySystemFill
        (0x007A_FFFF, 0x0984_FFFF, nil),  // link
        (0x007A_FFFF, 0x0A84_FFFF, nil),  // systemBlue
        (0xFF3B_30FF, 0xFF45_3AFF, nil),  // systemRed
        (0x34C7_59FF, 0x30D1_58FF, nil),  // systemGreen
        (0x8E8E_93FF, 0x8E8E_93FF, nil),  // systemGray
        (0xAEAE_B2FF, 0x6363_66FF, nil),  // systemGray2
        (0xC7C7_CCFF, 0x4848_4AFF, nil),  // systemGray3
        (0xD1D1_D6FF, 0x3A3A_3CFF, nil),  // systemGray4
        (0xE5E5_EAFF, 0x2C2C_2EFF, nil),  // systemGray5
        (0xF2F2_F7FF, 0x1C1C_1EFF, nil),  // systemGray6
        (0x007A_FFFF, 0x0A84_FFFF, nil),  // tint
        (0xFF3B_30FF, 0xFF45_3AFF, nil),  // destructive
    ]
}
