import PluginABI
import PopChef
import PopLoader
import PopModel

/// `pop_page_config_t` ("pop.page/1", ext/page.h): filled with the host's defaults for a page's
/// controller loader's `configure_page`, then read back into `PagePreferences`, each field checked.
enum PageConfig {
    /// The defaults ext/page.h lists: UIKit's bar, the page's kind as its title, swipes allowed.
    static var defaults: pop_page_config_t {
        var raw = pop_page_config_t()
        raw.abi_version = ABIVersion.host.raw
        raw.struct_size = UInt32(MemoryLayout<pop_page_config_t>.size)
        raw.bar = barStyle(BarStyle())
        raw.pop_gesture_enabled = true
        return raw
    }

    /// A bar style in C.
    static func barStyle(_ style: BarStyle) -> pop_bar_style_t {
        pop_bar_style_t(
            hidden: style.hidden, background: style.background.rawValue, background_alpha: style.backgroundAlpha,
            translucent: style.translucent, tint: style.tint.rawValue, title_color: style.titleColor.rawValue,
            title_size: style.titleSize, title_weight: style.titleWeight.rawValue, shadow: style.shadow, large_title: style.largeTitle)
    }

    /// What the controller loader wrote, or a failure naming the field.
    static func preferences(_ raw: pop_page_config_t) throws(ComponentFailure) -> PagePreferences {
        func invalid(_ field: String, _ value: String) -> ComponentFailure {
            ComponentFailure(.contractBroken, "page configuration field \(field) has the invalid value \(value)")
        }
        let bar = raw.bar
        guard bar.background_alpha.isFinite, (0...1).contains(bar.background_alpha) else {
            throw invalid("bar.background_alpha", "\(bar.background_alpha)")
        }
        guard bar.title_size.isFinite, bar.title_size > 0 else { throw invalid("bar.title_size", "\(bar.title_size)") }
        guard let weight = ContentNode.Weight(rawValue: bar.title_weight) else { throw invalid("bar.title_weight", "\(bar.title_weight)") }
        // Read as FDFullscreenPopGesture's setter stores it, MAX(0, distance): below zero or NaN is 0,
        // anywhere; +infinity limits nothing either, and is kept as 0 so that it prints as a number.
        let declared = raw.pop_gesture_max_initial_distance
        let distance = declared.isFinite && declared > 0 ? declared : 0
        var title: String?
        if let pointer = raw.title {
            guard let text = String(validatingCString: pointer) else { throw invalid("title", "(not UTF-8)") }
            title = text
        }
        let style = BarStyle(
            hidden: bar.hidden, background: ContentNode.Color(rawValue: bar.background), backgroundAlpha: bar.background_alpha,
            translucent: bar.translucent, tint: ContentNode.Color(rawValue: bar.tint),
            titleColor: ContentNode.Color(rawValue: bar.title_color), titleSize: bar.title_size, titleWeight: weight,
            shadow: bar.shadow, largeTitle: bar.large_title)
        return PagePreferences(
            title: title, bar: style, popGestureEnabled: raw.pop_gesture_enabled, popGestureMaxInitialDistance: distance)
    }
}
