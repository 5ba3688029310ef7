/// A page's lifecycle logic: it hears its own page's events, in the stack's order, on the chef's
/// thread. `animated` is the transition's own flag (a page that changes its bar should follow it).
public protocol PageHandler: AnyObject {
    func page(_ page: Page, did event: PageEvent, animated: Bool)
}
