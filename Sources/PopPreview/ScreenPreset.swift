import PopModel
import PopScenario

/// The screens the player offers: the scenario's own, and three phone sizes (upright; the player's
/// Rotate turns them). Sizes, safe areas and keyboards in points, as the devices have them.
public enum ScreenPreset: String, CaseIterable, Sendable {
    case scenario
    case compact = "iphone-se"
    case standard = "iphone-15"
    case large = "iphone-15-pro-max"

    /// The screen to play on, given the scenario's own.
    func screen(given own: ScenarioScreen) -> ScenarioScreen {
        switch self {
        case .scenario: own
        case .compact:
            ScenarioScreen(
                width: 375, height: 667, safeArea: EdgeInsets(top: 20, leading: 0, bottom: 0, trailing: 0), keyboardHeight: 260, scale: 2)
        case .standard: .portrait
        case .large:
            ScenarioScreen(width: 430, height: 932, safeArea: EdgeInsets(top: 59, leading: 0, bottom: 34, trailing: 0), keyboardHeight: 346)
        }
    }
}
