import PopChef
import PopModel

/// A component instance a plugin host made for its parent, with the request data it was sent:
/// one `RequestData` per value, kept until the instance is destroyed, so that the value handles its
/// plugin was given stay valid as long as in the parent's own process.
final class ServedInstance {
    enum Component {
        case handler(any HandlerComponent)
        case viewLoader(any ViewLoaderComponent)
        case controllerLoader(any ControllerLoaderComponent)
        case reformer(any ReformerComponent)
    }

    let component: Component
    /// The instance's clock (its `pop.timer/1` timers), kept at the parent chef's time.
    let clock: VirtualClock
    /// The due time last told to the parent.
    var reportedDue: VirtualTime?
    private var data: [RequestData] = []

    init(_ component: Component, clock: VirtualClock) {
        self.component = component
        self.clock = clock
    }

    /// The data `reference` names: a new value joins the list; nil for a place the list lacks.
    func data(_ reference: DataReference) -> RequestData? {
        switch reference {
        case .new(let value):
            let data = RequestData(value)
            self.data.append(data)
            return data
        case .known(let index):
            return data.indices.contains(index) ? data[index] : nil
        }
    }

    func destroy() {
        switch component {
        case .handler(let handler): handler.destroy()
        case .viewLoader(let viewLoader): viewLoader.destroy()
        case .controllerLoader(let controllerLoader): controllerLoader.destroy()
        case .reformer(let reformer): reformer.destroy()
        }
    }
}
