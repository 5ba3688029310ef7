import Foundation
import Testing

@testable import PopModel

/// The WCAG 2.x maths `a11y.contrast` relies on, against WCAG's known values.
@Suite struct ContrastTests {
    @Test("black on white is 21:1, either way round, and a colour on itself 1:1")
    func extremes() {
        #expect(Contrast.ratio(0x0000_00FF, 0xFFFF_FFFF) == 21)
        #expect(Contrast.ratio(0xFFFF_FFFF, 0x0000_00FF) == 21)
        #expect(Contrast.ratio(0x7777_77FF, 0x7777_77FF) == 1)
    }

    @Test("#777 on white is 4.48:1, just under AA's 4.5:1; #767676 is the lightest grey that passes")
    func greys() {
        let grey = Contrast.ratio(0x7777_77FF, 0xFFFF_FFFF)
        #expect(abs(grey - 4.478) < 0.001, "\(grey)")
        #expect(grey < 4.5)
        #expect(Contrast.ratio(0x7676_76FF, 0xFFFF_FFFF) >= 4.5)
    }

    @Test("relative luminance: 0 for black, 1 for white, the 0.04045 threshold's linear part below it, alpha ignored")
    func luminance() {
        #expect(Contrast.luminance(0x0000_00FF) == 0)
        #expect(Contrast.luminance(0xFFFF_FF00) == 1)
        // 10/255 = 0.0392 is under 0.04045: linear, 0.0392 / 12.92 for each channel.
        #expect(abs(Contrast.luminance(0x0A0A_0AFF) - 10.0 / 255 / 12.92) < 1e-12)
        // Pure red, green and blue are their coefficients.
        #expect(abs(Contrast.luminance(0xFF00_00FF) - 0.2126) < 1e-12)
        #expect(abs(Contrast.luminance(0x00FF_00FF) - 0.7152) < 1e-12)
    }

    @Test("the pure power 2.4 agrees with the C library's pow over every channel's base")
    func power() {
        for channel in 0...255 {
            let base = (Double(channel) / 255 + 0.055) / 1.055
            #expect(abs(Contrast.power2point4(base) - pow(base, 2.4)) < 1e-14, "\(channel)")
        }
    }

    @Test("large text needs 3:1 from 18 pt or bold (semibold is regular), 4.5:1 else; WCAG's CSS reading from 24 pt or 18.67 pt bold")
    func required() {
        #expect(Contrast.required(size: 17, weight: .regular) == 4.5)
        #expect(Contrast.required(size: 17, weight: .semibold) == 4.5)
        #expect(Contrast.required(size: 18, weight: .regular) == 3)
        #expect(Contrast.required(size: 12, weight: .bold) == 3)
        #expect(Contrast.required(size: 18, weight: .bold, reading: .strictWCAG) == 4.5)
        #expect(Contrast.required(size: 18.67, weight: .bold, reading: .strictWCAG) == 3)
        #expect(Contrast.required(size: 23.9, weight: .regular, reading: .strictWCAG) == 4.5)
        #expect(Contrast.required(size: 24, weight: .regular, reading: .strictWCAG) == 3)
    }
}
