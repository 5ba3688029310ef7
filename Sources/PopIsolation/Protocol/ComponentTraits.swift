import PopChef

/// What the parent learns of an instance when it is made, so that questions with fixed answers cost
/// no call: a handler's actions and whether it decides presentation, a controller loader's hooks.
enum ComponentTraits: Codable {
    /// `pageEvents`: it has a "pop.page-handler/1" hook (its page's events cross; without, none does).
    case handler(actions: [ActionDeclaration], decidesPresentation: Bool, pageEvents: Bool)
    /// `observesTraits`: it offers "pop.trait_observer/1" (trait changes cross; without, none does).
    /// `listsRowsInSheets`: a sheet it builds lists its rows on demand ("pop.list/1", ABI 1.3).
    case viewLoader(observesTraits: Bool, listsRowsInSheets: Bool)
    /// `sheet`: it has "pop.sheet/1" hooks (its `SheetDelegate` calls cross; without, none does).
    case controllerLoader(showAnimation: Bool, hideAnimation: Bool, layout: Bool, sheet: Bool, observesTraits: Bool)
    case reformer
}
