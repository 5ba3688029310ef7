import PopChef
import PopLoader
import PopModel

/// What a plugin host writes on its channel: the answer to a call (`serial` set, `reply` given), or
/// a notice between calls (neither). Either way `events` lists what happened in the child since its
/// last message, in order.
struct ChildMessage: Codable {
    var serial: UInt64?
    var events: [ChildEvent]
    var reply: ChildReply?
    /// A question the plugin waits on during a call (never with a reply): the parent answers it
    /// with a `QuestionAnswer` line, then goes on waiting for the call's reply.
    var question: ChildQuestion? = nil
}

/// Something that happened in a plugin host that the parent must act on.
enum ChildEvent: Codable, Equatable, Sendable {
    /// The plugin called the completion `completion` (should_present's answer: `value`; an
    /// animation's end: `value` is meaningless). Every call is passed on, repeats included: the
    /// parent's `Completion` tells them apart, as it does for a plugin in its own process.
    case completed(completion: UInt64, value: Bool)
    /// The plugin asked for `on_main_thread` (`request_callback`).
    case callbackRequested
    /// A log message of the plugin (`pop.log/1`) or of the bridge serving it.
    case log(LogRecord)
    /// The earliest `pop.timer/1` timer of instance `instance` is now due at `at` on the parent
    /// chef's clock (nil: none is pending); the parent calls `advanceClock` then.
    case timerDue(instance: UInt64, at: VirtualTime?)
    /// Instance `instance` broke its contract (a timer scheduled off the main thread…); the parent
    /// reports it against the instance's request.
    case misbehaved(instance: UInt64, message: String)
}

/// The answer to one `HostCall` (see each call for its answer).
enum ChildReply: Codable {
    /// The plugin is open and initialised (call 0, before any request).
    case ready(PluginInfo)
    /// The call has nothing to return.
    case done
    case created(instance: UInt64, traits: ComponentTraits)
    case options(RequestOptions)
    case answer(Bool)
    case outcome(dismisses: Bool)
    case content(ContentNode)
    /// A page's rows on demand, or nil for none.
    case rowLayout(RowLayout?)
    case presentation(Presentation)
    /// A reformer's data; a nil side passes the request's data through.
    case reformed(view: ReformedData?, controller: ReformedData?)
    case animation(AnimationResult)
    /// The layout hook's frame, or nil for the default one.
    case frame(ExactRect?)
    /// A custom detent's height, or nil when it is inactive.
    case height(ExactNumber?)
    /// The component extensions an instance offers.
    case extensions([String])
    /// The call failed as the component protocols say (a component that cannot be made, a build
    /// that declined…), or the plugin cannot be opened (call 0).
    case failure(WireFailure)
}

/// A reformer's data for one side: a value, which may be null (unlike an absent side, which means
/// the request's data passes through).
struct ReformedData: Codable {
    var value: Value
}
