import PopModel

/// Pages made of components, as popups are: the chef's catalog makes the instances, the view loader
/// builds the content, the controller loader declares the page.
extension NavigationStack {
    /// A new page composed from `request`'s components, numbered within this stack; not pushed.
    /// Throws, naming the component and the cause, when a component is unknown or of another kind,
    /// its creation fails, the view loader fails to build or to lay out its rows, or the controller loader does not choose
    /// the page style or declares it badly; every instance made so far is destroyed then.
    public func makePage(_ request: PageRequest) throws(ComponentFailure) -> Page {
        let kind = request.kind ?? request.viewLoader, chef = self.chef
        var context = ComponentContext(clock: chef.clock) { message in Chef.logger.warning("page \(kind): \(message)") }
        context.displayTraits = { [weak chef] in chef?.displayTraits ?? DisplayTraits() }
        let catalog = chef.catalog
        let viewLoader = try catalog.makeViewLoader(request.viewLoader, context: context)
        let controllerLoader: any ControllerLoaderComponent
        do throws(ComponentFailure) {
            controllerLoader = try catalog.makeControllerLoader(request.controllerLoader, context: context)
        } catch {
            viewLoader.destroy()
            throw error
        }
        let handler: (any HandlerComponent)?
        do throws(ComponentFailure) {
            handler = try request.handler.map { (id) throws(ComponentFailure) in try catalog.makeHandler(id, context: context) }
        } catch {
            viewLoader.destroy()
            controllerLoader.destroy()
            throw error
        }
        let components = PageComponents(handler: handler, viewLoader: viewLoader, controllerLoader: controllerLoader)
        do throws(ComponentFailure) {
            let data = RequestData(request.data)
            let (preferences, content, rows) = try Self.declare(data, kind: kind, controllerLoader, viewLoader)
            components.rows = rows
            let page = makeComposedPage(
                kind: kind, preferences: preferences, content: content, rows: rows, handler: components, request: request)
            rows?.report = { [weak chef] message in
                Chef.logger.warning("page \(page.name): \(message)")
                chef?.record(.misbehaviour, request: 0, detail: "\(page.name): \(message)")
            }
            return page
        } catch {
            components.destroy()
            throw error
        }
    }

    /// The page's preferences (the controller loader must choose the page or the floating style; a
    /// floating page's bubble defaults filled in), content and rows on demand ("pop.list/1").
    private static func declare(
        _ data: RequestData, kind: String, _ controllerLoader: any ControllerLoaderComponent, _ viewLoader: any ViewLoaderComponent
    ) throws(ComponentFailure) -> (PagePreferences, ContentNode, ListRows?) {
        let presentation: Presentation
        do throws(ComponentFailure) {
            presentation = try controllerLoader.configure(data: data)
        } catch {
            throw ComponentFailure(error.category, "controller loader \(controllerLoader.id): \(error.description)")
        }
        guard presentation.style == .page || presentation.style == .floating else {
            throw ComponentFailure(
                .contractBroken,
                "controller loader \(controllerLoader.id) chose the style \(presentation.style), not page or floating: it cannot declare a page"
            )
        }
        var preferences = presentation.page ?? PagePreferences()
        if presentation.style == .floating {
            // Floatable: the declared keep and logo, or the page's kind and its title's first character.
            var floating = preferences.floating ?? FloatingDeclaration(keep: "", logo: "")
            if floating.keep.isEmpty { floating.keep = kind }
            if floating.logo.isEmpty { floating.logo = String((preferences.title ?? kind).first ?? "·") }
            preferences.floating = floating
        } else {
            preferences.floating = nil
        }
        do throws(ComponentFailure) {
            let content = try viewLoader.build(data: data)
            let rows = try viewLoader.rowLayout(for: data).map { ListRows(layout: $0, viewLoader: viewLoader, data: data) }
            return (preferences, content, rows)
        } catch {
            throw ComponentFailure(error.category, "view loader \(viewLoader.id): \(error.description)")
        }
    }
}
