// com.pophost.samples.swift.page-handler: a page's lifecycle ("pop.page-handler/1").

import PluginABI
import PopPluginKit

/// Hears its page's lifecycle and keeps count of how often the page appeared; it says so in the
/// host's log at debug level, and when the page is released, how often it was seen.
final class PageHandler: Instance {
    private var appearances = 0

    static let component = Component.handler(
        .sample(
            id: "com.pophost.samples.swift.page-handler",
            name: "Page lifecycle",
            description: "Hears its page's lifecycle and logs how often the page appeared.",
            features: ["page", "lifecycle"]
        ),
        instance: PageHandler.self,
        pageEvents: { events in
            events.page_event = { handler, event, animated in
                guard let handler = PageHandler.of(handler) else { return }
                handler.heard(event, animated: animated)
            }
        }
    ) { _ in }

    private func heard(_ event: pop_page_event_t, animated: Bool) {
        switch Int(event) {
        case POP_PAGE_DID_APPEAR:
            appearances += 1
            Host.log(.debug, "page appeared (\(appearances)), animated: \(animated)")
        case POP_PAGE_RELEASED:
            Host.log(.debug, "page released after appearing \(appearances) times")
        default:
            break
        }
    }
}
