import Testing

@testable import PopModel

/// `ValueEncoder` and `ValueDecoder`: Codable types to and from `Value`, the one JSON writer's input.
@Suite struct ValueCodingTests {
    struct Sample: Codable, Equatable {
        enum Shape: Codable, Equatable {
            case dot
            case box(width: Double, height: Double)
            case named(String)
        }

        var id: String
        var count: UInt32
        var big: Int64
        var ratio: Double
        var flag: Bool
        var note: String?
        var tags: [String]
        var shapes: [Shape]
        var nested: [String: Int]
    }

    static let sample = Sample(
        id: "a", count: 3, big: -1 << 60, ratio: 0.5, flag: true, note: nil, tags: ["x", "y"],
        shapes: [.dot, .box(width: 2, height: 1.5), .named("n")], nested: ["k": 1])

    @Test("a round trip through Value and JSON text gives the value back")
    func roundTrip() throws {
        let value = try ValueEncoder().encode(Self.sample)
        #expect(try ValueDecoder().decode(Sample.self, from: value) == Self.sample)
        #expect(try ValueDecoder().decode(Sample.self, json: value.json.utf8) == Self.sample)
        #expect(try ValueDecoder().decode(Sample.self, json: value.indentedJSON.utf8) == Self.sample)
    }

    @Test("keys keep the type's order, nil is left out, integers stay integers")
    func shape() throws {
        let value = try ValueEncoder().encode(Self.sample)
        guard case .object(let object) = value else { Issue.record("not an object"); return }
        #expect(object.keys == ["id", "count", "big", "ratio", "flag", "tags", "shapes", "nested"])
        #expect(value["count"] == .int(3))
        #expect(value["big"] == .int(-1 << 60))
        #expect(value.lookup(path: "shapes.1.box.height") == .double(1.5))
    }

    @Test("numbers convert only without loss; a missing key and a wrong type are errors")
    func conversions() throws {
        #expect(try ValueDecoder().decode(Double.self, from: .int(2)) == 2)
        #expect(try ValueDecoder().decode(UInt8.self, from: .double(7)) == 7)
        #expect(throws: DecodingError.self) { try ValueDecoder().decode(UInt8.self, from: .int(300)) }
        #expect(throws: DecodingError.self) { try ValueDecoder().decode(Int.self, from: .double(1.5)) }
        #expect(throws: DecodingError.self) { try ValueDecoder().decode(Sample.self, from: ["id": "a"]) }
        #expect(throws: DecodingError.self) { try ValueDecoder().decode(String.self, from: .bool(true)) }
        #expect(throws: EncodingError.self) { try ValueEncoder().encode(UInt64.max) }
    }

    @Test("indented JSON: one member or element a line, two spaces a level; empty containers stay on their line")
    func indented() {
        let value: Value = ["a": [1, 2], "b": [:], "c": []]
        #expect(value.indentedJSON == "{\n  \"a\": [\n    1,\n    2\n  ],\n  \"b\": {},\n  \"c\": []\n}")
    }

    /// A member that is a `Value` (a request's data on the plugin host's protocol).
    struct Carrier: Codable, Equatable {
        var data: Value
        var time: VirtualTime
    }

    @Test("a Value member passes through as it is: integers and doubles apart, null kept, members in order")
    func valueMembers() throws {
        let data: Value = ["b": 1, "a": 1.0, "n": nil, "list": [2, 2.5, "x", true], "nested": ["z": [:], "y": []]]
        let carrier = Carrier(data: data, time: .milliseconds(1500))
        let value = try ValueEncoder().encode(carrier)
        #expect(value["data"] == data)
        #expect(value["time"] == .int(1_500_000))
        #expect(value.json == #"{"data":{"b":1,"a":1.0,"n":null,"list":[2,2.5,"x",true],"nested":{"z":{},"y":[]}},"time":1500000}"#)
        let back = try ValueDecoder().decode(Carrier.self, json: value.json.utf8)
        #expect(back == carrier)
        #expect(try ValueDecoder().decode(Carrier.self, json: #"{"data":null,"time":0}"#.utf8).data == .null)
    }

    @Test("the model types the plugin host's protocol carries read back the same")
    func modelTypes() throws {
        var presentation = Presentation.named["cspop-default"] ?? Presentation()
        presentation.offsetY = 0.1 + 0.2
        #expect(try ValueDecoder().decode(Presentation.self, json: ValueEncoder().encode(presentation).json.utf8) == presentation)
        let keyframe = Keyframe(
            start: .seconds(1.25), duration: .seconds(0.3), curve: .spring,
            target: VisualState(frame: Rect(x: 1, y: 2.5, width: 3, height: 4), alpha: 0.7, scale: 1.1, rotation: -0.2, dimAlpha: 0.35))
        #expect(try ValueDecoder().decode(Keyframe.self, json: ValueEncoder().encode(keyframe).json.utf8) == keyframe)
        var options = RequestOptions()
        options.timeToLive = .seconds(2)
        options.dedupeKey = "k"
        options.priority = .high
        #expect(try ValueDecoder().decode(RequestOptions.self, json: ValueEncoder().encode(options).json.utf8) == options)
        for event in [FinalEvent.dismissed(.pluginCrashed), .cancelled(.pluginTimeout)] {
            #expect(try ValueDecoder().decode(FinalEvent.self, json: ValueEncoder().encode(event).json.utf8) == event)
        }
    }
}
