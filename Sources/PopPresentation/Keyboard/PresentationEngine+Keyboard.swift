import PopChef
import PopModel

/// The keyboard: raised by a popup's own text field (the popup re-centres above it and moves back
/// when it goes down), or by the app (popups do not move for it).
extension PresentationEngine {
    /// Focuses a text field of a popup on screen: its keyboard comes up (or, already up, now belongs
    /// to the popup) and the popup re-centres in the space above it. False when there is no such field.
    @discardableResult
    public func focus(field: String, on id: RequestID) -> Bool {
        guard let screen = popups[id], screen.phase != .leaving, screen.content.textFieldIDs.contains(field) else { return false }
        let previous = keyboard.popup
        keyboard.owner = .field(id, field)
        keyboard.isNumberPad = screen.content.isSecureField(field)
        if keyboard.to != scene.keyboardHeight { slideKeyboard(to: scene.keyboardHeight) }
        chef.record(.focus, request: id, detail: field)
        sheets.expandForFocus(screen)
        if let previous, previous != id, let other = popups[previous] { relayout(other, over: Keyboard.duration) }
        relayout(screen, over: Keyboard.duration)
        return true
    }

    /// Ends the editing of a popup's field: the keyboard goes down and the popup moves back.
    public func unfocus() {
        guard let id = keyboard.popup else { return }
        lowerKeyboard()
        if let screen = popups[id] {
            chef.record(.unfocus, request: id)
            relayout(screen, over: Keyboard.duration)
        }
    }

    /// The app raises or lowers its own keyboard; popups do not move for it. A keyboard a popup's
    /// field raised is left alone.
    public func setAppKeyboard(up: Bool) {
        switch (up, keyboard.owner) {
        case (true, nil):
            keyboard.owner = .app
            keyboard.isNumberPad = false
            slideKeyboard(to: scene.keyboardHeight)
            chef.record(.appKeyboard, request: 0, detail: "up")
        case (false, .app?):
            lowerKeyboard()
            chef.record(.appKeyboard, request: 0, detail: "down")
        default:
            break
        }
    }

    /// The keyboard slides down.
    func lowerKeyboard() {
        keyboard.owner = nil
        slideKeyboard(to: 0)
    }

    /// The keyboard slides to `height` from where it is.
    func slideKeyboard(to height: Double) {
        keyboard.slide(to: height, at: now)
        traits.keyboardFrame = traits.keyboard(restingAt: height)
        keepRunning(for: Keyboard.duration)
    }

    /// A popup that starts leaving gives up its keyboard (it does not come back with a later popup).
    func releaseKeyboard(of id: RequestID) {
        if keyboard.popup == id { lowerKeyboard() }
    }
}

extension ContentNode {
    /// Whether the text field `id` is secure.
    func isSecureField(_ id: String) -> Bool {
        if case .textField(id, _, let secure) = kind { return secure }
        return children.contains { $0.isSecureField(id) }
    }
}
