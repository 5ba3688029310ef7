import PopModel

/// A popover's behaviour: its theme's entrance and exit; a tap outside it (but not in a
/// passthrough rect, which reaches the app) dismisses it unless it is modal, as UIKit's popovers do.
struct PopoverBehaviour: PopupBehaviour {
    func dismissesOnBackgroundTap(_ presentation: Presentation) -> Bool { !presentation.modal }
}
