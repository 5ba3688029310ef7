import ArgumentParser
import HostRuntime

extension Appearance: ExpressibleByArgument {}
extension LayoutDirection: ExpressibleByArgument {}

extension ContentSizeCategory: ExpressibleByArgument {
    public init?(argument: String) { self.init(name: argument) }
    public var defaultValueDescription: String { name }
    public static var allValueStrings: [String] { names }
    public static var allValueDescriptions: [String: String] { [:] }
}

/// The person's display traits a command plays under, over the scenario's screen.
struct TraitOptions: ParsableArguments {
    @Option(help: "Light or dark: semantic colours and the host's chrome (as the scenario's screen \"appearance\").")
    var appearance: Appearance?
    @Option(
        help: ArgumentHelp(
            "The text size, xs to ax5, l by default (as the screen's \"content_size\").",
            valueName: "size"))
    var contentSize: ContentSizeCategory?
    @Option(help: "ltr or rtl: leading and trailing swap sides (as the screen's \"layout_direction\").")
    var layoutDirection: LayoutDirection?
    @Flag(
        help: """
            Reduce Motion: slides, scales and bounces become fades in place and springs do not overshoot \
            (as the scenario's screen "reduce_motion": true).
            """)
    var reduceMotion = false
    @Flag(
        help: """
            A screen reader runs: focus moves into popups and back, banners are announced, the trace says so \
            and JSON frames carry the accessibility tree (as the scenario's screen "voice_over": true).
            """)
    var voiceOver = false

    /// `traits` with the options given applied.
    func applied(to traits: DisplayTraits) -> DisplayTraits {
        TraitChange(
            appearance: appearance, contentSize: contentSize, layoutDirection: layoutDirection,
            reduceMotion: reduceMotion ? true : nil, voiceOver: voiceOver ? true : nil
        ).applied(to: traits)
    }
}
