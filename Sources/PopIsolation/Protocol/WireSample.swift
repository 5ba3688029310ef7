import PopModel
import PopProcess

/// The bytes an isolated call and its answer put on a plugin host's channel, frames and lengths
/// included, as the two sides write them: what pophost-bench's floor (two C processes and a socket
/// pair) sends, so that the floor carries exactly the messages of the calls it is compared with.
package enum WireSample {
    /// What the parent sends and what the plugin host answers.
    package typealias Exchange = (request: [UInt8], answer: [UInt8])

    /// `should_dismiss(background-tap)` of handler instance 1, vetoed, events none.
    package static let shouldDismiss = exchange(.shouldDismiss(instance: 1, reason: .backgroundTap), .answer(false))

    /// The action `forgot` of handler instance 1 for request 7 over the data it was sent before, no
    /// fields; it keeps the popup.
    package static let action = exchange(
        .perform(instance: 1, tap: TapRequest(action: "forgot", request: 7, data: .known(0), fields: [:])), .outcome(dismisses: false))

    /// A call's frames, with a serial of the size a benchmark's calls reach.
    private static func exchange(_ call: HostCall, _ reply: ChildReply) -> Exchange {
        let serial: UInt64 = 20_000
        return (
            ChannelLines.frame(HostRequest(serial: serial, call: call, traits: nil).frame() ?? []),
            ChannelLines.frame(ChildMessage(serial: serial, events: [], reply: reply).frame() ?? [])
        )
    }
}
