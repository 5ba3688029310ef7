import Testing

@testable import PopChef
@testable import PopIsolation
@testable import PopModel
@testable import PopProcess

/// The messages of `pophost-plugin-host/7` in their frames: the calls a popup's life makes most and
/// their answers compact, everything else JSON; either way read back as the same message, and a
/// frame that is not one refused.
@Suite struct MessageFrameTests {
    /// A message as its JSON form says it, to compare messages that are not `Equatable`.
    func json(_ message: some Encodable) throws -> String { try ValueEncoder().encode(message).json }

    /// The request with an action's fields left out (a dictionary's JSON has no fixed order).
    func withoutFields(_ request: HostRequest) -> HostRequest {
        guard case .perform(let instance, var tap) = request.call else { return request }
        tap.fields = [:]
        return HostRequest(serial: request.serial, call: .perform(instance: instance, tap: tap), traits: request.traits)
    }

    func fields(_ request: HostRequest) -> [String: String] {
        guard case .perform(_, let tap) = request.call else { return [:] }
        return tap.fields
    }

    static let compactCalls: [HostCall] = [
        .willPresent(instance: 1), .didPresent(instance: 2), .shouldDismiss(instance: 3, reason: .backgroundTap),
        .willDismiss(instance: 4, reason: .pluginTimeout), .didDismiss(instance: 5, reason: .swipe),
        .finished(instance: 6, event: .dismissed(.action)), .finished(instance: 6, event: .cancelled(.pluginCrashed)),
        .perform(
            instance: 300, tap: TapRequest(action: "confirm", request: 1 << 40, data: .known(2), fields: ["password": "a\nb", "pin": ""])),
        .perform(instance: 7, tap: TapRequest(action: "é", request: 7, data: .new(["order": "A-1", "amount": 12.5, "n": 3]), fields: [:])),
        .advanceClock(instance: 8, to: .milliseconds(250)), .deliverCallbacks, .destroy(instance: 9),
    ]

    @Test("the lifecycle calls, actions, timers, callbacks and destroy are compact and read back the same, traits or none")
    func compactRequests() throws {
        for call in Self.compactCalls {
            for traits in [nil, DisplayTraits(appearance: .dark, voiceOver: true)] {
                let request = HostRequest(serial: 1 << 33, call: call, traits: traits)
                let frame = try #require(request.frame())
                let written = try json(request)
                #expect(frame.first == MessageFrame.compact, "\(written)")
                let read = try #require(HostRequest.read(frame))
                #expect(try json(withoutFields(read)) == json(withoutFields(request)))
                #expect(fields(read) == fields(request))
            }
        }
    }

    @Test("other calls go as JSON and read back the same")
    func jsonRequests() throws {
        for call: HostCall in [
            .create(kind: .handler, id: "com.x.handler", now: .milliseconds(5)),
            .shouldPresent(instance: 1, data: .new(["a": 1]), completion: 3), .offeredExtensions(id: "x"),
        ] {
            let request = HostRequest(serial: 4, call: call, traits: nil)
            let frame = try #require(request.frame())
            #expect(frame.first == UInt8(ascii: "{"))
            #expect(try json(#require(HostRequest.read(frame))) == json(request))
        }
    }

    @Test("answers with completions, callbacks and timers are compact; a log message or content makes the message JSON")
    func messages() throws {
        let compact = [
            ChildMessage(serial: 9, events: [], reply: .answer(false)),
            ChildMessage(serial: 10, events: [.completed(completion: 4, value: true), .callbackRequested], reply: .done),
            ChildMessage(
                serial: 11, events: [.timerDue(instance: 2, at: .milliseconds(250)), .timerDue(instance: 3, at: nil)],
                reply: .outcome(dismisses: true)),
            ChildMessage(serial: nil, events: [.completed(completion: 1, value: false)], reply: nil),
        ]
        let other = [
            ChildMessage(serial: 12, events: [.misbehaved(instance: 1, message: "late")], reply: .done),
            ChildMessage(serial: 13, events: [], reply: .content(ContentNode(.vstack(spacing: 4, alignment: .leading, children: [])))),
            ChildMessage(serial: nil, events: [], reply: nil, question: .controlSheet(instance: 1, control: .selectDetent("large"))),
        ]
        for (message, isCompact) in compact.map({ ($0, true) }) + other.map({ ($0, false) }) {
            let frame = try #require(message.frame())
            let written = try json(message)
            #expect((frame.first == MessageFrame.compact) == isCompact, "\(written)")
            #expect(try json(#require(ChildMessage.read(frame))) == json(message))
        }
    }

    @Test("a frame that is not a message is refused: cut short, with bytes left over, an unknown call or reason, not JSON")
    func refused() throws {
        let frame = try #require(HostRequest(serial: 1, call: .shouldDismiss(instance: 3, reason: .swipe), traits: nil).frame())
        for bad in [
            Array(frame.dropLast()), frame + [0], [MessageFrame.compact, 1, 0, 99, 1], [MessageFrame.compact, 1, 0, 3, 1, 120], [],
            Array("hi".utf8),
        ] {
            #expect(HostRequest.read(bad) == nil, "\(bad)")
        }
        let answer = try #require(ChildMessage(serial: 1, events: [], reply: .answer(true)).frame())
        for bad in [Array(answer.dropLast()), answer + [1], [MessageFrame.compact, 1, 1, 200, 0], [MessageFrame.compact, 0, 0, 2, 7]] {
            #expect(ChildMessage.read(bad) == nil, "\(bad)")
        }
    }

    @Test("the floor's sample exchanges are the frames the two sides write, length first")
    func samples() throws {
        for (request, answer) in [WireSample.shouldDismiss, WireSample.action] {
            var channel = ChannelLines()
            (request + answer).withUnsafeBytes { channel.append($0) }
            guard case .bytes(let requestFrame)? = channel.nextFrame(), case .bytes(let answerFrame)? = channel.nextFrame() else {
                Issue.record("not two frames")
                return
            }
            #expect(HostRequest.read(requestFrame) != nil && ChildMessage.read(answerFrame) != nil)
            #expect(requestFrame.first == MessageFrame.compact && answerFrame.first == MessageFrame.compact)
        }
        #expect(WireSample.shouldDismiss.request.count < 16)
    }
}
