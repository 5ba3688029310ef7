import PopChef

/// What the parent learns of an instance when it is made, so that questions with fixed answers cost
/// no call: a handler's actions and whether it decides presentation, a controller loader's hooks.
enum ComponentTraits: Codable {
    case handler(actions: [ActionDeclaration], decidesPresentation: Bool)
    case viewLoader
    /// `sheet`: it has "pop.sheet/1" hooks (its `SheetDelegate` calls cross; without, none does).
    case controllerLoader(showAnimation: Bool, hideAnimation: Bool, layout: Bool, sheet: Bool)
    case reformer
}
