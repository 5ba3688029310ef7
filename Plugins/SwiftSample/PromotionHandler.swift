// com.pophost.samples.swift.low-priority-handler: a promotion that waits its turn and decides
// asynchronously whether to show.

import PluginABI
import PopPluginKit

#if canImport(Glibc)
import Glibc
#endif

/// Low priority, queued, requeued when preempted, expires after 30 s in the queue, one per
/// campaign. should_present answers when its (simulated) eligibility check is done, `checkDuration`
/// later on the host's virtual clock ("pop.timer/1"); without a host timer, from on_main_thread
/// (see PendingAnswers.swift).
final class PromotionHandler: Instance {
    /// How long the eligibility check takes, in seconds of virtual time.
    static let checkDuration = 0.25

    static let component = Component.handler(
        .sample(
            id: "com.pophost.samples.swift.low-priority-handler",
            name: "Promotion handler",
            description: "A low-priority promotion: queued, requeued when preempted, one per campaign, decided asynchronously.",
            features: ["priority-low", "enqueue", "requeue", "dedupe", "async-should-present"]
        ),
        instance: PromotionHandler.self,
        actions: [Action("claim", signature: "bool(self:ptr, data.campaign:str)", claim)]
    ) { handler in
        handler.get_options = { handler, data, options in
            guard let options else { return }
            options.pointee.priority = Int32(POP_PRIORITY_LOW)
            options.pointee.policy = Int32(POP_POLICY_ENQUEUE)  // wait until the layer is free
            options.pointee.when_preempted = Int32(POP_PREEMPTED_REQUEUE)  // come back after a preemption
            options.pointee.time_to_live = 30  // seconds in the queue
            if let instance = PromotionHandler.of(handler), let campaign = RequestValue(data)["campaign"].cString {
                free(instance.dedupeKey)
                instance.dedupeKey = strdup(campaign)
                options.pointee.dedupe_key = UnsafePointer(instance.dedupeKey)
            }
        }

        // Never answers inside the call. The 1.0 answer is a bare function pointer the host frees with
        // the handler; a timer never fires after that, and queued answers are forgotten in willDestroy.
        handler.should_present = { handler, data, answer in
            guard let answer else { return }
            let present = RequestValue(data)["eligible"].bool != false  // only an explicit false vetoes
            guard let instance = PromotionHandler.of(handler), Host.table != nil else {
                answer(present)  // cannot defer without a host: answer now rather than never
                return
            }
            if instance.after(PromotionHandler.checkDuration, { answer(present) }) == nil {
                PendingAnswers.enqueue(owner: instance, answer: answer, present: present)
            }
        }
    }

    /// The dedupe key handed to the host: a copy of data.campaign, kept until destroy.
    private var dedupeKey: UnsafeMutablePointer<CChar>?

    deinit { free(dedupeKey) }

    override func willDestroy() {
        PendingAnswers.forget(owner: self)  // its answers are invalid once the request has ended
    }
}

/// "bool(self:ptr, data.campaign:str)": the host calls it through libffi with exactly these C
/// types (self = const pop_handler_t *, str = const char *); true dismisses the popup.
private let claim: @convention(c) (UnsafePointer<pop_handler_t>?, UnsafePointer<CChar>?) -> Bool = { _, campaign in  // self is unused here
    let campaign = campaign.map { String(cString: $0) } ?? ""
    Host.log(.info, "low-priority-handler: claimed campaign \"\(campaign)\"")
    return true
}
