/// An alert's behaviour: its theme's entrance and exit, and the dimming's background-tap rule
/// (`PopupBehaviour`'s defaults, which the other styles build on).
struct AlertBehaviour: PopupBehaviour {}
