import PluginABI
import PopChef
import PopModel

/// A plugin's reformer: writes the view loader's and the controller loader's data.
final class PluginReformer: ReformerComponent {
    let id: String
    private let pointer: UnsafePointer<pop_reformer_t>
    private let reformFunction:
        (
            @convention(c) (
                UnsafePointer<pop_reformer_t>?, OpaquePointer?, UnsafePointer<pop_value_writer_t>?, UnsafePointer<pop_value_writer_t>?
            ) -> Bool
        )?
    private let instance: PluginInstance

    init(_ instance: PluginInstance, id: String) {
        self.instance = instance
        let pointer = instance.kind(pop_reformer_t.self)
        self.pointer = pointer
        self.id = id
        reformFunction = pointer.pointee.reform
    }

    func reform(data: RequestData) throws(ComponentFailure) -> (view: Value?, controller: Value?) {
        guard let reformFunction else { return (nil, nil) }
        let view = ValueWriter(), controller = ValueWriter()
        guard reformFunction(pointer, data.tree.root, view.table, controller.table) else {
            throw ComponentFailure(.declined, "reform returned false")
        }
        switch (view.finish(), controller.finish()) {
        case (.success(let viewData), .success(let controllerData)):
            return (viewData, controllerData)
        case (.failure(let error), _):
            throw ComponentFailure(.contractBroken, "its view data is invalid: \(error)")
        case (_, .failure(let error)):
            throw ComponentFailure(.contractBroken, "its controller data is invalid: \(error)")
        }
    }

    func destroy() { instance.destroy() }
}
