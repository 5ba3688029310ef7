import HostRuntime

/// A view loader written in Swift by the app itself: no plugin, no C.
final class WelcomeView: ViewLoaderComponent {
    let id = "com.example.app.welcome"

    func build(data: RequestData) throws(ComponentFailure) -> ContentNode {
        guard case .string(let name)? = data.value["name"] else {
            throw ComponentFailure(.declined, "the welcome needs a \"name\"")
        }
        var root = ContentNode(
            .vstack(
                spacing: 12, alignment: .center,
                children: [
                    ContentNode(.text("Welcome, \(name)", size: 20, weight: .bold, color: 0x000000FF, alignment: .center, maxLines: 0)),
                    ContentNode(
                        .text("Your order ships today.", size: 15, weight: .regular, color: 0x3C3C43FF, alignment: .center, maxLines: 0)),
                    ContentNode(.button("Thanks", style: .default, action: HostAction.dismiss)),
                ]))
        root.padding = EdgeInsets(top: 24, leading: 20, bottom: 20, trailing: 20)
        return root
    }
}
