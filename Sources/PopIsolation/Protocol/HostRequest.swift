import PopChef
import PopModel

/// One call the parent makes into a plugin host: `serial` numbers it (the answer echoes it), `call`
/// says what to do, `traits` are the display traits of the instance's chef the call is made under
/// ("pop.traits/1" answers them in the plugin host; nil: the default traits, left out of the line).
struct HostRequest: Codable {
    var serial: UInt64
    var call: HostCall
    var traits: DisplayTraits?
}

/// The calls of the component protocols, by instance: everything the chef (or the presentation
/// engine) may ask of a component, plus making and destroying instances and delivering the plugin's
/// main-thread callbacks. Each is answered by one `ChildReply` (noted per case).
enum HostCall: Codable {
    /// Makes an instance of the component `id` of `kind`, whose clock starts at `now` (the parent
    /// chef's time) → `created` or `failure`.
    case create(kind: ComponentKind, id: String, now: VirtualTime)
    /// `get_options` → `options`.
    case adjust(instance: UInt64, data: DataReference, options: RequestOptions)
    /// `should_present`, whose answer is the completion `completion` → `done`.
    case shouldPresent(instance: UInt64, data: DataReference, completion: UInt64)
    case willPresent(instance: UInt64)
    case didPresent(instance: UInt64)
    /// → `answer`.
    case shouldDismiss(instance: UInt64, reason: Reason)
    case willDismiss(instance: UInt64, reason: Reason)
    case didDismiss(instance: UInt64, reason: Reason)
    case finished(instance: UInt64, event: FinalEvent)
    /// An action → `outcome`.
    case perform(instance: UInt64, tap: TapRequest)
    /// → `content` or `failure`.
    case build(instance: UInt64, data: DataReference)
    /// "pop.list/1": a page's row count and heights → `rowLayout` or `failure`.
    case rowLayout(instance: UInt64, data: DataReference)
    /// "pop.list/1": row `row`'s content → `content` or `failure`.
    case buildRow(instance: UInt64, data: DataReference, row: Int)
    /// → `presentation` or `failure`.
    case configure(instance: UInt64, data: DataReference)
    /// → `reformed` or `failure`.
    case reform(instance: UInt64, data: DataReference)
    /// A custom show or hide animation, finished with the completion `completion` → `animation`.
    case animate(instance: UInt64, request: AnimationRequest, completion: UInt64)
    /// The layout hook → `frame`.
    case layout(instance: UInt64, container: Rect, keyboardHeight: Double, defaultFrame: Rect)
    /// "pop.trait_observer/1": the traits changed to `traits` → `done`.
    case traitsChanged(instance: UInt64, traits: DisplayTraits)
    /// → `done`; the instance is gone.
    case destroy(instance: UInt64)
    /// The plugin's `on_main_thread`, if it asked for it → `answer` (whether it was called).
    case deliverCallbacks
    /// A sheet's custom detent (`SheetDelegate.resolveDetent`) → `height`.
    case resolveDetent(instance: UInt64, detent: String, maximum: Double)
    /// What a sheet tells its controller loader (`SheetDelegate`) → `done`.
    case sheetEvent(instance: UInt64, event: SheetEvent)
    /// A page's event for its handler (`PageHandler`) → `done`.
    case pageEvent(instance: UInt64, event: PageEvent, animated: Bool)
    /// Advances the instance's clock to `to` (the parent chef's time), firing its `pop.timer/1`
    /// timers due by then → `done`.
    case advanceClock(instance: UInt64, to: VirtualTime)
    /// The component extensions an instance of component `id` offers (`ExtensionListing`), the
    /// instance made and destroyed for it → `extensions` or `failure`.
    case offeredExtensions(id: String)
}
