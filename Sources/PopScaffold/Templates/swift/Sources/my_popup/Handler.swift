// com.example.my-popup.handler: whether the popup shows, where it queues, and what OK does.

import PluginABI
import PopPluginKit

/// Normal priority, waits its turn; shows unless the request's data says `"eligible": false`; its
/// action "confirm" (the view's OK button) dismisses the popup.
final class Handler: Instance {
    static let component = Component.handler(
        describe(
            "com.example.my-popup.handler", "my-popup handler",
            "Shows the popup when it is eligible; OK confirms and dismisses it.", features: ["enqueue", "confirm"]),
        instance: Handler.self,
        // The grammar of signatures is in handler.h; buttons name the action.
        actions: [Action("confirm", signature: "bool(self:ptr, data.title:str)", confirm)]
    ) { handler in
        // The host's defaults arrive filled in: change only what this popup needs.
        handler.get_options = { _, _, options in
            guard let options else { return }
            options.pointee.priority = Int32(POP_PRIORITY_NORMAL)
            options.pointee.policy = Int32(POP_POLICY_ENQUEUE)  // wait while another popup is on screen
        }

        // Answer through `done` once: here, right away, or later — keep `done` and call it from any
        // thread. A second call, or one after the request ended, is checked and ignored by the host.
        handler.should_present_ex = { _, data, done in
            pop_complete(done, RequestValue(data)["eligible"].bool != false)  // only an explicit false vetoes
        }

        // Background taps, swipes and hide-all may dismiss it. Answer at once: never block here.
        handler.should_dismiss = { _, _ in true }

        // The request's final event, exactly once; the host destroys the components right after.
        handler.finished = { handler, outcome, reason in
            let confirmations = Handler.of(handler)?.confirmations ?? 0
            Host.log(.debug, "my-popup: finished (outcome \(outcome), reason \(reason)), \(confirmations) confirmation(s)")
        }
    }

    /// Per-instance state lives on the Instance subclass: how often this popup's OK was tapped.
    var confirmations = 0
}

/// The action "confirm", "bool(self:ptr, data.title:str)": the host calls it through libffi with
/// exactly these C types (self: const pop_handler_t *, str: const char *, valid during the call).
/// Returning true dismisses the popup.
private let confirm: @convention(c) (UnsafePointer<pop_handler_t>?, UnsafePointer<CChar>?) -> Bool = { handler, title in
    Handler.of(handler)?.confirmations += 1
    Host.log(.info, "my-popup: confirmed \"\(title.map { String(cString: $0) } ?? "")\"")
    return true
}
