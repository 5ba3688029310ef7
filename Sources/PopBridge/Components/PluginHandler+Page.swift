import PluginABI
import PopChef
import PopModel

/// A plugin's handler as a page's lifecycle listener: the events go to its "pop.page-handler/1"
/// page_event (ext/page.h), nothing when it offers none.
extension PluginHandler: PageHandler {
    package func page(_ page: Page, did event: PageEvent, animated: Bool) { pageEvent(event, animated: animated) }

    /// Tells the plugin its page had `event` (a plugin host calls it for its parent's page).
    package func pageEvent(_ event: PageEvent, animated: Bool) { pageEventHook?(pointer, event.raw, animated) }

    /// Whether it hears page events at all (a plugin host tells its parent, so that a handler
    /// without them costs no call).
    package var hearsPageEvents: Bool { pageEventHook != nil }
}
