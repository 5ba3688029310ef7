import HostRuntime

/// A reformer: turns the app's order record into what the view loader and the controller loader
/// each expect, so neither needs to know the app's data model.
final class OrderReformer: ReformerComponent {
    let id = "com.example.app.order"

    func reform(data: RequestData) throws(ComponentFailure) -> (view: Value?, controller: Value?) {
        guard let customer = data.value["customer"]?.stringValue else {
            throw ComponentFailure(.declined, "an order needs a \"customer\"")
        }
        return (view: ["name": .string(customer)], controller: ["corner": 14])
    }
}

/// A controller loader: how the popup is presented (here a centred card whose corner radius comes
/// from the data), leaving content to the view loader.
final class CardController: ControllerLoaderComponent {
    let id = "com.example.app.card"

    func configure(data: RequestData) throws(ComponentFailure) -> Presentation {
        var presentation = Presentation()
        presentation.style = .alert
        presentation.cornerRadius = data.value["corner"]?.numberValue ?? 13
        return presentation
    }
}
