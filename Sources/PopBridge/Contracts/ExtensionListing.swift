import PopChef

/// A component source that can say which component extensions (`pop.page/1`, `pop.sheet/1`, …) an
/// instance of a component offers, without showing anything: what `pophost inspect` lists. A plugin
/// in this process (`PluginComponents`) or in a plugin host (`IsolatedComponents`) answers alike.
public protocol ExtensionListing: ComponentSource {
    /// The extensions an instance of component `id` offers, of those the host asks its kind for
    /// (`ComponentExtensions`), in that order; an extension whose table breaks the growth rule is
    /// the error. An instance is made and destroyed for the question.
    func offeredExtensions(of id: String) throws(ComponentFailure) -> [String]
}
