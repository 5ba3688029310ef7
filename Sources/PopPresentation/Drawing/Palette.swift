import PopModel

/// The colours the stage draws the app, the popups' chrome, controls and the keyboard in, for one
/// appearance (`Palette(appearance)`): iOS's light system colours, and their dark forms (UIKit's dark
/// semantic colours and the spec's surfaces; docs/appearance.md lists them with the decisions). What a
/// plugin writes as a fixed colour is drawn as written; only what the host chooses comes from here.
struct Palette: Hashable, Sendable {
    let appBackground: ContentNode.Color
    /// The app screen's status and navigation bars (opaque: a flat picture of the app).
    let bar: ContentNode.Color
    let separator: ContentNode.Color
    let label: ContentNode.Color
    /// The secondary label as it shows over a cell (opaque).
    let secondaryLabel: ContentNode.Color
    let cell: ContentNode.Color
    let accent: ContentNode.Color
    let destructive: ContentNode.Color
    /// An alert's (and a themed modal popup's) card when its content has no background.
    let alertCard: ContentNode.Color
    /// A sheet's, popover's or banner's card when its content has no background.
    let sheetCard: ContentNode.Color
    let popupShadow: Shadow
    let cancelButton: ContentNode.Color
    let destructiveButton: ContentNode.Color
    let onAccent: ContentNode.Color
    let field: ContentNode.Color
    let fieldBorder: ContentNode.Border
    let placeholder: ContentNode.Color
    let image: ContentNode.Color
    let keyboard: ContentNode.Color
    let key: ContentNode.Color
    let homeIndicator: ContentNode.Color
    /// A sheet's grabber: UIKit's tertiary label.
    let grabber: ContentNode.Color
    /// The battery's outline and cap in the status bar: the label at 35 %.
    let faintLabel: ContentNode.Color
    /// The alpha the host's own dimming (`Presentation.defaultDimColor`, black at 0x59) rests at:
    /// unchanged in light; UIKit's 0.478 (0x7A) in dark.
    let defaultDimming: UInt32
    /// A floating bubble: its disc and its outline.
    let bubble: ContentNode.Color
    let bubbleBorder: ContentNode.Border

    /// The palette of `appearance`.
    init(_ appearance: Appearance) {
        self = appearance == .dark ? .dark : .light
    }

    private init(
        appBackground: ContentNode.Color, bar: ContentNode.Color, separator: ContentNode.Color, label: ContentNode.Color,
        secondaryLabel: ContentNode.Color, cell: ContentNode.Color, accent: ContentNode.Color, destructive: ContentNode.Color,
        alertCard: ContentNode.Color, sheetCard: ContentNode.Color, cancelButton: ContentNode.Color,
        destructiveButton: ContentNode.Color, field: ContentNode.Color, fieldBorder: ContentNode.Color, placeholder: ContentNode.Color,
        image: ContentNode.Color, keyboard: ContentNode.Color, key: ContentNode.Color, grabber: ContentNode.Color,
        defaultDimming: UInt32, bubble: ContentNode.Color, bubbleBorder: ContentNode.Color
    ) {
        self.appBackground = appBackground
        self.bar = bar
        self.separator = separator
        self.label = label
        self.secondaryLabel = secondaryLabel
        self.cell = cell
        self.accent = accent
        self.destructive = destructive
        self.alertCard = alertCard
        self.sheetCard = sheetCard
        popupShadow = Shadow(offsetY: 10, blur: 30, color: 0x0000_0040)
        self.cancelButton = cancelButton
        self.destructiveButton = destructiveButton
        onAccent = 0xFFFF_FFFF
        self.field = field
        self.fieldBorder = ContentNode.Border(width: 1, color: fieldBorder)
        self.placeholder = placeholder
        self.image = image
        self.keyboard = keyboard
        self.key = key
        homeIndicator = label
        self.grabber = grabber
        faintLabel = ContentNode.Color(rawValue: label.rawValue & 0xFFFF_FF00 | 0x59)
        self.defaultDimming = defaultDimming
        self.bubble = bubble
        self.bubbleBorder = ContentNode.Border(width: 0.5, color: bubbleBorder)
    }

    static let light = Palette(
        appBackground: 0xF2F2_F7FF, bar: 0xF9F9_F9FF, separator: 0xC6C6_C8FF, label: 0x0000_00FF, secondaryLabel: 0x8A8A_8EFF,
        cell: 0xFFFF_FFFF, accent: 0x007A_FFFF, destructive: 0xFF3B_30FF, alertCard: 0xFFFF_FFFF, sheetCard: 0xFFFF_FFFF,
        cancelButton: 0xE9E9_EBFF, destructiveButton: 0xFFE5_E3FF, field: 0xF2F2_F7FF, fieldBorder: 0xC7C7_CCFF,
        placeholder: 0x8E8E_93FF, image: 0xE5E5_EAFF, keyboard: 0xD1D4_D9FF, key: 0xFFFF_FFFF, grabber: 0x3C3C_434D,
        defaultDimming: 0x59, bubble: 0xFFFF_FFFF, bubbleBorder: 0xD1D1_D6FF)

    static let dark = Palette(
        appBackground: 0x0000_00FF, bar: 0x1D1D_1DFF, separator: 0x3838_3AFF, label: 0xFFFF_FFFF, secondaryLabel: 0x9898_9FFF,
        cell: 0x1C1C_1EFF, accent: 0x0A84_FFFF, destructive: 0xFF45_3AFF, alertCard: 0x1E1E_1EBF, sheetCard: 0x1C1C_1EFF,
        cancelButton: 0x2C2C_2CFF, destructiveButton: 0x4924_24FF, field: 0x2C2C_2EFF, fieldBorder: 0x4848_4AFF,
        placeholder: 0x8E8E_93FF, image: 0x2C2C_2EFF, keyboard: 0x2C2C_2CFF, key: 0x6B6B_6BFF, grabber: 0xEBEB_F54C,
        defaultDimming: 0x7A, bubble: 0x2C2C_2EFF, bubbleBorder: 0x3A3A_3CFF)

    /// A focused text field's outline.
    var focusedFieldBorder: ContentNode.Border { ContentNode.Border(width: 2, color: accent) }

    /// The card of a popup of `style` whose content has no background of its own.
    func card(_ style: Presentation.Style) -> ContentNode.Color {
        style == .alert ? alertCard : sheetCard
    }

    /// The opacity a popup's dimming, written `dimColor` and at `alpha` in its motion, is drawn at: the
    /// host's default dimming at this appearance's strength (its motion keeps its shape); any other
    /// colour is the plugin's or theme's, drawn as written.
    func dimmingOpacity(_ alpha: Double, dimColor: UInt32) -> Double {
        let written = Presentation.defaultDimColor
        guard dimColor == written, defaultDimming != written & 0xFF else { return alpha }
        return min(1, alpha * Double(defaultDimming) / Double(written & 0xFF))
    }

    /// `style` with the colours of UIKit's default bar (the background, tint and title colour a page
    /// left as they come) in this appearance; colours the page chose stay.
    func barStyle(_ style: BarStyle) -> BarStyle {
        var resolved = style
        let standard = BarStyle()
        if style.background == standard.background { resolved.background = bar }
        if style.tint == standard.tint { resolved.tint = accent }
        if style.titleColor == standard.titleColor { resolved.titleColor = label }
        return resolved
    }
}
