import PopChef

/// A completion handed to a remote component, by shape.
enum CompletionTarget {
    case answer(Completion<Bool>)
    case done(Completion<Void>)

    /// One call of it from the plugin (a repeat too: the completion reports it).
    func call(_ value: Bool) {
        switch self {
        case .answer(let completion): completion(value)
        case .done(let completion): completion()
        }
    }
}
