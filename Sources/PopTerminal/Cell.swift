import PopModel

/// One character cell of a terminal: a character, its colours and its weight.
///
/// The character is kept as its UTF-8 bytes packed in an integer, so that comparing and encoding cells is
/// cheap. A character longer than 8 UTF-8 bytes (some emoji sequences) keeps its first scalar only, and a
/// control character becomes a space (text must never reach the terminal as a control sequence).
public struct Cell: Hashable, Sendable {
    /// A 24-bit colour.
    public struct RGB: Hashable, Sendable {
        public var red, green, blue: UInt8

        public init(_ red: UInt8, _ green: UInt8, _ blue: UInt8) {
            self.red = red
            self.green = green
            self.blue = blue
        }

        /// The colour without its alpha.
        public init(_ color: ContentNode.Color) { self.init(color.red, color.green, color.blue) }

        /// The channels in the low 24 bits, red lowest.
        var packed: UInt64 { UInt64(red) | UInt64(green) << 8 | UInt64(blue) << 16 }

        /// The colour in the low 24 bits of `packed` (see `packed`).
        init(packed: UInt64) {
            self.init(
                UInt8(truncatingIfNeeded: packed), UInt8(truncatingIfNeeded: packed >> 8),
                UInt8(truncatingIfNeeded: packed >> 16))
        }
    }

    /// The character's UTF-8 bytes, the first in the lowest byte; 0 for the right half of a wide character.
    var glyph: UInt64
    /// The colours and weight packed (see `pack(foreground:background:bold:)`), so that comparing two cells
    /// (what a diff does for every cell) is two integer comparisons.
    private var style: UInt64

    public var foreground: RGB {
        get { RGB(packed: style) }
        set { style = Self.pack(foreground: newValue, background: background, bold: bold) }
    }

    public var background: RGB {
        get { RGB(packed: style >> 24) }
        set { style = Self.pack(foreground: foreground, background: newValue, bold: bold) }
    }

    public var bold: Bool {
        get { style >> 48 != 0 }
        set { style = Self.pack(foreground: foreground, background: background, bold: newValue) }
    }

    public init(_ character: Character, foreground: RGB, background: RGB, bold: Bool = false) {
        self.init(glyph: Self.pack(character), foreground: foreground, background: background, bold: bold)
    }

    init(glyph: UInt64, foreground: RGB, background: RGB, bold: Bool) {
        self.glyph = glyph
        style = Self.pack(foreground: foreground, background: background, bold: bold)
    }

    /// The colours and weight as `pack(foreground:background:bold:)` packs them: what `TerminalEncoder`
    /// compares and writes without unpacking them.
    var styleBits: UInt64 { style }
    /// The parts of `styleBits`.
    static let foregroundBits: UInt64 = 0xFF_FFFF, backgroundBits: UInt64 = 0xFF_FFFF << 24, boldBit: UInt64 = 1 << 48

    /// The foreground's channels in bits 0–23 (red lowest), the background's in 24–47, bold in bit 48.
    private static func pack(foreground: RGB, background: RGB, bold: Bool) -> UInt64 {
        foreground.packed | background.packed << 24 | (bold ? 1 << 48 : 0)
    }

    /// The right half of a wide character drawn in the cell to its left.
    public var isWideTail: Bool { glyph == 0 }

    /// The character shown; a space for the right half of a wide character.
    public var character: Character {
        if glyph == 0 { return " " }
        var bytes: [UInt8] = []
        var rest = glyph
        while rest != 0 {
            bytes.append(UInt8(truncatingIfNeeded: rest))
            rest >>= 8
        }
        return String(decoding: bytes, as: UTF8.self).first ?? " "
    }

    /// The cell to the right of a wide character, in the same colours.
    static func wideTail(foreground: RGB, background: RGB, bold: Bool) -> Cell {
        Cell(glyph: 0, foreground: foreground, background: background, bold: bold)
    }

    static let spaceGlyph = UInt64(0x20)

    /// The columns `character` takes, as `TextMetrics.columns`, quickly for the usual one- and two-byte ones.
    static func columns(_ character: Character) -> Int {
        character.utf8.count <= 2 ? 1 : TextMetrics.columns(character)
    }

    /// The character's UTF-8 bytes packed (see `glyph`).
    static func pack(_ character: Character) -> UInt64 {
        let scalars = character.unicodeScalars
        guard let first = scalars.first, first.value >= 0x20, !(0x7F...0x9F).contains(first.value) else {
            return spaceGlyph
        }
        var packed: UInt64 = 0, shift: UInt64 = 0
        for scalar in scalars {
            let width = UInt64(UTF8.width(scalar))
            if shift + width * 8 > 64 { break }
            for byte in UTF8.encode(scalar)! {
                packed |= UInt64(byte) << shift
                shift += 8
            }
        }
        return packed
    }
}
