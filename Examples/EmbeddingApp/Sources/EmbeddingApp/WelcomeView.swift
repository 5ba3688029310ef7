import HostRuntime

/// A view loader: the popup's content for a request's data, nothing about where or how it shows.
final class WelcomeView: ViewLoaderComponent {
    let id = "com.example.app.welcome"

    func build(data: RequestData) throws(ComponentFailure) -> ContentNode {
        guard let name = data.value["name"]?.stringValue else {
            throw ComponentFailure(.declined, "the welcome needs a \"name\"")
        }
        var root = ContentNode(
            .vstack(
                spacing: 12, alignment: .center,
                children: [
                    ContentNode(.text("Welcome, \(name)", size: 20, weight: .bold, alignment: .center)),
                    ContentNode(.text("Your order ships today.", size: 15, color: 0x3C3C_43FF, alignment: .center)),
                    ContentNode(.button("Thanks", style: .default, action: HostAction.dismiss)),
                ]))
        root.padding = EdgeInsets(top: 24, leading: 20, bottom: 20, trailing: 20)
        return root
    }
}
