import PopModel

/// The built-in controller loader `pop.theme`: presents with a theme described in the request's
/// data under `theme`, so that a scenario (or an app) can use every style without a plugin:
///
/// ```json
/// {"theme": {"base": "cspop-default", "show": "slide-from-top-angle-bounce", "hide": "to-point-scale",
///            "dismiss_point": {"x": 350, "y": 60}, "dismiss_on_background_tap": true}}
/// ```
/// `base` names a theme of `Presentation.named` (default "alert"); every other key overrides one
/// field (docs/presentation.md lists them). A wrong key or value fails the request with a message
/// naming it.
final class ThemeControllerLoader: ControllerLoaderComponent, Sendable {
    static let themeID = "pop.theme"
    var id: String { Self.themeID }

    func configure(data: RequestData) throws(ComponentFailure) -> Presentation {
        guard let theme = data.value.lookup(path: "theme") else { return Presentation() }
        return try ThemeDescription.presentation(from: theme)
    }
}
