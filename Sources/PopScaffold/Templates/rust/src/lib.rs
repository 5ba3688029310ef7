//! my-popup: a pophost popup plugin (com.example.my-popup), in safe Rust on the ABI wrapper
//! src/pophost.rs (see README.md).
//!
//!   com.example.my-popup.handler     handler: when the popup shows, and its action "confirm"
//!   com.example.my-popup.view        view loader: a title, a message, OK (confirm) and Not now
//!   com.example.my-popup.controller  controller loader: a dimmed alert that fades in and out
//!
//! The host calls the components on its main thread; a panic in one is caught, logged and turned
//! into the ABI's error answer (src/pophost.rs), never unwound into the host.
#![deny(unsafe_code)] // safe Rust only: the unsafe part is src/pophost.rs, which allows it for itself

#[allow(unsafe_code)]
mod pophost;

use pophost::*;

/// The plugin and its components, by kind. To add a component, append it to its kind's list: never
/// reorder or remove, ids are what apps ask for.
pub(crate) const PLUGIN: Plugin = Plugin {
    id: "com.example.my-popup",
    name: "my-popup",
    version: "0.1.0",
    description: "A popup plugin made with pophost new.",
    handlers: &[HandlerClass {
        component: Component {
            id: "com.example.my-popup.handler",
            name: "my-popup handler",
            description: "Shows the popup when it is eligible; OK confirms and dismisses it.",
            features: &["enqueue", "confirm"],
        },
        // The host calls it as "bool(self:ptr, action:str, data.title:str)" (src/pophost.rs).
        actions: &[Action { name: "confirm", args: &["data.title"] }],
        make: || Box::new(MyPopupHandler::default()),
    }],
    view_loaders: &[ViewLoaderClass {
        component: Component {
            id: "com.example.my-popup.view",
            name: "my-popup view",
            description: "A title, a message, and OK and Not now buttons.",
            features: &["alert", "text", "buttons"],
        },
        make: || Box::new(MyPopupView),
    }],
    controller_loaders: &[ControllerLoaderClass {
        component: Component {
            id: "com.example.my-popup.controller",
            name: "my-popup controller",
            description: "A dimmed alert that fades in and out.",
            features: &["alert", "dimmed", "fade"],
        },
        make: || Box::new(MyPopupController),
    }],
};

/// com.example.my-popup.handler: normal priority, waits its turn; shows unless the request's data
/// says "eligible": false; its action "confirm" (the view's OK button) dismisses the popup.
#[derive(Default)]
struct MyPopupHandler {
    /// How often its OK was tapped.
    confirmations: u32,
}

impl Handler for MyPopupHandler {
    /// The host's defaults arrive filled in: change only what this popup needs.
    fn options(&mut self, _data: Data, options: &mut PopRequestOptions) {
        options.priority = POP_PRIORITY_NORMAL;
        options.policy = POP_POLICY_ENQUEUE; // wait while another popup is on screen
    }

    /// Answer once: here, right away, or later — `answer` can be moved to another thread.
    fn should_present(&mut self, data: Data, answer: Completion) {
        answer.complete(data.get("eligible").bool_or(true)); // only an explicit false vetoes
    }

    /// Background taps, swipes and hide-all may dismiss it. Answer at once: never block here.
    fn should_dismiss(&mut self, _reason: PopReason) -> bool {
        true
    }

    /// The request's final event, exactly once; the instance is dropped right after it.
    fn finished(&mut self, outcome: PopOutcome, reason: PopReason) {
        let message =
            format!("my-popup: finished (outcome {outcome}, reason {reason}), {} confirmation(s)", self.confirmations);
        log(POP_LOG_DEBUG, &message);
    }

    /// Returning true dismisses the popup.
    fn action(&mut self, name: &str, args: &[&str]) -> bool {
        match name {
            "confirm" => {
                self.confirmations += 1;
                log(POP_LOG_INFO, &format!("my-popup: confirmed \"{}\"", args.first().unwrap_or(&"")));
                true
            }
            _ => false,
        }
    }
}

/// com.example.my-popup.view: a title and a message from the request's data, OK (the handler's
/// action "confirm") and Not now (the host action "pop.dismiss").
struct MyPopupView;

impl ViewLoader for MyPopupView {
    /// Sizes in points, colours 0xRRGGBBAA. Returning false ends the request with a plugin error.
    fn build(&mut self, data: Data, b: &mut Builder) -> bool {
        b.vstack(12.0, POP_ALIGN_CENTER, |b| {
            // By meaning too: the text follows the person's text size and light or dark.
            b.text(data.string_or("title", "my-popup"), 17.0, POP_WEIGHT_SEMIBOLD, 0x000000FF, POP_ALIGN_CENTER, 0)
                .text_style(POP_TEXT_STYLE_HEADLINE)
                .foreground(POP_COLOR_LABEL);
            let message = data.string_or("message", "Made with pophost new.");
            b.text(message, 15.0, POP_WEIGHT_REGULAR, 0x000000FF, POP_ALIGN_CENTER, 0)
                .text_style(POP_TEXT_STYLE_SUBHEADLINE)
                .foreground(POP_COLOR_LABEL); // the secondary label colour is under 4.5:1 (a11y.contrast)
            b.hstack(8.0, POP_ALIGN_FILL, |b| {
                b.button("Not now", POP_BUTTON_CANCEL, "pop.dismiss"); // a host action: dismisses
                b.button("OK", POP_BUTTON_DEFAULT, "confirm"); // the handler's action
            });
        });
        // Modifiers apply to the vstack just closed.
        b.padding(20.0, 20.0, 20.0, 20.0)
            .background(0xFFFFFFFF)
            .semantic_background(POP_COLOR_SYSTEM_BACKGROUND)
            .corner_radius(16.0);
        true
    }
}

/// com.example.my-popup.controller: a centred alert, at most 300 points wide, over a dimmed
/// background; it fades in and out, and a tap on the background dismisses it (the handler's
/// should_dismiss is asked first).
struct MyPopupController;

impl ControllerLoader for MyPopupController {
    /// The presentation arrives filled with the host's alert: set only what differs.
    fn configure(&mut self, _data: Data, p: &mut PopPresentation) {
        p.style = POP_STYLE_ALERT;
        p.mask = POP_MASK_DIMMED;
        p.width_mode = POP_WIDTH_MAXIMUM;
        p.width = 300.0;
        p.corner_radius = 16.0;
        // Or POP_SHOW_SLIDE_FROM_BOTTOM / POP_HIDE_SLIDE_TO_BOTTOM, POP_SHOW_POPUP, ... (src/pophost.rs).
        p.show_animation = POP_SHOW_FADE_IN;
        p.hide_animation = POP_HIDE_FADE_OUT;
        p.show_duration = 0.25;
        p.hide_duration = 0.25;
        p.dismiss_on_background_tap = true;
    }
}
