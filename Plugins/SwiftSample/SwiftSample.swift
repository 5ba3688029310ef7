// The Swift sample plugin, written in Swift on PopPluginKit (the kit's glue over the C header
// <pophost/pophost.h>).
//
//   CSPopKit's example trio (combine them for CSPopKit's demo popup):
//     com.pophost.samples.swift.high-priority-handler  handler: high priority, overrides
//     com.pophost.samples.swift.test-view              view loader: title, message, OK
//     com.pophost.samples.swift.pop-controller         controller loader: a QMUI-style alert
//   A promotion that waits its turn:
//     com.pophost.samples.swift.low-priority-handler   handler: queued, requeued, asynchronous should_present
//     com.pophost.samples.swift.promo-view             view loader: image, offer, Claim / Not now
//     com.pophost.samples.swift.promo-reformer         reformer: discount and campaign -> title and message
//     com.pophost.samples.swift.slide-controller       controller loader: CSPopKit's slide-in theme
//   A notification banner:
//     com.pophost.samples.swift.banner-view            view loader: icon, title, message
//     com.pophost.samples.swift.banner-controller      controller loader: top banner, 3 s
//   A share sheet:
//     com.pophost.samples.swift.sheet-controller       controller loader: medium and large, undimmed at
//                                                      medium ("pop.sheet/1")
//   The app's pages (the demo's navigation stack):
//     com.pophost.samples.swift.list-page              view loader: rows as a plain list
//     com.pophost.samples.swift.page-controller        controller loader: title and a default, transparent
//                                                      or hidden bar ("pop.page/1")
//     com.pophost.samples.swift.page-handler           handler: counts its page's appearances
//                                                      ("pop.page-handler/1")
//   An article that floats (WeChat's 浮窗):
//     com.pophost.samples.swift.article-page           view loader: headline, byline, paragraphs
//     com.pophost.samples.swift.article-controller     controller loader: a floating page whose bubble
//                                                      keeps its URL ("pop.floating/1")
//
// This file: the entry and the plugin's descriptor. PendingAnswers: should_present answered from
// on_main_thread when the host has no timer. Then one file per component.
//
// Everything the host sees is C data, built by the kit. No DispatchQueue.main or @MainActor: the
// host owns the event loop; a plugin gets back on the main thread with Host.requestCallback() and
// the entry's onMainThread. Only `pop_plugin_entry_v1` is exported (Plugins/exports.map).

import PluginABI
import PopPluginKit

extension Descriptor {
    /// A descriptor of this plugin: the plugin and every component are pophost's, version 1.0.0.
    /// `sampleData`: the data to show the component with (ext/sample_data.h).
    static func sample(id: String, name: String, description: String, features: [String], sampleData: String? = nil) -> Descriptor {
        Descriptor(
            id: id, name: name, vendor: "pophost", version: "1.0.0", description: description, features: features, sampleData: sampleData)
    }
}

/// The entry table. Each kind's factory lists its components in this order: CSPopKit's example trio
/// first; new components are appended (never inserted).
let entry = PluginEntry(
    plugin: .sample(
        id: "com.pophost.samples.swift",
        name: "pophost Swift sample",
        description: "CSPopKit's example trio in Swift: a high-priority handler, a test view and a pop controller; "
            + "plus a queued promotion, a top banner, a share sheet, the app's pages and an article that floats.",
        features: []
    ),
    components: [
        HighPriorityHandler.component, PromotionHandler.component, PageHandler.component,
        TestView.component, PromoView.component, BannerView.component, ListPageView.component, ArticlePageView.component,
        PopController.component, SlideController.component, BannerController.component, SheetController.component,
        PageController.component, ArticleController.component,
        PromoReformer.component,
    ],
    // The host's answer to Host.requestCallback(): deliver the promotion handler's decisions queued
    // without a timer.
    onMainThread: { PendingAnswers.deliverAll() },
    // Nothing may call the host after the last deinit.
    onLastDeinit: { PendingAnswers.removeAll() }
)

/// The plugin's only exported symbol (`public` is required for it to exist).
@_cdecl("pop_plugin_entry_v1")
public func popPluginEntryV1() -> UnsafePointer<pop_plugin_entry_t> {
    entry.table
}
