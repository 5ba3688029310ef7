import HostRuntime

/// A handler: whether the offer shows (asked of the app's own state, answered later), how urgent it
/// is, and what its button does with the code typed into its field.
final class OfferHandler: HandlerComponent {
    let id = "com.example.app.offer"

    var decidesPresentation: Bool { true }

    var actions: [String: ActionDeclaration] {
        ["redeem": ActionDeclaration(name: "redeem", fields: ["code"])]
    }

    /// Urgent enough to take the screen from whatever is showing, which comes back after it.
    func adjust(_ options: inout RequestOptions, data: RequestData) {
        options.priority = .high
        options.policy = .override
    }

    /// The answer may come later, from any task or thread: here, from a task of its own.
    func shouldPresent(data: RequestData, answer: Completion<Bool>) {
        let eligible = data.value["eligible"]?.boolValue ?? false
        Task.detached { answer(eligible) }
    }

    func perform(_ name: String, context: ActionContext) -> ActionOutcome {
        context.text(ofField: "code") == "SAVE10" ? .dismiss : .keep
    }
}

/// The offer's content: a field for the code and a button naming the handler's action.
final class OfferView: ViewLoaderComponent {
    let id = "com.example.app.offer-view"

    func build(data: RequestData) throws(ComponentFailure) -> ContentNode {
        ContentNode(
            .vstack(
                spacing: 10, alignment: .fill,
                children: [
                    ContentNode(.text("10% off your next order", weight: .semibold, alignment: .center)),
                    ContentNode(.textField(id: "code", placeholder: "Code", secure: false)),
                    ContentNode(.button("Redeem", style: .default, action: "redeem")),
                ]))
    }
}
